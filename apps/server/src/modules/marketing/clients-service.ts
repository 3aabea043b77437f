import { and, asc, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import {
  type BrandKit,
  CLIENT_MESSAGES,
  type ClientChannel,
  type ClientContact,
  type ClientMemberOption,
  type ClientOptionsView,
  type ClientSummary,
  type ClientView,
  type ClientVisibility,
  type ContactCreateInput,
  type ContactUpdateInput,
  EMPTY_BRAND_KIT,
  type NextPiece,
  OWN_CLIENT_SLUG,
  brandKitSchema,
  clientChannelsSchema,
} from '@sede/shared/marketing/clients';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { isUuid, visibleClientIds, visibleClientOf } from './access.ts';

const { marketingClients: C, marketingClientMembers: CMM, marketingClientContacts: CC, marketingPieces: P, marketingCampaigns: K, organizations: O, people: PE, companies: CO, companyMembers: CM, user: U, files: F } = schema;
export const CLIENT_ENTITY = 'marketing_client';

/** The name a client shows: the company's own (fantasia first) or its organization's. */
export const clientName = sql<string>`coalesce(nullif(${O.nomeFantasia}, ''), ${O.razaoSocial}, nullif(${CO.fantasia}, ''), ${CO.name})`;

/** The company itself as a client, made on first use (one per company: a unique index). */
export async function ensureOwnClient(t: Tenant): Promise<string> {
  const [found] = await t.db.select({ id: C.id }).from(C).where(and(eq(C.companyId, t.companyId), isNull(C.organizationId)));
  if (found) return found.id;
  await t.db.insert(C).values({ companyId: t.companyId, createdBy: t.actorId }).onConflictDoNothing();
  const [row] = await t.db.select({ id: C.id }).from(C).where(and(eq(C.companyId, t.companyId), isNull(C.organizationId)));
  return row!.id;
}

/**
 * The client a path names (decision 0320): its id, or `propria` for the company itself. Another
 * company's id, a malformed one or a client hidden from the member (decision 0321) is 404.
 */
export async function resolveClient(t: Tenant, idOrSlug: string) {
  const id = idOrSlug === OWN_CLIENT_SLUG ? await ensureOwnClient(t) : idOrSlug;
  const client = await visibleClientOf(t, id);
  return client;
}

/** The next piece of each client from now on, as JSON (a lateral lookup on the client's calendar index). */
const nextPieceSql = sql<NextPiece | null>`(
  select json_build_object('id', ${P.id}, 'title', ${P.title}, 'channel', ${P.channel}, 'status', ${P.status}, 'scheduledAt', ${P.scheduledAt})
  from ${P} where ${P.companyId} = ${C.companyId} and ${P.clientId} = ${C.id} and ${P.scheduledAt} >= now()
  order by ${P.scheduledAt} asc, ${P.id} asc limit 1
)`;

const summaryColumns = {
  id: C.id,
  organizationId: C.organizationId,
  name: clientName,
  archivedAt: C.archivedAt,
  brandKit: C.brandKit,
  visibility: C.visibility,
  clientApproval: C.clientApproval,
  nextPiece: nextPieceSql,
};
type SummaryRow = { id: string; organizationId: string | null; name: string; archivedAt: Date | null; brandKit: Record<string, unknown>; visibility: string; clientApproval: boolean; nextPiece: NextPiece | null };

const toSummary = (r: SummaryRow): ClientSummary => ({
  id: r.id,
  organizationId: r.organizationId,
  isOwn: r.organizationId === null,
  name: r.name,
  archived: !!r.archivedAt,
  logoFileId: typeof r.brandKit?.logoFileId === 'string' ? r.brandKit.logoFileId : null,
  visibility: r.visibility as ClientVisibility,
  clientApproval: r.clientApproval,
  nextPiece: r.nextPiece ? { ...r.nextPiece, scheduledAt: new Date(r.nextPiece.scheduledAt).toISOString() } : null,
});

const selectSummaries = (t: Tenant, where: SQL | undefined) =>
  t.db
    .select(summaryColumns)
    .from(C)
    .innerJoin(CO, eq(CO.id, C.companyId))
    .leftJoin(O, eq(O.id, C.organizationId))
    .where(and(eq(C.companyId, t.companyId), where))
    .orderBy(sql`${C.organizationId} IS NOT NULL`, asc(sql`lower(${clientName})`), asc(C.id));

/** The clients the member sees (decision 0321): the company itself first, then by name; archived ones flagged. */
export async function listClients(t: Tenant): Promise<ClientSummary[]> {
  await ensureOwnClient(t);
  const visible = await visibleClientIds(t);
  const rows = (await selectSummaries(t, visible ? (visible.length ? inArray(C.id, visible) : sql`false`) : undefined)) as SummaryRow[];
  return rows.map(toSummary);
}

export async function createClient(t: Tenant, organizationId: string): Promise<ClientSummary> {
  const [org] = await t.db.select({ id: O.id }).from(O).where(and(eq(O.id, organizationId), eq(O.companyId, t.companyId), isNull(O.deletedAt)));
  if (!org) throw notFound(CLIENT_MESSAGES.organizationNotFound);
  const [row] = await t.db.insert(C).values({ companyId: t.companyId, organizationId, createdBy: t.actorId }).onConflictDoNothing().returning({ id: C.id });
  if (!row) throw conflict(CLIENT_MESSAGES.exists, 'MARKETING_CLIENT_EXISTS');
  await announce(t.db, { companyId: t.companyId, entity: CLIENT_ENTITY, id: row.id, action: 'created' });
  const [summary] = (await selectSummaries(t, eq(C.id, row.id))) as SummaryRow[];
  return toSummary(summary!);
}

/** A stored brand kit or channel list read leniently (older or partial JSON becomes the defaults). */
const readBrandKit = (v: unknown): BrandKit => {
  const parsed = brandKitSchema.safeParse(v ?? {});
  return parsed.success ? parsed.data : EMPTY_BRAND_KIT;
};
const readChannels = (v: unknown): ClientChannel[] => {
  const parsed = clientChannelsSchema.safeParse(v ?? []);
  return parsed.success ? parsed.data : [];
};

async function contactsOf(t: Tenant, clientId: string): Promise<ClientContact[]> {
  const rows = await t.db
    .select({ id: CC.id, personId: CC.personId, name: PE.name, emails: PE.emails, phones: PE.phones, role: CC.role, canApprove: CC.canApprove })
    .from(CC)
    .innerJoin(PE, eq(PE.id, CC.personId))
    .where(and(eq(CC.companyId, t.companyId), eq(CC.clientId, clientId), isNull(PE.deletedAt)))
    .orderBy(asc(sql`lower(${PE.name})`), asc(CC.id));
  return rows.map((r) => ({ id: r.id, personId: r.personId, name: r.name, email: r.emails[0] ?? null, phone: r.phones[0] ?? null, role: r.role ?? '', canApprove: r.canApprove }));
}

/** One client's page: its organization, brand kit, channels and contacts. */
export async function getClient(t: Tenant, idOrSlug: string): Promise<ClientView> {
  const client = await resolveClient(t, idOrSlug);
  const [summary] = (await selectSummaries(t, eq(C.id, client.id))) as SummaryRow[];
  let organization: ClientView['organization'] = null;
  let organizationPeople: ClientView['organizationPeople'] = [];
  const contacts = await contactsOf(t, client.id);
  if (client.organizationId) {
    const [org] = await t.db
      .select({ id: O.id, razaoSocial: O.razaoSocial, nomeFantasia: O.nomeFantasia, cnpj: O.cnpj, email: O.email, phone: O.phone, website: O.website })
      .from(O)
      .where(and(eq(O.id, client.organizationId), eq(O.companyId, t.companyId)));
    organization = org ?? null;
    const linked = new Set(contacts.map((c) => c.personId));
    const people = await t.db
      .select({ id: PE.id, name: PE.name, emails: PE.emails })
      .from(PE)
      .where(and(eq(PE.companyId, t.companyId), eq(PE.organizationId, client.organizationId), isNull(PE.deletedAt)))
      .orderBy(asc(sql`lower(${PE.name})`))
      .limit(50);
    organizationPeople = people.filter((p) => !linked.has(p.id)).map((p) => ({ id: p.id, name: p.name, email: p.emails[0] ?? null }));
  }
  return {
    ...toSummary(summary!),
    organization,
    brandKit: readBrandKit(client.brandKit),
    channels: readChannels(client.channels),
    contacts,
    organizationPeople,
    createdAt: client.createdAt.toISOString(),
  };
}

/** Edits the brand kit and the channels; the logo must be an image uploaded for this client. */
export async function updateClient(t: Tenant, idOrSlug: string, data: { brandKit?: BrandKit; channels?: ClientChannel[] }): Promise<ClientView> {
  const client = await resolveClient(t, idOrSlug);
  if (data.brandKit?.logoFileId) {
    const [file] = await t.db
      .select({ id: F.id })
      .from(F)
      .where(and(eq(F.id, data.brandKit.logoFileId), eq(F.companyId, t.companyId), eq(F.entityType, CLIENT_ENTITY), eq(F.entityId, client.id), eq(F.kind, 'image'), isNull(F.deletedAt)));
    if (!file) throw badRequest(CLIENT_MESSAGES.logo, 'MARKETING_CLIENT_LOGO');
  }
  const set: Partial<typeof C.$inferInsert> = { updatedAt: new Date() };
  if (data.brandKit) set.brandKit = data.brandKit;
  if (data.channels) set.channels = data.channels;
  await t.db.update(C).set(set).where(and(eq(C.id, client.id), eq(C.companyId, t.companyId)));
  await announce(t.db, { companyId: t.companyId, entity: CLIENT_ENTITY, id: client.id, action: 'updated' });
  return getClient(t, client.id);
}

/** The company's members who hold `marketing.read` (who may be listed on a client). */
async function marketingMembers(t: Tenant): Promise<ClientMemberOption[]> {
  const rows = await t.db
    .select({ userId: CM.userId, role: CM.role, customPermissions: CM.customPermissions, name: U.name, email: U.email })
    .from(CM)
    .innerJoin(U, eq(U.id, CM.userId))
    .where(eq(CM.companyId, t.companyId))
    .orderBy(asc(sql`lower(${U.name})`));
  return rows
    .map((r) => ({ r, grants: grantsFor({ role: r.role, customPermissions: r.customPermissions }) }))
    .filter(({ grants }) => can(grants, 'marketing.read'))
    .map(({ r, grants }) => ({ userId: r.userId, name: r.name?.trim() || r.email, email: r.email, isAdmin: can(grants, 'admin.read') }));
}

/** What points at a client (decision 0323): pieces, campaigns and rows of any other table of the area. */
async function usageOf(t: Tenant, clientId: string): Promise<ClientOptionsView['usage']> {
  const [pieces] = await t.db.select({ n: sql<number>`count(*)::int` }).from(P).where(and(eq(P.companyId, t.companyId), eq(P.clientId, clientId)));
  const [campaigns] = await t.db.select({ n: sql<number>`count(*)::int` }).from(K).where(and(eq(K.companyId, t.companyId), eq(K.clientId, clientId)));
  // Other tables that reference a client (the materials' and whatever the area adds later),
  // found in the catalog so a new one is counted without a change here. The client's own
  // settings (members, contacts) go with it.
  const own = ['marketing_pieces', 'marketing_campaigns', 'marketing_client_members', 'marketing_client_contacts'];
  const { rows: refs } = await t.db.execute<{ nsp: string; tbl: string; col: string }>(sql`
    select n.nspname as nsp, cl.relname as tbl, a.attname as col
    from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    where c.contype = 'f' and c.confrelid = 'marketing_clients'::regclass and array_length(c.conkey, 1) = 1`);
  let other = 0;
  for (const ref of refs) {
    if (own.includes(ref.tbl)) continue;
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.identifier(ref.nsp)}.${sql.identifier(ref.tbl)} where ${sql.identifier(ref.col)} = ${clientId}`);
    other += rows[0]?.n ?? 0;
  }
  return { pieces: pieces?.n ?? 0, campaigns: campaigns?.n ?? 0, other };
}

export async function getClientOptions(t: Tenant, idOrSlug: string): Promise<ClientOptionsView> {
  const client = await resolveClient(t, idOrSlug);
  const [summary] = (await selectSummaries(t, eq(C.id, client.id))) as SummaryRow[];
  const members = await t.db.select({ userId: CMM.userId }).from(CMM).where(and(eq(CMM.companyId, t.companyId), eq(CMM.clientId, client.id)));
  const candidates = await marketingMembers(t);
  // Someone who left the company (or lost `marketing`) is not shown as listed.
  const current = new Set(candidates.map((m) => m.userId));
  return {
    id: client.id,
    name: summary!.name,
    isOwn: client.organizationId === null,
    archived: !!client.archivedAt,
    visibility: client.visibility as ClientVisibility,
    memberIds: members.map((m) => m.userId).filter((id) => current.has(id)),
    clientApproval: client.clientApproval,
    candidates,
    usage: await usageOf(t, client.id),
  };
}

/**
 * Archive or reactivate, who sees the client, approval by a client contact (decision 0321). The
 * company itself cannot be archived. Restricting to members keeps the member who does it on the
 * list (unless an admin, who sees every client anyway), so nobody hides a client from themselves.
 */
export async function setClientOptions(t: Tenant, idOrSlug: string, data: { archived?: boolean; visibility?: ClientVisibility; memberIds?: string[]; clientApproval?: boolean }): Promise<ClientOptionsView> {
  const client = await resolveClient(t, idOrSlug);
  if (data.archived && client.organizationId === null) throw badRequest(CLIENT_MESSAGES.ownCannotArchive, 'MARKETING_OWN_CLIENT');
  let memberIds = data.memberIds ? [...new Set(data.memberIds)] : undefined;
  const visibility = data.visibility ?? (client.visibility as ClientVisibility);
  if (memberIds || data.visibility === 'members') {
    const candidates = await marketingMembers(t);
    const byId = new Map(candidates.map((m) => [m.userId, m]));
    if (memberIds?.some((id) => !byId.has(id))) throw badRequest(CLIENT_MESSAGES.members, 'MARKETING_CLIENT_MEMBERS');
    const me = byId.get(t.actorId);
    if (visibility === 'members' && me && !me.isAdmin) {
      if (!memberIds) memberIds = (await t.db.select({ userId: CMM.userId }).from(CMM).where(and(eq(CMM.companyId, t.companyId), eq(CMM.clientId, client.id)))).map((m) => m.userId);
      if (!memberIds.includes(t.actorId)) memberIds.push(t.actorId);
    }
  }
  await t.db.transaction(async (tx) => {
    const set: Partial<typeof C.$inferInsert> = { updatedAt: new Date() };
    if (data.archived !== undefined) set.archivedAt = data.archived ? (client.archivedAt ?? new Date()) : null;
    if (data.visibility) set.visibility = data.visibility;
    if (data.clientApproval !== undefined) set.clientApproval = data.clientApproval;
    await tx.update(C).set(set).where(and(eq(C.id, client.id), eq(C.companyId, t.companyId)));
    if (memberIds) {
      await tx.delete(CMM).where(and(eq(CMM.companyId, t.companyId), eq(CMM.clientId, client.id), memberIds.length ? notInArray(CMM.userId, memberIds) : undefined));
      if (memberIds.length) await tx.insert(CMM).values(memberIds.map((userId) => ({ companyId: t.companyId, clientId: client.id, userId }))).onConflictDoNothing();
    }
    await logAudit(tx, t, { action: 'marketing_client_options_changed', entity: CLIENT_ENTITY, id: client.id, details: { archived: data.archived, visibility: data.visibility, members: memberIds?.length, clientApproval: data.clientApproval } });
    await announce(tx, { companyId: t.companyId, entity: CLIENT_ENTITY, id: client.id, action: 'updated' });
  });
  return getClientOptions(t, client.id);
}

/**
 * Deletes a client (decision 0323): never the company itself; refused (409) while pieces,
 * campaigns or materials point at it; its members list and contacts links go with it (the
 * people stay in the contact base).
 */
export async function deleteClient(t: Tenant, idOrSlug: string): Promise<void> {
  const client = await resolveClient(t, idOrSlug);
  if (client.organizationId === null) throw badRequest(CLIENT_MESSAGES.ownCannotArchive, 'MARKETING_OWN_CLIENT');
  const usage = await usageOf(t, client.id);
  if (usage.pieces || usage.campaigns || usage.other) throw conflict(CLIENT_MESSAGES.inUse(usage.pieces, usage.campaigns, usage.other), 'MARKETING_CLIENT_IN_USE');
  const [org] = await t.db.select({ name: sql<string>`coalesce(nullif(${O.nomeFantasia}, ''), ${O.razaoSocial})` }).from(O).where(eq(O.id, client.organizationId));
  await t.db.transaction(async (tx) => {
    await tx.delete(C).where(and(eq(C.id, client.id), eq(C.companyId, t.companyId)));
    await logAudit(tx, t, { action: 'marketing_client_deleted', entity: CLIENT_ENTITY, id: client.id, details: { label: org?.name } });
    await announce(tx, { companyId: t.companyId, entity: CLIENT_ENTITY, id: client.id, action: 'deleted' });
  });
}

/** Links a platform person to the client as a contact (a person of the company's contact base). */
export async function addContact(t: Tenant, idOrSlug: string, data: ContactCreateInput & { role: string; canApprove: boolean }): Promise<ClientContact> {
  const client = await resolveClient(t, idOrSlug);
  const [person] = await t.db.select({ id: PE.id }).from(PE).where(and(eq(PE.id, data.personId), eq(PE.companyId, t.companyId), isNull(PE.deletedAt)));
  if (!person) throw notFound(CLIENT_MESSAGES.personNotFound);
  const [row] = await t.db
    .insert(CC)
    .values({ companyId: t.companyId, clientId: client.id, personId: person.id, role: data.role || null, canApprove: data.canApprove, createdBy: t.actorId })
    .onConflictDoNothing()
    .returning({ id: CC.id });
  if (!row) throw conflict(CLIENT_MESSAGES.contactExists, 'MARKETING_CONTACT_EXISTS');
  await announce(t.db, { companyId: t.companyId, entity: CLIENT_ENTITY, id: client.id, action: 'updated' });
  return (await contactsOf(t, client.id)).find((c) => c.id === row.id)!;
}

async function contactOf(t: Tenant, clientId: string, contactId: string) {
  if (!isUuid(contactId)) throw notFound(CLIENT_MESSAGES.contactNotFound);
  const [row] = await t.db.select({ id: CC.id }).from(CC).where(and(eq(CC.id, contactId), eq(CC.clientId, clientId), eq(CC.companyId, t.companyId)));
  if (!row) throw notFound(CLIENT_MESSAGES.contactNotFound);
  return row;
}

export async function updateContact(t: Tenant, idOrSlug: string, contactId: string, data: ContactUpdateInput): Promise<ClientContact> {
  const client = await resolveClient(t, idOrSlug);
  await contactOf(t, client.id, contactId);
  const set: Partial<typeof CC.$inferInsert> = {};
  if (data.role !== undefined) set.role = data.role || null;
  if (data.canApprove !== undefined) set.canApprove = data.canApprove;
  if (Object.keys(set).length) await t.db.update(CC).set(set).where(and(eq(CC.id, contactId), eq(CC.companyId, t.companyId)));
  await announce(t.db, { companyId: t.companyId, entity: CLIENT_ENTITY, id: client.id, action: 'updated' });
  return (await contactsOf(t, client.id)).find((c) => c.id === contactId)!;
}

export async function removeContact(t: Tenant, idOrSlug: string, contactId: string): Promise<void> {
  const client = await resolveClient(t, idOrSlug);
  await contactOf(t, client.id, contactId);
  await t.db.delete(CC).where(and(eq(CC.id, contactId), eq(CC.companyId, t.companyId)));
  await announce(t.db, { companyId: t.companyId, entity: CLIENT_ENTITY, id: client.id, action: 'updated' });
}

/** Whether the client exists for the member (files of the client: its logo). */
export async function clientVisible(t: Tenant, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const [row] = await t.db.select({ id: C.id }).from(C).where(and(eq(C.id, id), eq(C.companyId, t.companyId)));
  if (!row) return false;
  const visible = await visibleClientIds(t);
  return !visible || visible.includes(id);
}

/** The contacts of a client who may approve its pieces (for the approval flow). */
export async function approverContacts(t: Tenant, clientId: string): Promise<ClientContact[]> {
  return (await contactsOf(t, clientId)).filter((c) => c.canApprove);
}
