import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { count, dateTime } from '@sede/shared/format';
import { webhookEventLabel, type WebhookDeliveryDetail } from '@sede/shared/platform/webhooks';
import { Button } from '../../../components/ui/button.tsx';
import { DefinitionList } from '../../../components/ui/definition-list.tsx';
import { SideSheet } from '../../../components/ui/side-sheet.tsx';
import { DialogCloseButton } from '../../../components/ui/dialog-close-button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { resendDelivery, useDelivery } from '../api/deliveries.ts';
import { webhookKeys } from '../api/keys.ts';
import { DeliveryStatusBadge, HttpStatusBadge } from './status-badges.tsx';

const pretty = (body: string) => {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
};
const ms = (n: number | null) => (n === null ? '—' : `${count(n)} ms`);

function Code({ label, text }: { label: string; text: string }) {
  return (
    <div className="grid gap-1">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</p>
      <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-xs text-slate-900">{text || '(vazio)'}</pre>
    </div>
  );
}

function Body({ detail, onResent }: { detail: WebhookDeliveryDetail; onResent: () => void }) {
  const { delivery: d } = detail;
  const [pending, setPending] = useState(false);
  const resend = async () => {
    setPending(true);
    try {
      await resendDelivery(d.id);
      toast.success('Reenvio na fila.');
      onResent();
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível reenviar agora.');
    } finally {
      setPending(false);
    }
  };
  const waiting = d.status === 'pending' || d.status === 'sending';
  return (
    <div className="grid gap-5 p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="grid gap-1">
          <DialogPrimitive.Title className="text-lg font-semibold text-slate-900">{webhookEventLabel(d.eventType)}</DialogPrimitive.Title>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <code>{d.eventType}</code> <DeliveryStatusBadge status={d.status} />
          </p>
        </div>
        <DialogCloseButton />
      </div>
      <DefinitionList
        items={[
          { label: 'webhook-id', value: <code className="text-xs">{detail.webhookId}</code> },
          { label: 'Criada em', value: dateTime(d.createdAt) },
          { label: 'Tentativas', value: count(d.attempts) },
          ...(d.deliveredAt ? [{ label: 'Entregue em', value: dateTime(d.deliveredAt) }] : []),
          ...(d.nextAttemptAt ? [{ label: 'Próxima tentativa', value: dateTime(d.nextAttemptAt) }] : []),
        ]}
      />
      {!waiting && (
        <Button variant="secondary" className="justify-self-start" onClick={() => void resend()} pending={pending}>
          <RotateCcw aria-hidden /> Reenviar
        </Button>
      )}
      <Code label="Corpo enviado (JSON)" text={pretty(detail.requestBody)} />
      <section className="grid gap-3" aria-label="Tentativas">
        <h3 className="text-sm font-semibold text-slate-900">Tentativas</h3>
        {detail.attempts.length === 0 && <p className="text-sm text-slate-600">Nenhuma tentativa ainda.</p>}
        <ol className="grid gap-3">
          {detail.attempts.map((a) => (
            <li key={a.id} className="grid gap-2 rounded-lg border border-slate-200 p-3" data-testid="webhook-attempt">
              <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
                <span className="font-medium">
                  {a.attempt}ª tentativa{a.manual ? ' (manual)' : ''}
                </span>
                <HttpStatusBadge code={a.statusCode} />
                <span className="text-slate-600">
                  {dateTime(a.startedAt)} · {ms(a.durationMs)}
                </span>
              </p>
              {a.error && <p className="text-sm text-red-800">{a.error}</p>}
              {a.responseBody !== null && <Code label="Resposta (início)" text={a.responseBody} />}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** A delivery's detail beside the log (a side sheet; full screen on phones): the body, every attempt, 'Reenviar'. */
export function DeliveryDrawer({ deliveryId, endpointId, onClose }: { deliveryId: string | null; endpointId: string; onClose: () => void }) {
  return (
    <SideSheet open={Boolean(deliveryId)} onClose={onClose} testId="webhook-delivery-drawer" title="Entrega">
      {deliveryId && <DrawerBody deliveryId={deliveryId} endpointId={endpointId} />}
    </SideSheet>
  );
}

function DrawerBody({ deliveryId, endpointId }: { deliveryId: string; endpointId: string }) {
  const queryClient = useQueryClient();
  const detail = useDelivery(deliveryId);
  if (detail.isPending)
    return (
      <div className="p-5">
        <DialogPrimitive.Title className="sr-only">Entrega</DialogPrimitive.Title>
        <Spinner label="Carregando a entrega…" />
      </div>
    );
  if (detail.isError)
    return (
      <div className="grid gap-3 p-5">
        <DialogPrimitive.Title className="text-lg font-semibold">Entrega</DialogPrimitive.Title>
        <p role="alert" className="text-sm text-red-700">
          {detail.error instanceof ApiError ? detail.error.message : 'Não foi possível carregar a entrega.'}
        </p>
      </div>
    );
  return (
    <Body
      detail={detail.data}
      onResent={() => {
        void queryClient.invalidateQueries({ queryKey: webhookKeys.delivery(deliveryId) });
        void queryClient.invalidateQueries({ queryKey: webhookKeys.endpointDeliveries(endpointId) });
      }}
    />
  );
}
