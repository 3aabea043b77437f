import { Send } from 'lucide-react';
import { count, dateTime } from '@sede/shared/format';
import { webhookEventLabel, type WebhookDelivery, type WebhookDeliveryStatus } from '@sede/shared/platform/webhooks';
import { Button } from '../../../components/ui/button.tsx';
import { type DataColumn, DataList, listStates } from '../../../components/ui/data-list.tsx';
import { SegmentedControl } from '../../../components/ui/segmented-control.tsx';
import { patchParams, useUrlParams } from '../../../lib/url-params.ts';
import { useDeliveries } from '../api/deliveries.ts';
import { DeliveryDrawer } from './delivery-drawer.tsx';
import { DeliveryStatusBadge, HttpStatusBadge } from './status-badges.tsx';

const FILTERS: Array<['' | WebhookDeliveryStatus, string]> = [
  ['', 'Todas'],
  ['failed', 'Falharam'],
  ['delivered', 'Entregues'],
];

const columns = (open: (id: string) => void): DataColumn<WebhookDelivery>[] => [
  {
    id: 'event',
    header: 'Evento',
    card: 'title',
    cell: (d) => (
      <span className="grid">
        <span className="font-medium text-slate-900">{webhookEventLabel(d.eventType)}</span>
        <code className="text-xs text-slate-600">{d.eventType}</code>
      </span>
    ),
  },
  { id: 'status', header: 'Situação', card: 'badge', cell: (d) => <DeliveryStatusBadge status={d.status} /> },
  { id: 'code', header: 'Resposta', cell: (d) => (d.lastError && d.lastStatusCode === null ? <span className="text-red-800">{d.lastError}</span> : <HttpStatusBadge code={d.lastStatusCode} />) },
  { id: 'attempts', header: 'Tentativas', align: 'right', cell: (d) => count(d.attempts) },
  { id: 'duration', header: 'Duração', align: 'right', className: 'whitespace-nowrap', cell: (d) => (d.lastDurationMs === null ? '—' : `${count(d.lastDurationMs)} ms`) },
  { id: 'createdAt', header: 'Quando', card: 'subtitle', className: 'whitespace-nowrap', cell: (d) => dateTime(d.createdAt) },
  {
    id: 'open',
    header: 'Detalhes',
    headerHidden: true,
    card: 'actions',
    cell: (d) => (
      <Button variant="secondary" size="sm" onClick={() => open(d.id)} aria-label={`Ver detalhes da entrega de ${webhookEventLabel(d.eventType)}`}>
        Detalhes
      </Button>
    ),
  },
];

/** An endpoint's delivery log (decision 0652): newest first, by status, 30 at a time; a delivery opens in a drawer. */
export function DeliveryLog({ endpointId, onTest }: { endpointId: string; onTest?: () => void }) {
  const [params, setParams] = useUrlParams();
  const status = (params.get('situacao') ?? '') as '' | WebhookDeliveryStatus;
  const opened = params.get('entrega');
  const query = useDeliveries(endpointId, status || undefined);
  const rows = query.data?.pages.flatMap((p) => p.deliveries) ?? [];
  const open = (id: string | undefined) => setParams(patchParams({ entrega: id }));
  return (
    <section className="grid min-w-0 gap-3" aria-label="Registro de entregas">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">Registro de entregas</h3>
        <div className="w-full sm:w-80">
          <SegmentedControl label="Situação das entregas" options={FILTERS} value={status} onChange={(v) => setParams(patchParams({ situacao: v || undefined }), { replace: true })} />
        </div>
      </div>
      <DataList
        label="Entregas do endpoint"
        rows={rows}
        columns={columns((id) => open(id))}
        query={query}
        paging={query}
        total={query.hasNextPage ? null : rows.length}
        countLabel={(n) => (n === 1 ? '1 entrega' : `${count(n)} entregas`)}
        filtered={Boolean(status)}
        current={(d) => d.id === opened}
        rowTestId="webhook-delivery-row"
        states={listStates(
          Send,
          'as entregas',
          {
            title: 'Nenhuma entrega ainda',
            description: 'Cada evento enviado a este endpoint aparece aqui, com a resposta, a duração e as tentativas. Envie um teste para conferir.',
            action: onTest ? <Button onClick={onTest}>Enviar teste</Button> : undefined,
          },
          { title: 'Nenhuma entrega nesta situação', description: 'Escolha "Todas" para ver as outras.' },
        )}
      />
      <DeliveryDrawer deliveryId={opened} endpointId={endpointId} onClose={() => open(undefined)} />
    </section>
  );
}
