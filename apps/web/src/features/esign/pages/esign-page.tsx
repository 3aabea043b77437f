import { FileSignature, LayoutTemplate } from 'lucide-react';
import { useState } from 'react';
import { ENVELOPE_STATUS_LABELS, ENVELOPE_STATUSES, type EnvelopeSummary, SIGNING_ORDER_LABELS } from '@sede/shared/esign/schemas';
import { count, day, dateTime } from '@sede/shared/format';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList } from '../../../components/ui/data-list.tsx';
import { FilterBar, optionsOf } from '../../../components/ui/filter-bar.tsx';
import { RecordLink } from '../../../components/ui/record-link.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useUrlParams } from '../../../lib/url-params.ts';
import { esignKeys } from '../api/keys.ts';
import { useEnvelopes } from '../api/list-envelopes.ts';
import { NewEnvelopeDialog } from '../components/new-envelope-dialog.tsx';
import { EnvelopeStatusBadge } from '../components/status-badge.tsx';
import { TemplatesList } from '../components/templates-list.tsx';
import { UseTemplateDialog } from '../components/use-template-dialog.tsx';

const columns: DataColumn<EnvelopeSummary>[] = [
  { id: 'title', header: 'Documento', card: 'title', cell: (e) => <RecordLink to={`/juridico/assinaturas/${e.id}`}>{e.title}</RecordLink> },
  { id: 'signers', header: 'Assinaturas', card: 'subtitle', cell: (e) => `${count(e.signersDone)} de ${count(e.signersTotal)} · ${SIGNING_ORDER_LABELS[e.signingOrder].toLowerCase()}` },
  { id: 'sent', header: 'Enviado em', cell: (e) => (e.sentAt ? dateTime(e.sentAt) : '—') },
  { id: 'expires', header: 'Expira em', cell: (e) => day(e.expiresOn) },
  { id: 'status', header: 'Situação', card: 'badge', cell: (e) => <EnvelopeStatusBadge status={e.status} sealingFailed={e.sealingFailed} /> },
];

/** /juridico/assinaturas: the envelopes and, in 'Modelos', the templates they can start from (decision 0620). */
export default function EsignPage() {
  const { membership } = useAuth();
  const canWrite = can(grantsFor(membership), 'legal.write');
  return (
    <Tabs
      label="Assinaturas"
      resets="all"
      tabs={[
        { value: 'envelopes', label: 'Envelopes', content: <Envelopes canWrite={canWrite} /> },
        { value: 'modelos', label: 'Modelos', content: <TemplatesList canWrite={canWrite} /> },
      ]}
    />
  );
}

/** The company's envelopes, live, with their filters in the URL, 'Novo envelope' and 'A partir de modelo'. */
function Envelopes({ canWrite }: { canWrite: boolean }) {
  const [params] = useUrlParams();
  const [creating, setCreating] = useState(false);
  const [fromTemplate, setFromTemplate] = useState(false);
  const q = params.get('q') ?? undefined;
  const status = params.get('situacao') ?? undefined;
  const query = useEnvelopes(status, q);
  useLiveInvalidate('signature_envelope', esignKeys.envelopes);
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Envie PDFs para assinatura eletrônica: cada signatário confirma a identidade por um código no e-mail e assina pelo celular. O PDF final sai com o certificado de conclusão e selado digitalmente.
        </p>
        <div className="flex flex-wrap gap-2">
          {canWrite && (
            <Button variant="secondary" onClick={() => setFromTemplate(true)}>
              <LayoutTemplate aria-hidden /> A partir de modelo
            </Button>
          )}
          <AddButton onClick={() => setCreating(true)}>Novo envelope</AddButton>
        </div>
      </div>
      <FilterBar
        label="Filtros de envelopes"
        className="sm:grid-cols-[1fr_auto]"
        search={{ label: 'Buscar pelo título' }}
        selects={[{ key: 'situacao', label: 'Situação', all: 'Todas as situações', options: optionsOf(ENVELOPE_STATUSES, ENVELOPE_STATUS_LABELS) }]}
      />
      <DataList
        label="Envelopes"
        rows={query.data?.envelopes ?? []}
        columns={columns}
        query={query}
        filtered={Boolean(q || status)}
        rowTestId="envelope-row"
        states={{
          icon: FileSignature,
          loading: 'Carregando envelopes…',
          failed: 'Não foi possível carregar os envelopes',
          noMatch: { title: 'Nenhum envelope com estes filtros', description: 'Mude a busca ou a situação para ver outros envelopes.' },
          empty: {
            title: 'Nenhum envelope enviado',
            description: 'Envie um contrato, uma proposta ou qualquer PDF para assinatura: você acompanha aqui quem já viu, quem assinou e recebe o PDF assinado.',
            action: <AddButton onClick={() => setCreating(true)}>Criar o primeiro envelope</AddButton>,
          },
        }}
      />
      {creating && <NewEnvelopeDialog open={creating} onOpenChange={setCreating} />}
      {fromTemplate && <UseTemplateDialog onClose={() => setFromTemplate(false)} />}
    </div>
  );
}
