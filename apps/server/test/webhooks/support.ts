import type { WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint, WebhookEndpointWithSecret } from '@sede/shared/platform/webhooks';
import { setWebhookTimings } from '../../src/modules/webhooks/timings.ts';
import { eventually } from '../support/eventually.ts';
import type { TestServer } from '../support/test-server.ts';
import { sql, type Person } from '../team/support.ts';

export type Res<T> = { status: number; body: T & { error?: string; code?: string } };

/** A call to /api/webhooks… as `who`. */
export async function hooksApi<T = unknown>(server: TestServer, path: string, who: Pick<Person, 'jar'>, init: { method?: string; json?: unknown } = {}): Promise<Res<T>> {
  const res = await server.request(`/api/webhooks${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who.jar });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Res<T>['body'] };
}

export async function createEndpoint(server: TestServer, who: Pick<Person, 'jar'>, input: { url: string; events: string[]; description?: string }): Promise<WebhookEndpointWithSecret> {
  const res = await hooksApi<WebhookEndpointWithSecret>(server, '/endpoints', who, { json: input });
  if (res.status !== 201) throw new Error(`create endpoint: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const deliveriesOf = async (server: TestServer, who: Pick<Person, 'jar'>, endpointId: string) =>
  (await hooksApi<{ deliveries: WebhookDelivery[] }>(server, `/endpoints/${endpointId}/deliveries?limit=100`, who)).body.deliveries;

export const deliveryDetail = async (server: TestServer, who: Pick<Person, 'jar'>, id: string) => (await hooksApi<WebhookDeliveryDetail>(server, `/deliveries/${id}`, who)).body;

export const endpointOf = async (server: TestServer, who: Pick<Person, 'jar'>, id: string) => (await hooksApi<WebhookEndpoint>(server, `/endpoints/${id}`, who)).body;

/** Waits until the delivery reaches one of `statuses` and returns it. */
export const deliveryReaches = (server: TestServer, who: Pick<Person, 'jar'>, id: string, statuses: string[]) =>
  eventually(
    async () => (await deliveryDetail(server, who, id)).delivery,
    (d) => statuses.includes(d?.status),
    { timeoutMs: 20_000 },
  );

/** Retries at once (the schedule's seam: the real one waits 5 s, 5 min… up to 3 days). */
export const fastRetries = (server: TestServer, retries: number, timeoutMs = 2_000) => setWebhookTimings(server.services, { retryDelaysMs: Array(retries).fill(0), timeoutMs });

/** The events the outbox recorded for the company, oldest first. */
export const outboxOf = (server: TestServer, companyId: string) => sql(server, 'SELECT id, type, data FROM webhook_outbox WHERE company_id = $1 ORDER BY occurred_at, id', [companyId]);
