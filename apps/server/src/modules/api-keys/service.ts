import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { ACTION_LABELS, API_KEY_MESSAGES as M, type ApiKey, type ApiKeyCreated, type ApiKeyOptions, type apiKeyCreateSchema } from '@sede/shared/platform/api-keys';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { AREA_DECLARATIONS } from '@sede/shared/registry/areas/index';
import type { Grants, Permission } from '@sede/shared/registry/permissions';
import type { z } from 'zod';
import { badRequest, conflict, notFound, updatedRow } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import type { Tenant } from '../../services.ts';
import { newSecret } from '../../platform/api-keys/secret.ts';

const { apiKeys, profiles, user } = schema;
const MAX_ACTIVE_KEYS = 50;

const creatorName = sql<string | null>`COALESCE(NULLIF(trim(concat_ws(' ', ${profiles.firstName}, ${profiles.lastName})), ''), NULLIF(${user.name}, ''), ${user.email})`;
const columns = {
  key: apiKeys,
  creatorName,
};

type Row = { key: typeof apiKeys.$inferSelect; creatorName: string | null };

function toApiKey({ key, creatorName: name }: Row, now = new Date()): ApiKey {
  const status = key.revokedAt ? 'revoked' : key.expiresAt && key.expiresAt <= now ? 'expired' : 'active';
  return {
    id: key.id,
    name: key.name,
    kind: key.kind as ApiKey['kind'],
    prefix: key.prefix,
    permissions: key.permissions,
    allowedOrigins: key.allowedOrigins,
    rateLimitPerMinute: key.rateLimitPerMinute,
    expiresAt: key.expiresAt?.toISOString() ?? null,
    revokedAt: key.revokedAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
    createdBy: key.createdBy ? { id: key.createdBy, name: name ?? '' } : null,
    status,
  };
}

const withCreator = (t: Pick<Tenant, 'db'>) =>
  t.db.select(columns).from(apiKeys).leftJoin(user, eq(user.id, apiKeys.createdBy)).leftJoin(profiles, eq(profiles.id, apiKeys.createdBy));

/** The company's keys, newest first (revoked ones too: their history stays readable). */
export async function listKeys(t: Tenant): Promise<ApiKey[]> {
  const rows = await withCreator(t).where(eq(apiKeys.companyId, t.companyId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
  return rows.map((r) => toApiKey(r));
}

/**
 * What a key may be given: the permissions the public API uses (`used`), among those the admin
 * holds, grouped by area in the registry's order.
 */
export function keyOptions(grants: Grants, used: ReadonlySet<Permission>, labels: Partial<Record<string, string>> = {}): ApiKeyOptions {
  const areas = AREA_DECLARATIONS.map((area) => ({
    key: area.key,
    title: area.title,
    permissions: area.actions
      .map((action) => `${area.key}.${action}` as Permission)
      .filter((p) => used.has(p) && grants.has(p))
      .map((permission) => ({ permission, label: labels[permission] ?? ACTION_LABELS[permission.slice(permission.indexOf('.') + 1)] ?? permission })),
  }));
  return { areas: areas.filter((a) => a.permissions.length > 0) };
}

/** A new key; its secret is in the answer and nowhere else. Never more than the creator holds. */
export async function createKey(t: Tenant, grants: Grants, input: z.output<typeof apiKeyCreateSchema>): Promise<ApiKeyCreated> {
  const permissions = input.kind === 'form' ? [] : [...new Set(input.permissions)];
  if (permissions.some((p) => !grants.has(p as Permission))) throw badRequest(M.permissionNotYours, 'PERMISSION_NOT_HELD');
  if (input.expiresOn !== null && input.expiresOn < todayInBrazil()) throw badRequest(M.expiryPast);
  const { secret, prefix, hash } = newSecret(input.kind);
  const id = await t.db.transaction(async (tx) => {
    // One creation at a time per company, so the count below holds.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`api-keys:${t.companyId}`}, 0))`);
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.companyId, t.companyId), isNull(apiKeys.revokedAt), sql`(${apiKeys.expiresAt} IS NULL OR ${apiKeys.expiresAt} > now())`));
    if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS) throw conflict(M.tooManyKeys, 'TOO_MANY_KEYS');
    const [row] = await tx
      .insert(apiKeys)
      .values({
        companyId: t.companyId,
        name: input.name,
        kind: input.kind,
        prefix,
        secretHash: hash,
        permissions,
        allowedOrigins: input.kind === 'form' ? [...new Set(input.allowedOrigins)] : [],
        createdBy: t.actorId,
        // Through the end of the chosen day in Brasília.
        expiresAt: input.expiresOn === null ? null : sql`((${input.expiresOn}::date + 1)::timestamp AT TIME ZONE 'America/Sao_Paulo')`,
      })
      .returning({ id: apiKeys.id });
    await logAudit(tx, t, { action: 'api_key_created', entity: 'api_key', id: row!.id, details: { label: input.name, prefix, kind: input.kind, permissions } });
    return row!.id;
  });
  return { key: await getKey(t, id), secret };
}

export async function getKey(t: Tenant, id: string): Promise<ApiKey> {
  const [row] = await withCreator(t).where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, t.companyId)));
  if (!row) throw notFound(M.keyNotFound);
  return toApiKey(row);
}

/** Revokes a key at once, on every instance (the change feed evicts it from their caches). */
export async function revokeKey(t: Tenant, id: string): Promise<ApiKey> {
  await t.db.transaction(async (tx) => {
    const [current] = await tx.select({ revokedAt: apiKeys.revokedAt, name: apiKeys.name, prefix: apiKeys.prefix }).from(apiKeys).where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, t.companyId))).for('update');
    if (!current) throw notFound(M.keyNotFound);
    if (current.revokedAt) throw conflict(M.alreadyRevoked, 'ALREADY_REVOKED');
    updatedRow(
      await tx.update(apiKeys).set({ revokedAt: new Date(), revokedBy: t.actorId }).where(and(eq(apiKeys.id, id), eq(apiKeys.companyId, t.companyId))).returning({ id: apiKeys.id }),
      M.keyNotFound,
    );
    await logAudit(tx, t, { action: 'api_key_revoked', entity: 'api_key', id, details: { label: current.name, prefix: current.prefix } });
    await tx.execute(sql`SELECT pg_notify('sede_changes', ${JSON.stringify({ t: 'api_key', id })})`);
  });
  return getKey(t, id);
}
