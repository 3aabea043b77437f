import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, Pencil, Power, Send, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import { dateTime } from '@sede/shared/format';
import { webhookEventLabel, type WebhookEndpoint } from '@sede/shared/platform/webhooks';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { deleteEndpoint, rotateSecret, sendTest, updateEndpoint, useEndpoint } from '../api/endpoints.ts';
import { webhookKeys } from '../api/keys.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { EndpointFormDialog } from './endpoint-form.tsx';
import { SecretDialog } from './secret-dialog.tsx';
import { EndpointStatusBadge } from './status-badges.tsx';

const failed = (e: unknown) => toast.error(e instanceof ApiError ? e.message : 'Não foi possível concluir agora. Tente de novo em instantes.');

/** The panel's address without the endpoint's own keys: the way back to the list. */
function useListLink(): string {
  const { pathname, search } = useLocation();
  const next = new URLSearchParams(search);
  for (const key of ['webhook', 'entrega', 'situacao']) next.delete(key);
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

function Actions({ endpoint, onEdit, onSecret, onTest, onDeleted }: { endpoint: WebhookEndpoint; onEdit: () => void; onSecret: (s: string) => void; onTest: () => void; onDeleted: () => void }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (name: string, work: () => Promise<void>) => {
    setBusy(name);
    try {
      await work();
    } catch (e) {
      failed(e);
    } finally {
      setBusy(null);
    }
  };
  const saved = (e: WebhookEndpoint) => {
    queryClient.setQueryData(webhookKeys.endpoint(e.id), e);
    void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
  };
  const toggle = () =>
    run('toggle', async () => {
      if (endpoint.enabled && !(await confirm.ask({ title: 'Desativar este endpoint?', description: 'Nenhum evento será enviado enquanto ele estiver desativado; as entregas que aguardam nova tentativa serão canceladas.', confirmLabel: 'Desativar' }))) return;
      saved(await updateEndpoint(endpoint.id, { enabled: !endpoint.enabled }));
      toast.success(endpoint.enabled ? 'Endpoint desativado.' : 'Endpoint ativado.');
    });
  const rotate = () =>
    run('secret', async () => {
      if (!(await confirm.ask({ title: 'Trocar o segredo?', description: 'Um novo segredo passa a assinar os eventos; o atual continua assinando junto por 24 horas.', confirmLabel: 'Trocar segredo' }))) return;
      const answer = await rotateSecret(endpoint.id);
      saved(answer.endpoint);
      onSecret(answer.secret);
    });
  const remove = () =>
    run('delete', async () => {
      if (!(await confirm.ask({ title: 'Excluir este endpoint?', description: 'O endereço deixa de receber eventos e o registro de entregas dele é apagado.', confirmLabel: 'Excluir', destructive: true }))) return;
      await deleteEndpoint(endpoint.id);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
      toast.success('Endpoint excluído.');
      onDeleted();
    });
  return (
    <>
      <Button size="sm" onClick={onTest} disabled={!endpoint.enabled} title={endpoint.enabled ? undefined : 'Ative o endpoint para enviar um teste.'}>
        <Send aria-hidden /> Enviar teste
      </Button>
      <Button size="sm" variant="secondary" onClick={onEdit}>
        <Pencil aria-hidden /> Editar
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void toggle()} pending={busy === 'toggle'}>
        <Power aria-hidden /> {endpoint.enabled ? 'Desativar' : 'Ativar'}
      </Button>
      <Button size="sm" variant="secondary" onClick={() => void rotate()} pending={busy === 'secret'}>
        <KeyRound aria-hidden /> Trocar segredo
      </Button>
      <Button size="sm" variant="ghost" onClick={() => void remove()} pending={busy === 'delete'} aria-label="Excluir endpoint">
        <Trash2 aria-hidden />
      </Button>
      {confirm.dialog}
    </>
  );
}

/** One endpoint: what it receives, its state, its actions and its delivery log. */
export function EndpointDetail({ endpointId, onClose }: { endpointId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const back = useListLink();
  const query = useEndpoint(endpointId);
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (query.isPending) return <Spinner label="Carregando o endpoint…" />;
  if (query.isError)
    return (
      <div className="grid gap-3">
        <DetailHeader back={{ to: back, label: 'Webhooks' }} title="Endpoint" />
        <p role="alert" className="text-sm text-red-700">
          {query.error instanceof ApiError ? query.error.message : 'Não foi possível carregar o endpoint.'}
        </p>
      </div>
    );
  const endpoint = query.data;
  const test = async () => {
    try {
      await sendTest(endpoint.id);
      toast.success('Evento de teste enviado. Acompanhe no registro de entregas.');
      void queryClient.invalidateQueries({ queryKey: webhookKeys.endpointDeliveries(endpoint.id) });
    } catch (e) {
      failed(e);
    }
  };
  return (
    <div className="grid min-w-0 gap-5">
      <DetailHeader
        back={{ to: back, label: 'Webhooks' }}
        title={<span className="break-all font-mono text-lg">{endpoint.url}</span>}
        badges={<EndpointStatusBadge endpoint={endpoint} />}
        subtitle={endpoint.description || undefined}
        actions={<Actions endpoint={endpoint} onEdit={() => setEditing(true)} onSecret={setSecret} onTest={() => void test()} onDeleted={onClose} />}
      />
      {endpoint.disabledReason === 'failing' && (
        <p role="status" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          Desativado em {dateTime(endpoint.disabledAt)}: o endereço recusou todas as tentativas por 3 dias. Corrija o seu sistema, ative o endpoint e reenvie as entregas que falharam.
        </p>
      )}
      <div className="rounded-xl border border-slate-200 bg-white p-4">
        <DefinitionList
          items={[
            {
              label: 'Eventos',
              value: (
                <ul className="flex flex-wrap gap-1.5">
                  {endpoint.events.map((t) => (
                    <li key={t} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-800" title={t}>
                      {webhookEventLabel(t)}
                    </li>
                  ))}
                </ul>
              ),
            },
            { label: 'Segredo', value: <code className="text-xs">{endpoint.secretHint}</code> },
            { label: 'Última entrega aceita', value: dateTime(endpoint.lastSuccessAt) },
            ...(endpoint.failingSince ? [{ label: 'Falhando desde', value: <span className="text-red-800">{dateTime(endpoint.failingSince)}</span> }] : []),
            { label: 'Criado em', value: dateTime(endpoint.createdAt) },
          ]}
        />
      </div>
      <DeliveryLog endpointId={endpoint.id} onTest={endpoint.enabled ? () => void test() : undefined} />
      {editing && (
        <EndpointFormDialog
          open
          endpoint={endpoint}
          onClose={() => setEditing(false)}
          onSubmit={async (values) => {
            const saved = await updateEndpoint(endpoint.id, { ...values, ...(values.url === endpoint.url ? { url: undefined } : {}) });
            queryClient.setQueryData(webhookKeys.endpoint(saved.id), saved);
            void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints });
            toast.success('Endpoint salvo.');
            setEditing(false);
          }}
        />
      )}
      <SecretDialog secret={secret} rotated onClose={() => setSecret(null)} />
    </div>
  );
}
