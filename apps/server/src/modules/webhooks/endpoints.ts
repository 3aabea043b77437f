import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { schema } from '@sede/db/client';
import {
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MESSAGES as M,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type webhookEndpointCreateSchema,
  type webhookEndpointUpdateSchema,
} from '@sede/shared/platform/webhooks';
import { conflict, updatedRow } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';
import { foundOr404 } from '../../platform/tenant.ts';
import { givenOf } from '../../platform/values.ts';
import type { Services, Tenant } from '../../services.ts';
import { requireEndpointUrl } from './send.ts';
import { newSecret, secretHint } from './signing.ts';
import { PREVIOUS_SECRET_MS } from './timings.ts';

const E = schema.webhookEndpoints;
export type EndpointRow = typeof E.$inferSelect;
export const ENDPOINT_ENTITY = 'webhook_endpoint';

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const toEndpointView = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  events: r.events,
  enabled: r.enabled,
  disabledReason: r.enabled ? null : r.disabledReason === 'failing' ? 'failing' : 'manual',
  disabledAt: iso(r.disabledAt),
  secretHint: r.secretHint,
  lastSuccessAt: iso(r.lastSuccessAt),
  failingSince: iso(r.failingSince),
  createdAt: r.createdAt.toISOString(),
});

/** The secrets that sign now: the current one, and the previous one during its grace after a rotation. */
export function signingSecrets(s: Services, r: Pick<EndpointRow, 'secretEncrypted' | 'previousSecretEncrypted' | 'previousSecretUntil'>, now: number): string[] {
  const current = decryptSecret(s, r.secretEncrypted);
  if (!r.previousSecretEncrypted || !r.previousSecretUntil || r.previousSecretUntil.getTime() <= now) return [current];
  return [current, decryptSecret(s, r.previousSecretEncrypted)];
}

export async function listEndpoints(t: Tenant): Promise<WebhookEndpoint[]> {
  const rows = await t.db.select().from(E).where(eq(E.companyId, t.companyId)).orderBy(asc(E.createdAt), asc(E.id));
  return rows.map(toEndpointView);
}

export const endpointRow = (t: Pick<Tenant, 'db' | 'companyId'>, id: string) =>
  foundOr404(id, M.endpointNotFound, () => t.db.select().from(E).where(and(eq(E.companyId, t.companyId), eq(E.id, id))));

export async function getEndpoint(t: Tenant, id: string): Promise<WebhookEndpoint> {
  return toEndpointView(await endpointRow(t, id));
}

/** A new endpoint, on, with a new secret shown this once (decision 0650). */
export async function createEndpoint(s: Services, t: Tenant, input: z.output<typeof webhookEndpointCreateSchema>): Promise<WebhookEndpointWithSecret> {
  const url = await requireEndpointUrl(s, input.url);
  const secret = newSecret();
  const row = await t.db.transaction(async (tx) => {
    // One company's creations queue here, so the limit holds under concurrent requests.
    await tx.select({ id: schema.companies.id }).from(schema.companies).where(eq(schema.companies.id, t.companyId)).for('update');
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(E).where(eq(E.companyId, t.companyId));
    if (n >= WEBHOOK_MAX_ENDPOINTS) throw conflict(M.tooMany, 'WEBHOOK_ENDPOINT_LIMIT');
    const [created] = await tx
      .insert(E)
      .values({ companyId: t.companyId, url, description: input.description, events: input.events, secretEncrypted: encryptSecret(s, secret), secretHint: secretHint(secret), createdBy: t.actorId || null })
      .returning();
    await logAudit(tx, t, { action: 'webhook_endpoint_created', entity: ENDPOINT_ENTITY, id: created!.id, details: { events: input.events.length } });
    return created!;
  });
  return { endpoint: toEndpointView(row), secret };
}

/**
 * Changes what was given. Turning it on clears why it was off and its failure streak; turning it
 * off (a member's choice) leaves pending deliveries to be canceled when their turn comes.
 */
export async function updateEndpoint(s: Services, t: Tenant, id: string, input: z.output<typeof webhookEndpointUpdateSchema>): Promise<WebhookEndpoint> {
  const current = await endpointRow(t, id);
  const url = input.url !== undefined && input.url !== current.url ? await requireEndpointUrl(s, input.url) : undefined;
  const switched = input.enabled !== undefined && input.enabled !== current.enabled;
  const now = new Date();
  const row = await t.db.transaction(async (tx) => {
    const rows = await tx
      .update(E)
      .set({
        ...givenOf(input, 'description', 'events'),
        ...(url ? { url } : {}),
        ...(switched && input.enabled ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
        ...(switched && !input.enabled ? { enabled: false, disabledReason: 'manual', disabledAt: now } : {}),
        updatedAt: now,
      })
      .where(and(eq(E.companyId, t.companyId), eq(E.id, id)))
      .returning();
    const updated = updatedRow(rows, M.endpointNotFound);
    await logAudit(tx, t, { action: 'webhook_endpoint_changed', entity: ENDPOINT_ENTITY, id, details: { fields: Object.keys(input), ...(switched ? { enabled: input.enabled } : {}) } });
    return updated;
  });
  return toEndpointView(row);
}

/** The endpoint, its deliveries and their log go; events still waiting for other endpoints stay. */
export async function deleteEndpoint(t: Tenant, id: string): Promise<void> {
  await endpointRow(t, id);
  await t.db.transaction(async (tx) => {
    await tx.delete(E).where(and(eq(E.companyId, t.companyId), eq(E.id, id)));
    await logAudit(tx, t, { action: 'webhook_endpoint_deleted', entity: ENDPOINT_ENTITY, id });
  });
}

/** A new secret, shown this once; the previous one keeps signing beside it for PREVIOUS_SECRET_MS. */
export async function rotateSecret(s: Services, t: Tenant, id: string): Promise<WebhookEndpointWithSecret> {
  const current = await endpointRow(t, id);
  const secret = newSecret();
  const row = await t.db.transaction(async (tx) => {
    const rows = await tx
      .update(E)
      .set({
        secretEncrypted: encryptSecret(s, secret),
        secretHint: secretHint(secret),
        previousSecretEncrypted: current.secretEncrypted,
        previousSecretUntil: new Date(s.clock.now() + PREVIOUS_SECRET_MS),
        updatedAt: new Date(),
      })
      .where(and(eq(E.companyId, t.companyId), eq(E.id, id)))
      .returning();
    const updated = updatedRow(rows, M.endpointNotFound);
    await logAudit(tx, t, { action: 'webhook_secret_rotated', entity: ENDPOINT_ENTITY, id });
    return updated;
  });
  return { endpoint: toEndpointView(row), secret };
}
