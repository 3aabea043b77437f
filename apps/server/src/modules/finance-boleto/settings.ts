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

const { finPaymentProviders: PP, finAccounts: A, finBoletos: B } = schema;

/** The live entity of the provider settings: the registers page refetches them. */
export const PROVIDER_ENTITY = 'fin_payment_provider';
const PROVIDER: PaymentProviderKey = 'asaas';

export const webhookUrl = (s: Services) => `${s.cfg.appUrl}/api/public/boleto/asaas`;
export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');
const newToken = () => randomBytes(24).toString('base64url');

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
  if (!row) return { configured: false, provider: PROVIDER, environment: null, accountId: null, accountName: null, apiKeyHint: null, webhookUrl: webhookUrl(s), updatedAt: null };
  const [account] = await db.select({ name: A.name }).from(A).where(eq(A.id, row.accountId));
  return {
    configured: true,
    provider: PROVIDER,
    environment: row.environment as ProviderEnvironment,
    accountId: row.accountId,
    accountName: account?.name ?? null,
    apiKeyHint: `••••${row.apiKeyHint}`,
    webhookUrl: webhookUrl(s),
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
  return tenant.db.transaction(async (tx) => {
    let token: string | undefined;
    let row: ProviderRow;
    if (current) {
      [row] = (await tx
        .update(PP)
        .set({ environment: input.environment, apiKeyEncrypted, apiKeyHint, accountId: input.accountId, updatedAt: new Date() })
        .where(eq(PP.id, current.id))
        .returning()) as [ProviderRow];
    } else {
      token = newToken();
      [row] = (await tx
        .insert(PP)
        .values({ companyId: tenant.companyId, provider: PROVIDER, environment: input.environment, apiKeyEncrypted, apiKeyHint, webhookTokenHash: hashToken(token), accountId: input.accountId, createdBy: tenant.actorId || null })
        .returning()) as [ProviderRow];
    }
    await logAudit(tx, tenant, { action: 'payment_provider_changed', entity: PROVIDER_ENTITY, id: row.id, details: { provider: PROVIDER, environment: input.environment, keyChanged: !!input.apiKey } });
    await announce(tx, { companyId: tenant.companyId, entity: PROVIDER_ENTITY, id: row.id, action: 'updated' });
    return toSettings(s, tx, row, token);
  });
}

/** A new webhook token (the old one stops working at once), answered once. */
export async function rotateWebhookToken(s: Services, tenant: Tenant): Promise<ProviderSettings> {
  return tenant.db.transaction(async (tx) => {
    const token = newToken();
    const [row] = await tx
      .update(PP)
      .set({ webhookTokenHash: hashToken(token), updatedAt: new Date() })
      .where(and(eq(PP.companyId, tenant.companyId), eq(PP.provider, PROVIDER)))
      .returning();
    if (!row) throw notFound(M.settingsNotFound);
    await logAudit(tx, tenant, { action: 'payment_provider_changed', entity: PROVIDER_ENTITY, id: row.id, details: { provider: PROVIDER, webhookToken: 'renewed' } });
    return toSettings(s, tx, row, token);
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
