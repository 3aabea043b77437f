import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { schema, type DbOrTx } from '@sede/db/client';
import { PIX_API_MESSAGES as M, type PixApiSettings, type pixApiSettingsInputSchema } from '@sede/shared/finance/pix-api';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { isLoopbackUrl } from '../../platform/config.ts';
import { serverState } from '../../platform/module.ts';
import { checkOutboundUrlSyntax, OutboundRefused } from '../../platform/net/outbound.ts';
import { openPfx } from '../../platform/certificates/pfx.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';
import type { Services, Tenant } from '../../services.ts';
import { readClientCertificate } from './certificate.ts';
import { type PspConnection, pspCall } from './client.ts';

const { finPixApiSettings: S, finAccounts: A, finPixKeys: K, finCharges: CH } = schema;
export type SettingsRow = typeof S.$inferSelect;
const DAY_MS = 86_400_000;

export const PIX_API_ENTITY = 'fin_pix_api';

const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** The address the PSP calls (it appends `/pix`, BCB's spec): unguessable, one per account. */
export const webhookUrl = (s: Services, secret: string) => `${s.cfg.appUrl}/api/public/pix-api/webhook/${secret}`;

export function toSettings(s: Services, r: SettingsRow): PixApiSettings {
  const now = s.clock.now();
  return {
    accountId: r.accountId,
    baseUrl: r.baseUrl,
    tokenUrl: r.tokenUrl,
    clientId: r.clientId,
    hasClientSecret: !!r.clientSecretEncrypted,
    pixKey: r.pixKey,
    finePercent: r.fineBps / 100,
    interestPercent: r.interestBps / 100,
    certificate:
      r.certSubject && r.certNotAfter && r.certNotBefore
        ? { subject: r.certSubject, notBefore: r.certNotBefore.toISOString(), notAfter: r.certNotAfter.toISOString(), daysLeft: Math.floor((r.certNotAfter.getTime() - now) / DAY_MS) }
        : null,
    webhook: { registeredAt: r.webhookRegisteredAt?.toISOString() ?? null, error: r.webhookError },
    reconciledUntil: r.reconciledUntil?.toISOString() ?? null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

async function accountOf(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, accountId: string) {
  const [account] = await db.select({ id: A.id, archivedAt: A.archivedAt }).from(A).where(and(eq(A.companyId, tenant.companyId), eq(A.id, accountId)));
  if (!account) throw notFound(M.accountNotFound);
  return account;
}

/** 404 unless the account is the company's (before a body is read). */
export const requireAccount = (tenant: Tenant, accountId: string) => accountOf(tenant.db, tenant, accountId);

export async function settingsRow(db: DbOrTx, tenant: Pick<Tenant, 'companyId'>, accountId: string) {
  const [row] = await db.select().from(S).where(and(eq(S.companyId, tenant.companyId), eq(S.accountId, accountId)));
  return row ?? null;
}

export async function getPixApiSettings(s: Services, tenant: Tenant, accountId: string): Promise<PixApiSettings | null> {
  await accountOf(tenant.db, tenant, accountId);
  const row = await settingsRow(tenant.db, tenant, accountId);
  return row ? toSettings(s, row) : null;
}

/** The early SSRF check of a typed address (decision 0350): an internal one is a 400 before anything is saved. */
function checkUrl(s: Services, url: string) {
  try {
    checkOutboundUrlSyntax(url, { allowLoopback: isLoopbackUrl(s.cfg.appUrl) });
  } catch (e) {
    throw badRequest(e instanceof OutboundRefused && e.reason === 'private' ? M.privateUrl : M.baseUrl, 'PIX_API_URL_INVALID');
  }
}

/**
 * Saves an account's API Pix settings (decision 0560): the key must be one of this account's, the
 * addresses pass the outbound guard, the client secret is kept when left blank. With a certificate
 * on file the webhook is registered at the PSP right away (its outcome is part of the answer).
 */
export async function savePixApiSettings(s: Services, tenant: Tenant, accountId: string, input: z.output<typeof pixApiSettingsInputSchema>): Promise<PixApiSettings> {
  checkUrl(s, input.baseUrl);
  if (input.tokenUrl) checkUrl(s, input.tokenUrl);
  const row = await tenant.db.transaction(async (tx) => {
    const account = await accountOf(tx, tenant, accountId);
    if (account.archivedAt) throw conflict('Esta conta está arquivada: reative-a em Cadastros.', 'ACCOUNT_ARCHIVED');
    const [key] = await tx.select({ id: K.id }).from(K).where(and(eq(K.companyId, tenant.companyId), eq(K.accountId, accountId), eq(K.key, input.pixKey)));
    if (!key) throw badRequest(M.keyNotOfAccount, 'PIX_KEY_NOT_OF_ACCOUNT');
    const existing = await settingsRow(tx, tenant, accountId);
    if (!existing && !input.clientSecret) throw badRequest(M.clientSecret);
    const values = {
      baseUrl: input.baseUrl,
      tokenUrl: input.tokenUrl,
      clientId: input.clientId,
      ...(input.clientSecret ? { clientSecretEncrypted: encryptSecret(s, input.clientSecret) } : {}),
      pixKey: input.pixKey,
      fineBps: Math.round(input.finePercent * 100),
      interestBps: Math.round(input.interestPercent * 100),
      updatedBy: tenant.actorId || null,
      updatedAt: new Date(),
    };
    let saved: SettingsRow;
    if (existing) {
      [saved] = (await tx.update(S).set(values).where(eq(S.id, existing.id)).returning()) as [SettingsRow];
    } else {
      const secret = randomBytes(32).toString('base64url');
      [saved] = (await tx
        .insert(S)
        .values({ companyId: tenant.companyId, accountId, ...values, clientSecretEncrypted: encryptSecret(s, input.clientSecret!), webhookSecretHash: hashSecret(secret), webhookSecretEncrypted: encryptSecret(s, secret) })
        .returning()) as [SettingsRow];
    }
    await logAudit(tx, tenant, { action: 'pix_api_settings_changed', entity: PIX_API_ENTITY, id: accountId, details: { host: new URL(input.baseUrl).host } });
    return saved;
  });
  return toSettings(s, await registerWebhook(s, tenant, row));
}

/** Uploads the account's client certificate (PFX or PEM, checked), replacing the previous one; then registers the webhook. */
export async function savePixApiCertificate(s: Services, tenant: Tenant, accountId: string, bytes: Uint8Array, password: string): Promise<PixApiSettings> {
  await accountOf(tenant.db, tenant, accountId);
  const existing = await settingsRow(tenant.db, tenant, accountId);
  if (!existing) throw conflict(M.settingsFirst, 'PIX_API_NOT_CONFIGURED');
  const cert = readClientCertificate(bytes, password, s.clock.now());
  const row = await tenant.db.transaction(async (tx) => {
    const [saved] = await tx
      .update(S)
      .set({
        certPfxEncrypted: encryptSecret(s, cert.pfx.toString('base64')),
        certPasswordEncrypted: encryptSecret(s, password),
        certSubject: cert.opened.subject,
        certNotBefore: cert.opened.notBefore,
        certNotAfter: cert.opened.notAfter,
        certExpiryNotifiedAt: null,
        updatedBy: tenant.actorId || null,
        updatedAt: new Date(),
      })
      .where(eq(S.id, existing.id))
      .returning();
    await logAudit(tx, tenant, { action: 'pix_api_certificate_uploaded', entity: PIX_API_ENTITY, id: accountId, details: { notAfter: cert.opened.notAfter.toISOString() } });
    return saved!;
  });
  return toSettings(s, await registerWebhook(s, tenant, row));
}

export async function removePixApiSettings(tenant: Tenant, accountId: string): Promise<void> {
  await tenant.db.transaction(async (tx) => {
    await accountOf(tx, tenant, accountId);
    const rows = await tx.delete(S).where(and(eq(S.companyId, tenant.companyId), eq(S.accountId, accountId))).returning({ id: S.id });
    if (!rows.length) throw notFound(M.notConfigured);
    await logAudit(tx, tenant, { action: 'pix_api_settings_removed', entity: PIX_API_ENTITY, id: accountId });
  });
}

/** The certificate opened once per version of the row (forge's PKCS#12 is slow to open on every call). */
const opened = (s: Services) => serverState(s, 'pix-api.certs', () => new Map<string, { keyPem: string; certPem: string }>());

/** What a call to the PSP needs, or null when the row has no certificate yet. */
export function connectionOf(s: Services, row: SettingsRow): PspConnection | null {
  if (!row.certPfxEncrypted || !row.certPasswordEncrypted) return null;
  const id = `${row.id}:${row.updatedAt.getTime()}`;
  let tls = opened(s).get(id);
  if (!tls) {
    const cert = openPfx(Buffer.from(decryptSecret(s, row.certPfxEncrypted), 'base64'), decryptSecret(s, row.certPasswordEncrypted));
    tls = { keyPem: cert.privateKeyPem, certPem: [cert.certificatePem, ...cert.chainPem].join('\n') };
    if (opened(s).size > 500) opened(s).clear();
    opened(s).set(id, tls);
  }
  return { id, baseUrl: row.baseUrl, tokenUrl: row.tokenUrl, clientId: row.clientId, clientSecret: decryptSecret(s, row.clientSecretEncrypted), ...tls };
}

/**
 * `PUT /webhook/{chave}` with the account's address (decision 0563). Its outcome is kept on the
 * row and shown: a refusal does not undo the settings (the reconcile job still settles).
 */
export async function registerWebhook(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, row: SettingsRow): Promise<SettingsRow> {
  const conn = connectionOf(s, row);
  if (!conn) return row;
  let error: string | null = null;
  try {
    await pspCall(s, conn, 'PUT', `/webhook/${encodeURIComponent(row.pixKey)}`, { webhookUrl: webhookUrl(s, decryptSecret(s, row.webhookSecretEncrypted)) });
  } catch (err) {
    error = (err as Error).message;
  }
  const [saved] = await tenant.db
    .update(S)
    .set({ webhookRegisteredAt: error ? null : new Date(s.clock.now()), webhookError: error })
    .where(and(eq(S.companyId, tenant.companyId), eq(S.id, row.id)))
    .returning();
  return saved ?? row;
}

/** The account a webhook address names (by the secret's hash), or null. */
export async function settingsByWebhookSecret(s: Services, secret: string): Promise<SettingsRow | null> {
  return (await webhookTarget(s, secret, '', [])).row;
}

/**
 * The account a webhook's secret names and, in the same statement, its charges of `provider` among
 * the notified txids (txid → charge id): a notification costs one read before its settlement
 * (issue 27's benchmark: on a PSP's burst every round trip counts).
 */
export async function webhookTarget(s: Services, secret: string, provider: string, txids: string[]): Promise<{ row: SettingsRow | null; charges: Map<string, string> }> {
  // A lookup by an unguessable value across companies, as a signed link's: the row then names the company.
  const [found] = await s.db
    .select({
      row: S,
      charges: sql<Record<string, string> | null>`(SELECT json_object_agg(c.txid, c.id) FROM ${CH} c
        WHERE c.company_id = ${S.companyId} AND c.account_id = ${S.accountId} AND c.provider = ${provider} AND c.txid = any(${sql.param(txids)}::text[]))`,
    })
    .from(S)
    .where(eq(S.webhookSecretHash, hashSecret(secret)));
  return { row: found?.row ?? null, charges: new Map(Object.entries(found?.charges ?? {})) };
}
