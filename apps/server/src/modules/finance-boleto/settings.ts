import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type DbOrTx } from '@sede/db/client';
import { BOLETO_MESSAGES as M, type PaymentProviderKey, type ProviderEnvironment, type ProviderSettings, type providerSettingsSaveSchema } from '@sede/shared/finance/boleto';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';
import type { Services, Tenant } from '../../services.ts';
import { asaasProvider } from './asaas.ts';
import { type PaymentProvider, ProviderError } from './provider.ts';

const { finPaymentProviders: PP, finAccounts: A, finBoletos: B, user: U } = schema;

/** The live entity of the provider settings: the registers page refetches them. */
export const PROVIDER_ENTITY = 'fin_payment_provider';
const PROVIDER: PaymentProviderKey = 'asaas';

export const webhookUrl = (s: Services) => `${s.cfg.appUrl}/api/public/boleto/asaas`;
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
/** Asaas's rule for a webhook's token: 32–255 characters, no spaces, no run of 5 digits in sequence nor 4 equal characters. */
const ASAAS_TOKEN_OK = (t: string) => !/(.)\1{3}/.test(t) && !/01234|12345|23456|34567|45678|56789/.test(t);
const newToken = () => {
  for (;;) {
    const token = randomBytes(24).toString('base64url');
    if (ASAAS_TOKEN_OK(token)) return token;
  }
};
/** The events Sede handles (decisions 0572, 0601). */
export const WEBHOOK_EVENTS = ['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED', 'PAYMENT_OVERDUE', 'PAYMENT_DELETED', 'PAYMENT_REFUNDED', 'PAYMENT_PARTIALLY_REFUNDED', 'PAYMENT_REFUND_IN_PROGRESS', 'PAYMENT_REFUND_DENIED'];

export type ProviderRow = typeof PP.$inferSelect;

/** The provider behind the seam for a company's settings (decision 0570). */
export const providerFor = (s: Services, row: Pick<ProviderRow, 'environment' | 'apiKeyEncrypted'>): PaymentProvider =>
  asaasProvider(s.cfg, row.environment as ProviderEnvironment, decryptSecret(s, row.apiKeyEncrypted));

/** A provider's failure as the person reads it (never a 500): the provider's refusal in its words. */
export function providerFailure(e: unknown): never {
  if (!(e instanceof ProviderError)) throw e;
  console.error('[finance-boleto] provider', e.kind, e.detail);
  switch (e.kind) {
    case 'auth':
      throw badRequest(M.apiKeyRefused, 'PROVIDER_AUTH');
    case 'refused':
      throw badRequest(`${M.refused}: ${e.detail}`, 'PROVIDER_REFUSED');
    case 'timeout':
      throw new AppError(503, 'PROVIDER_TIMEOUT', M.timeout);
    default:
      throw new AppError(503, 'PROVIDER_UNAVAILABLE', M.unavailable);
  }
}

export async function settingsRow(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>) {
  const [row] = await db
    .select()
    .from(PP)
    .where(and(eq(PP.companyId, tenant.companyId), eq(PP.provider, PROVIDER)));
  return row ?? null;
}

async function toSettings(s: Services, db: DbOrTx, row: ProviderRow | null, webhookToken?: string): Promise<ProviderSettings> {
  if (!row)
    return { configured: false, provider: PROVIDER, environment: null, accountId: null, accountName: null, apiKeyHint: null, webhookUrl: webhookUrl(s), webhookState: null, webhookError: null, webhookRegisteredAt: null, updatedAt: null };
  const [account] = await db.select({ name: A.name }).from(A).where(eq(A.id, row.accountId));
  return {
    configured: true,
    provider: PROVIDER,
    environment: row.environment as ProviderEnvironment,
    accountId: row.accountId,
    accountName: account?.name ?? null,
    apiKeyHint: `••••${row.apiKeyHint}`,
    webhookUrl: webhookUrl(s),
    webhookState: (row.webhookState as 'registered' | 'failed' | null) ?? null,
    webhookError: row.webhookError,
    webhookRegisteredAt: row.webhookRegisteredAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    ...(webhookToken ? { webhookToken } : {}),
  };
}

export async function getSettings(s: Services, tenant: Tenant): Promise<ProviderSettings> {
  return toSettings(s, tenant.db, await settingsRow(tenant.db, tenant));
}

/**
 * Saves the company's Asaas settings (decision 0570): the key is tried at Asaas first (a refused
 * key is never stored), then kept encrypted; the first save makes the webhook's token, answered
 * once and kept as its SHA-256.
 */
export async function saveSettings(s: Services, tenant: Tenant, input: z.output<typeof providerSettingsSaveSchema>): Promise<ProviderSettings> {
  const [account] = await tenant.db
    .select({ archivedAt: A.archivedAt })
    .from(A)
    .where(and(eq(A.companyId, tenant.companyId), eq(A.id, input.accountId)));
  if (!account) throw notFound(M.accountNotFound);
  if (account.archivedAt) throw conflict(M.accountArchived, 'ACCOUNT_ARCHIVED');
  const current = await settingsRow(tenant.db, tenant);
  const apiKeyEncrypted = input.apiKey ? encryptSecret(s, input.apiKey) : current?.apiKeyEncrypted;
  if (!apiKeyEncrypted) throw badRequest(M.apiKey, 'VALIDATION_ERROR');
  try {
    await providerFor(s, { environment: input.environment, apiKeyEncrypted }).checkCredentials();
  } catch (e) {
    providerFailure(e);
  }
  const apiKeyHint = input.apiKey ? input.apiKey.slice(-4) : current!.apiKeyHint;
  // A new key or environment is (perhaps) another Asaas account: Sede's webhook is registered there.
  const register = !current || !!input.apiKey || current.environment !== input.environment;
  const hook = register ? await registerWebhook(s, tenant, { environment: input.environment, apiKeyEncrypted }) : null;
  return tenant.db.transaction(async (tx) => {
    let row: ProviderRow;
    // The token is answered only when Asaas did not take it, to paste there by hand (decision 0603).
    const shown = hook && hook.state === 'failed' && !current ? hook.token : undefined;
    const webhook = hook ? webhookColumns(hook, !current) : {};
    if (current) {
      [row] = (await tx
        .update(PP)
        .set({ environment: input.environment, apiKeyEncrypted, apiKeyHint, accountId: input.accountId, ...webhook, updatedAt: new Date() })
        .where(eq(PP.id, current.id))
        .returning()) as [ProviderRow];
    } else {
      [row] = (await tx
        .insert(PP)
        .values({ companyId: tenant.companyId, provider: PROVIDER, environment: input.environment, apiKeyEncrypted, apiKeyHint, webhookTokenHash: hashToken(hook!.token), ...webhook, accountId: input.accountId, createdBy: tenant.actorId || null })
        .returning()) as [ProviderRow];
    }
    await logAudit(tx, tenant, { action: 'payment_provider_changed', entity: PROVIDER_ENTITY, id: row.id, details: { provider: PROVIDER, environment: input.environment, keyChanged: !!input.apiKey } });
    if (hook) await logAudit(tx, tenant, { action: hook.state === 'registered' ? 'asaas_webhook_registered' : 'asaas_webhook_failed', entity: PROVIDER_ENTITY, id: row.id, details: { provider: PROVIDER } });
    await announce(tx, { companyId: tenant.companyId, entity: PROVIDER_ENTITY, id: row.id, action: 'updated' });
    return toSettings(s, tx, row, shown);
  });
}

type WebhookResult = { token: string; state: 'registered' | 'failed'; externalId: string | null; error: string | null };

/**
 * Registers Sede's webhook at the company's Asaas account (decision 0603): `POST /v3/webhooks`
 * (or `PUT` of the one already at Sede's address) with a new random token Asaas sends back in
 * `asaas-access-token` on every call, the events Sede handles, and the saving member's e-mail for
 * Asaas's failure notices. A refusal is kept with Asaas's words, never thrown: the key is still saved.
 */
async function registerWebhook(s: Services, tenant: Tenant, row: Pick<ProviderRow, 'environment' | 'apiKeyEncrypted'>): Promise<WebhookResult> {
  const token = newToken();
  const [member] = tenant.actorId ? await tenant.db.select({ email: U.email }).from(U).where(eq(U.id, tenant.actorId)) : [];
  try {
    const made = await providerFor(s, row).registerWebhook({ url: webhookUrl(s), authToken: token, email: member?.email ?? null, events: WEBHOOK_EVENTS });
    return { token, state: 'registered', externalId: made.id, error: null };
  } catch (e) {
    if (!(e instanceof ProviderError)) throw e;
    console.error('[finance-boleto] webhook registration', e.kind, e.detail);
    const error = e.kind === 'refused' ? `${M.refused}: ${e.detail}` : e.kind === 'timeout' ? 'O Asaas não respondeu a tempo.' : e.kind === 'auth' ? M.apiKeyRefused : 'O Asaas está indisponível.';
    return { token, state: 'failed', externalId: null, error: error.slice(0, 300) };
  }
}

/** The settings' webhook columns after a registration; a failed one keeps the token that works (unless there is none yet). */
const webhookColumns = (hook: WebhookResult, first: boolean) => ({
  webhookState: hook.state,
  webhookError: hook.error,
  ...(hook.state === 'registered' ? { webhookExternalId: hook.externalId, webhookRegisteredAt: new Date(), webhookTokenHash: hashToken(hook.token) } : first ? { webhookTokenHash: hashToken(hook.token) } : {}),
});

/**
 * 'Registrar de novo' (decision 0603): a new token registered at Asaas; the old one stops working.
 * When Asaas refuses, the new token is answered once, to paste in Asaas by hand.
 */
export async function rotateWebhookToken(s: Services, tenant: Tenant): Promise<ProviderSettings> {
  const current = await settingsRow(tenant.db, tenant);
  if (!current) throw notFound(M.settingsNotFound);
  const hook = await registerWebhook(s, tenant, current);
  return tenant.db.transaction(async (tx) => {
    const manual = hook.state === 'failed' ? { webhookTokenHash: hashToken(hook.token) } : {};
    const [row] = await tx
      .update(PP)
      .set({ ...webhookColumns(hook, false), ...manual, updatedAt: new Date() })
      .where(and(eq(PP.companyId, tenant.companyId), eq(PP.id, current.id)))
      .returning();
    if (!row) throw notFound(M.settingsNotFound);
    await logAudit(tx, tenant, { action: hook.state === 'registered' ? 'asaas_webhook_registered' : 'asaas_webhook_failed', entity: PROVIDER_ENTITY, id: row.id, details: { provider: PROVIDER, webhookToken: 'renewed' } });
    await announce(tx, { companyId: tenant.companyId, entity: PROVIDER_ENTITY, id: row.id, action: 'updated' });
    return toSettings(s, tx, row, hook.state === 'failed' ? hook.token : undefined);
  });
}

/** Removes the settings; refused while a boleto is open (its payment would have no way in). */
export async function deleteSettings(tenant: Tenant): Promise<void> {
  await tenant.db.transaction(async (tx) => {
    const [open] = await tx
      .select({ id: B.id })
      .from(B)
      .where(and(eq(B.companyId, tenant.companyId), inArray(B.status, ['issuing', 'open', 'overdue'])))
      .limit(1);
    if (open) throw conflict('Cancele os boletos em aberto antes de remover o Asaas.', 'OPEN_BOLETOS');
    const [row] = await tx
      .delete(PP)
      .where(and(eq(PP.companyId, tenant.companyId), eq(PP.provider, PROVIDER)))
      .returning({ id: PP.id });
    if (!row) throw notFound(M.settingsNotFound);
    await logAudit(tx, tenant, { action: 'payment_provider_removed', entity: PROVIDER_ENTITY, id: row.id, details: { provider: PROVIDER } });
    await announce(tx, { companyId: tenant.companyId, entity: PROVIDER_ENTITY, id: row.id, action: 'deleted' });
  });
}
