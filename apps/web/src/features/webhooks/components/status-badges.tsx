import { WEBHOOK_DELIVERY_STATUS_LABELS, type WebhookDeliveryStatus, type WebhookEndpoint } from '@sede/shared/platform/webhooks';
import { Badge } from '../../../components/ui/badge.tsx';

const DELIVERY_TONES: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-100 text-amber-900',
  sending: 'bg-sky-100 text-sky-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
  canceled: 'bg-slate-100 text-slate-700',
};

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return <Badge tone={DELIVERY_TONES[status]}>{WEBHOOK_DELIVERY_STATUS_LABELS[status]}</Badge>;
}

/** An answer's HTTP status: green for 2xx, red otherwise; '—' when there was no answer. */
export function HttpStatusBadge({ code }: { code: number | null }) {
  if (code === null) return <span className="text-slate-600">—</span>;
  return <Badge tone={code >= 200 && code < 300 ? 'bg-emerald-50 text-emerald-900 font-mono' : 'bg-red-50 text-red-900 font-mono'}>{code}</Badge>;
}

export function EndpointStatusBadge({ endpoint }: { endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabledReason' | 'failingSince'> }) {
  if (!endpoint.enabled)
    return endpoint.disabledReason === 'failing' ? <Badge tone="bg-red-100 text-red-900">Desativado por falhas</Badge> : <Badge tone="bg-slate-100 text-slate-700">Desativado</Badge>;
  if (endpoint.failingSince) return <Badge tone="bg-amber-100 text-amber-900">Ativo, com falhas</Badge>;
  return <Badge tone="bg-emerald-100 text-emerald-900">Ativo</Badge>;
}
