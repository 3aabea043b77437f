import { useQueryClient } from '@tanstack/react-query';
import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { count, dateTime } from '@sede/shared/format';
import type { WebhookEndpoint } from '@sede/shared/platform/webhooks';
import { AddButton } from '../../../components/ui/add-button.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { patchParams, useUrlParams } from '../../../lib/url-params.ts';
import { createEndpoint, useEndpoints } from '../api/endpoints.ts';
import { webhookKeys } from '../api/keys.ts';
import { EndpointDetail } from './endpoint-detail.tsx';
import { EndpointFormDialog } from './endpoint-form.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { EndpointStatusBadge } from './status-badges.tsx';

const columns = (open: (id: string) => void): DataColumn<WebhookEndpoint>[] => [
  {
    id: 'url',
    header: 'Endereço',
    card: 'title',
    cell: (e) => (
      <button type="button" className="grid text-left hover:underline" onClick={() => open(e.id)}>
        <span className="break-all font-mono text-sm text-slate-900">{e.url}</span>
        {e.description && <span className="text-xs text-slate-600">{e.description}</span>}
      </button>
    ),
  },
  { id: 'status', header: 'Situação', card: 'badge', cell: (e) => <EndpointStatusBadge endpoint={e} /> },
  { id: 'events', header: 'Eventos', cell: (e) => (e.events.length === 1 ? '1 evento' : `${count(e.events.length)} eventos`) },
  { id: 'lastSuccessAt', header: 'Última entrega aceita', className: 'whitespace-nowrap', cell: (e) => dateTime(e.lastSuccessAt) },
  {
    id: 'open',
    header: 'Abrir',
    headerHidden: true,
    card: 'actions',
    cell: (e) => (
      <Button size="sm" variant="secondary" onClick={() => open(e.id)} aria-label={`Abrir o endpoint ${e.url}`}>
        Abrir
      </Button>
    ),
  },
];

/** The company's endpoints and the form of a new one. */
function EndpointList({ open, onSecret }: { open: (id: string) => void; onSecret: (secret: string) => void }) {
  const queryClient = useQueryClient();
  const endpoints = useEndpoints();
  const [creating, setCreating] = useState(false);
  return (
    <div className="grid min-w-0 gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid max-w-2xl gap-1">
          <h2 className="text-lg font-semibold text-slate-900">Webhooks</h2>
          <p className="text-sm text-slate-600">
            Avise o seu sistema quando algo acontece na Sede: contato criado, negócio ganho, conta recebida, nota emitida… Cada evento vai num POST assinado (padrão Standard Webhooks), com novas tentativas por até 3 dias.
          </p>
        </div>
        <AddButton onClick={() => setCreating(true)}>Novo endpoint</AddButton>
      </div>
      <DataList
        label="Endpoints de webhook"
        rows={endpoints.data ?? []}
        columns={columns(open)}
        query={endpoints}
        total={endpoints.data?.length ?? null}
        countLabel={(n) => (n === 1 ? '1 endpoint' : `${count(n)} endpoints`)}
        rowTestId="webhook-endpoint-row"
        states={listStates(Webhook, 'os endpoints', {
          title: 'Nenhum endpoint cadastrado',
          description: 'Cadastre o endereço do seu sistema e escolha os eventos que ele deve receber. O segredo para verificar as assinaturas aparece uma única vez, ao criar.',
          action: <AddButton onClick={() => setCreating(true)}>Cadastrar o primeiro endpoint</AddButton>,
        })}
      />
      {creating && (
        <EndpointFormDialog
          open
          onClose={() => setCreating(false)}
          onSubmit={async (values) => {
            const created = await createEndpoint(values);
            void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
            setCreating(false);
            onSecret(created.secret);
            toast.success('Endpoint criado.');
            open(created.endpoint.id);
          }}
        />
      )}
    </div>
  );
}

/**
 * Administração › Integrações › Webhooks (decisions 0650–0653): the company's endpoints, each
 * opened with its delivery log (`?webhook=<id>` in the address, so a reload keeps it).
 */
export function WebhooksPanel() {
  const [params, setParams] = useUrlParams();
  const selected = params.get('webhook');
  const [secret, setSecret] = useState<string | null>(null);
  const open = (id: string | undefined) => setParams(patchParams({ webhook: id, entrega: undefined, situacao: undefined }));
  return (
    <>
      {selected ? <EndpointDetail endpointId={selected} onClose={() => open(undefined)} /> : <EndpointList open={(id) => open(id)} onSecret={setSecret} />}
      {/* The secret shown once stays open while the new endpoint's page replaces the list. */}
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
