import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { safeText } from '../text.ts';

/**
 * Outgoing webhooks (decisions 0650–0653): a company's endpoints, the events they receive, the
 * delivery log. Requests, answers and their words.
 */

/** The events a company can subscribe to, by group (the form's checkboxes), in the catalogue's order. */
export const WEBHOOK_EVENT_GROUPS = [
  {
    title: 'Contatos',
    events: [
      { type: 'contact.created', label: 'Contato criado' },
      { type: 'contact.updated', label: 'Contato alterado' },
    ],
  },
  {
    title: 'Negócios',
    events: [
      { type: 'deal.created', label: 'Negócio criado' },
      { type: 'deal.stage_changed', label: 'Negócio mudou de etapa' },
      { type: 'deal.won', label: 'Negócio ganho' },
      { type: 'deal.lost', label: 'Negócio perdido' },
      { type: 'quote.accepted', label: 'Orçamento aceito' },
    ],
  },
  {
    title: 'Financeiro',
    events: [
      { type: 'receivable.paid', label: 'Conta a receber paga' },
      { type: 'invoice.issued', label: 'Nota fiscal emitida' },
    ],
  },
  {
    title: 'Jurídico',
    events: [{ type: 'document.signed', label: 'Documento assinado' }],
  },
  {
    title: 'Atendimento e tarefas',
    events: [
      { type: 'conversation.created', label: 'Conversa iniciada' },
      { type: 'task.completed', label: 'Tarefa concluída' },
    ],
  },
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_GROUPS)[number]['events'][number]['type'];
const EVENTS: ReadonlyArray<{ type: WebhookEventType; label: string }> = WEBHOOK_EVENT_GROUPS.flatMap((g): ReadonlyArray<{ type: WebhookEventType; label: string }> => g.events);
export const WEBHOOK_EVENT_TYPES = EVENTS.map((e) => e.type);
/** The event 'Enviar teste' sends: to one endpoint, whatever it subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';
export const webhookEventLabel = (type: string) =>
  type === WEBHOOK_TEST_EVENT ? 'Teste' : (EVENTS.find((e) => e.type === type)?.label ?? type);

/** A delivery's state: waiting for its (next) attempt, being sent, delivered (2xx), failed for good, canceled (endpoint disabled). */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'canceled'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];
export const WEBHOOK_DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Aguardando',
  sending: 'Enviando',
  delivered: 'Entregue',
  failed: 'Falhou',
  canceled: 'Cancelada',
};

/** Why an endpoint is off: a member turned it off, or it failed every attempt for 3 days (decision 0652). */
export type WebhookDisabledReason = 'manual' | 'failing';

/** Where the endpoints are managed: Administração › Integrações, tab Webhooks (the admin's alert links here). */
export const WEBHOOKS_PAGE_PATH = '/admin/integracoes?aba=webhooks';

/** The most of an answer kept in the log (the rest is cut). */
export const WEBHOOK_RESPONSE_MAX_CHARS = 2048;
export const WEBHOOK_MAX_ENDPOINTS = 20;

export const WEBHOOK_MESSAGES = {
  endpointNotFound: 'Endpoint não encontrado.',
  deliveryNotFound: 'Entrega não encontrada.',
  url: 'Informe o endereço (URL) que vai receber os eventos, começando com https://.',
  urlHttps: 'Use um endereço https://. Endereços http:// só são aceitos para testes na própria máquina.',
  urlCredentials: 'O endereço não pode conter usuário e senha.',
  urlPrivate: 'Este endereço aponta para a rede interna e não pode receber eventos. Use um endereço público.',
  urlUnresolved: 'Não encontramos este endereço. Confira o domínio.',
  description: 'A descrição pode ter até 200 caracteres.',
  events: 'Escolha pelo menos um evento.',
  eventUnknown: 'Evento desconhecido.',
  tooMany: `Sua empresa pode ter até ${WEBHOOK_MAX_ENDPOINTS} endpoints.`,
  disabled: 'Este endpoint está desativado. Ative-o para enviar eventos.',
  alreadyQueued: 'Esta entrega já está na fila de envio.',
  cursor: 'Posição da lista inválida.',
} as const;

const M = WEBHOOK_MESSAGES;

const urlField = safeText({ error: M.url })
  .trim()
  .min(1, M.url)
  .max(500, M.url)
  .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol), { message: M.url });

const eventsField = z
  .array(z.enum(WEBHOOK_EVENT_TYPES as [WebhookEventType, ...WebhookEventType[]], { error: M.eventUnknown }), { error: M.events })
  .min(1, M.events)
  .max(WEBHOOK_EVENT_TYPES.length, M.events)
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((t) => list.includes(t)));

const descriptionField = safeText({ error: M.description }).trim().max(200, M.description);

export const webhookEndpointCreateSchema = z.object({
  url: urlField,
  description: descriptionField.default(''),
  events: eventsField,
});
export type WebhookEndpointCreate = z.input<typeof webhookEndpointCreateSchema>;

export const webhookEndpointUpdateSchema = patchBody(
  z.object({
    url: urlField.optional(),
    description: descriptionField.optional(),
    events: eventsField.optional(),
    enabled: z.boolean({ error: 'Informe se o endpoint fica ativo.' }).optional(),
  }),
);
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.enum(['manual', 'failing']).nullable(),
  disabledAt: z.string().nullable(),
  /** The secret's first characters ('whsec_AbCd…'), to tell secrets apart; the whole one is shown only when made. */
  secretHint: z.string(),
  lastSuccessAt: z.string().nullable(),
  /** Since when every attempt has failed (null while the last one succeeded). */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ endpoints: z.array(webhookEndpointSchema) });

/** Creation and rotation: the secret in full, this once. */
export const webhookEndpointWithSecretSchema = z.object({ endpoint: webhookEndpointSchema, secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastDurationMs: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = z.object({ deliveries: z.array(webhookDeliverySchema), nextCursor: z.string().nullable() });
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveryQuerySchema = z.object({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES, { error: 'Situação inválida.' }).optional(),
  cursor: z.string({ error: M.cursor }).max(200, M.cursor).optional(),
  limit: z.coerce.number({ error: 'Limite inválido.' }).int('Limite inválido.').min(1, 'Limite inválido.').max(100, 'Limite inválido.').default(30),
});

export const webhookAttemptSchema = z.object({
  id: z.string(),
  attempt: z.number().int(),
  manual: z.boolean(),
  startedAt: z.string(),
  durationMs: z.number().int().nullable(),
  statusCode: z.number().int().nullable(),
  /** What went wrong without an answer (time limit, refused address…), in Portuguese. */
  error: z.string().nullable(),
  /** The answer's first characters (WEBHOOK_RESPONSE_MAX_CHARS). */
  responseBody: z.string().nullable(),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliveryDetailSchema = z.object({
  delivery: webhookDeliverySchema,
  /** The JSON body sent (the same on every attempt) and the `webhook-id` it carried. */
  requestBody: z.string(),
  webhookId: z.string(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDeliveryDetail = z.infer<typeof webhookDeliveryDetailSchema>;

export const webhookDeliveryAnswerSchema = z.object({ delivery: webhookDeliverySchema });
