import { ENVELOPE_STATUS_LABELS, type EnvelopeStatus, SIGNER_STATUS_LABELS, type SignerStatus } from '@sede/shared/esign/schemas';
import { Badge } from '../../../components/ui/badge.tsx';

const TONES: Record<EnvelopeStatus, string> = {
  rascunho: 'bg-slate-200 text-slate-800',
  enviado: 'bg-sky-100 text-sky-900',
  visualizado: 'bg-indigo-100 text-indigo-900',
  parcialmente_assinado: 'bg-amber-100 text-amber-900',
  finalizando: 'bg-teal-100 text-teal-900',
  assinado: 'bg-emerald-100 text-emerald-900',
  recusado: 'bg-red-100 text-red-900',
  expirado: 'bg-orange-100 text-orange-900',
  cancelado: 'bg-slate-200 text-slate-700',
};
const SIGNER_TONES: Record<SignerStatus, string> = {
  pendente: 'bg-slate-100 text-slate-700',
  enviado: 'bg-sky-100 text-sky-900',
  visualizado: 'bg-indigo-100 text-indigo-900',
  assinado: 'bg-emerald-100 text-emerald-900',
  recusado: 'bg-red-100 text-red-900',
};

/** The envelope's status; 'finalizando' whose seal failed reads as the failure it is (decision 0754). */
export const EnvelopeStatusBadge = ({ status, sealingFailed = false }: { status: EnvelopeStatus; sealingFailed?: boolean }) =>
  sealingFailed ? <Badge tone="bg-red-100 text-red-900">Falha ao finalizar</Badge> : <Badge tone={TONES[status]}>{ENVELOPE_STATUS_LABELS[status]}</Badge>;
export const SignerStatusBadge = ({ status }: { status: SignerStatus }) => <Badge tone={SIGNER_TONES[status]}>{SIGNER_STATUS_LABELS[status]}</Badge>;
