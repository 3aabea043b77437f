import { RotateCw } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { type EnvelopeView, FINISHED_STATUSES, SIGNER_ROLE_LABELS } from '@sede/shared/esign/schemas';
import { cpf, dateTime } from '@sede/shared/format';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { resendLink } from '../api/envelope-actions.ts';
import { SignerStatusBadge } from './status-badge.tsx';

/** Who signs, in order, with where each one is; 'Reenviar link' for whoever is due (a new link replaces the old). */
export function EnvelopeSigners({ envelope, canWrite, onChanged }: { envelope: EnvelopeView; canWrite: boolean; onChanged: () => void }) {
  const resend = useSubmit(async (signerId: string) => {
    await resendLink(envelope.id, signerId);
    toast.success('Novo link enviado por e-mail.');
    onChanged();
  }, 'Não foi possível reenviar o link.');
  const open = envelope.status !== 'rascunho' && !FINISHED_STATUSES.includes(envelope.status);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Signatários</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {resend.error && <p role="alert" className="text-sm text-red-700">{resend.error}</p>}
        <ol className="grid gap-3">
          {envelope.signers.map((s) => (
            <li key={s.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-slate-200 p-3" data-testid="signer">
              <div className="grid min-w-0 gap-0.5 text-sm">
                <span className="font-medium text-slate-900">
                  {s.position}. {s.name} <span className="font-normal text-slate-600">· {SIGNER_ROLE_LABELS[s.role]}</span>
                </span>
                <span className="text-slate-600">
                  <span className="break-all">{s.email}</span>
                  {s.cpf && <span className="whitespace-nowrap">{` · CPF ${cpf(s.cpf)}`}</span>}
                </span>
                {s.signedAt && <span className="text-xs text-slate-600">{`${s.role === 'aprovar' ? 'Aprovou' : 'Assinou'} em ${dateTime(s.signedAt)}`}</span>}
                {s.refusalReason && <span className="text-xs text-red-700">{`Recusou: ${s.refusalReason}`}</span>}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                {s.role !== 'receber_copia' && <SignerStatusBadge status={s.status} />}
                {canWrite && open && ['enviado', 'visualizado'].includes(s.status) && (
                  <Button variant="secondary" size="sm" pending={resend.pending} onClick={() => void resend.submit(s.id)}>
                    <RotateCw aria-hidden /> Reenviar link
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
