import { and, asc, desc, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { SUPPORT_CATEGORY_LABELS, SUPPORT_MESSAGES as M, ticketCode, type SupportCategory, type SupportMessageView, type SupportOperatorTicket, type SupportStatus, type SupportTicketCreate, type SupportTicketView } from '@sede/shared/support/schemas';
import { isUuid } from '@sede/shared/platform/api';
import { notFound } from '../../http/errors.ts';
import { layout } from '../../platform/mail-templates.ts';
import { notify } from '../../platform/notifications/notify.ts';
import type { Services } from '../../services.ts';

const { supportTickets: T, supportMessages: SM, user: U, companies: C, files: F } = schema;
export const SUPPORT_TICKET_ENTITY = 'support_ticket';

type TicketRow = typeof T.$inferSelect;
const toView = (t: TicketRow): SupportTicketView => ({
  id: t.id,
  code: ticketCode(t.id),
  subject: t.subject,
  category: t.category as SupportCategory,
  status: t.status as SupportStatus,
  createdAt: t.createdAt.toISOString(),
  updatedAt: t.updatedAt.toISOString(),
  hasCompany: t.companyId !== null,
});
const fullName = (u: { name: string | null; email: string | null } | null) => u?.name?.trim() || u?.email || 'Pessoa removida';

/** The person's own ticket; anyone else's (another person's, another company's) does not exist. */
export async function ownTicket(s: Services, userId: string, id: string): Promise<TicketRow> {
  const [row] = await s.db.select().from(T).where(and(eq(T.id, id), eq(T.userId, userId))).limit(1);
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function anyTicket(s: Services, id: string): Promise<TicketRow> {
  const [row] = await s.db.select().from(T).where(eq(T.id, id)).limit(1);
  if (!row) throw notFound(M.notFound);
  return row;
}

export async function listOwnTickets(s: Services, userId: string): Promise<SupportTicketView[]> {
  const rows = await s.db.select().from(T).where(eq(T.userId, userId)).orderBy(desc(T.updatedAt)).limit(200);
  return rows.map(toView);
}

async function messagesOf(s: Services, ticketId: string): Promise<SupportMessageView[]> {
  const rows = await s.db
    .select({ m: SM, name: U.name, email: U.email })
    .from(SM)
    .leftJoin(U, eq(U.id, SM.authorId))
    .where(eq(SM.ticketId, ticketId))
    .orderBy(asc(SM.createdAt), asc(SM.id));
  return rows.map(({ m, name, email }) => ({
    id: m.id,
    body: m.body,
    fromSupport: m.fromSupport,
    // The operators answer as the team, not by name.
    authorName: m.fromSupport ? 'Equipe de suporte do Sede' : fullName({ name, email }),
    createdAt: m.createdAt.toISOString(),
  }));
}

export async function ticketDetail(s: Services, ticket: TicketRow) {
  return { ...toView(ticket), messages: await messagesOf(s, ticket.id) };
}

/** Opens a ticket with its first message in one transaction, then tells the support address. */
export async function createTicket(s: Services, who: { userId: string; companyId: string | null; email: string; name: string }, data: SupportTicketCreate) {
  const ticket = await s.db.transaction(async (tx) => {
    const [t] = await tx.insert(T).values({ companyId: who.companyId, userId: who.userId, subject: data.subject, category: data.category }).returning();
    await tx.insert(SM).values({ ticketId: t!.id, companyId: who.companyId, authorId: who.userId, body: data.message });
    return t!;
  });
  await mailSupport(s, ticket, who, data.message, 'Novo chamado');
  return ticketDetail(s, ticket);
}

/** The person writes again: the ticket goes back to the support's queue (reopened if resolved). */
export async function addOwnMessage(s: Services, who: { userId: string; email: string; name: string }, ticket: TicketRow, body: string) {
  const updated = await s.db.transaction(async (tx) => {
    await tx.insert(SM).values({ ticketId: ticket.id, companyId: ticket.companyId, authorId: who.userId, body });
    const [t] = await tx.update(T).set({ status: 'aberto', updatedAt: new Date() }).where(eq(T.id, ticket.id)).returning();
    return t!;
  });
  await mailSupport(s, updated, who, body, 'Nova mensagem no chamado');
  return ticketDetail(s, updated);
}

export async function setStatus(s: Services, ticket: TicketRow, status: SupportStatus) {
  const [t] = await s.db.update(T).set({ status, updatedAt: new Date() }).where(eq(T.id, ticket.id)).returning();
  return ticketDetail(s, t!);
}

async function mailSupport(s: Services, ticket: TicketRow, who: { email: string; name: string }, body: string, what: string) {
  const to = s.cfg.SUPPORT_EMAIL;
  if (!to) return;
  const code = ticketCode(ticket.id);
  const subject = `[Sede ${code}] ${what}: ${ticket.subject}`;
  const lines = [
    `${what} de ${who.name} <${who.email}>.`,
    `Categoria: ${SUPPORT_CATEGORY_LABELS[ticket.category as SupportCategory] ?? ticket.category}.`,
    `Assunto: ${ticket.subject}`,
    body,
  ];
  const url = `${s.cfg.appUrl}/suporte/operador?chamado=${ticket.id}`;
  try {
    await s.mailer.send({ to, subject, text: `${lines.join('\n\n')}\n\nResponder: ${url}`, html: layout(subject, lines, { label: 'Responder no Sede', url }) });
  } catch (err) {
    // The ticket is saved and on the operators' screen; a mail failure must not lose it.
    console.error(`[support] e-mail do chamado ${code} não enviado:`, (err as Error).message);
  }
}

// ——— The platform's operators ———

export async function listAllTickets(s: Services, f: { status?: SupportStatus; q?: string }): Promise<SupportOperatorTicket[]> {
  const where: SQL[] = [];
  if (f.status) where.push(eq(T.status, f.status));
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(T.subject, like), ilike(U.email, like), ilike(C.name, like))!);
  }
  const rows = await s.db
    .select({ t: T, name: U.name, email: U.email, companyName: C.name })
    .from(T)
    .leftJoin(U, eq(U.id, T.userId))
    .leftJoin(C, eq(C.id, T.companyId))
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(T.updatedAt))
    .limit(200);
  return rows.map(({ t, name, email, companyName }) => Object.assign(toView(t), { requester: { name: fullName({ name, email }), email: email ?? '' }, companyName }));
}

export async function operatorDetail(s: Services, ticket: TicketRow) {
  const [who] = await s.db.select({ name: U.name, email: U.email }).from(U).where(eq(U.id, ticket.userId));
  const [company] = ticket.companyId ? await s.db.select({ name: C.name }).from(C).where(eq(C.id, ticket.companyId)) : [];
  const attachments = ticket.companyId
    ? await s.db
        .select({ id: F.id, name: F.name, size: F.size })
        .from(F)
        .where(and(eq(F.companyId, ticket.companyId), eq(F.entityType, SUPPORT_TICKET_ENTITY), eq(F.entityId, ticket.id), isNull(F.deletedAt)))
        .orderBy(asc(F.createdAt))
    : [];
  return {
    ...(await ticketDetail(s, ticket)),
    requester: { name: fullName(who ?? null), email: who?.email ?? '' },
    companyName: company?.name ?? null,
    attachments: attachments.map((a) => ({ ...a, size: Number(a.size) })),
  };
}

/** An operator answers: the ticket waits for the person, who is told in the app and by e-mail. */
export async function operatorReply(s: Services, operatorId: string, ticket: TicketRow, body: string) {
  const updated = await s.db.transaction(async (tx) => {
    await tx.insert(SM).values({ ticketId: ticket.id, companyId: ticket.companyId, authorId: operatorId, fromSupport: true, body });
    const [t] = await tx.update(T).set({ status: 'respondido', updatedAt: new Date() }).where(eq(T.id, ticket.id)).returning();
    return t!;
  });
  await tellRequester(s, updated, body);
  return operatorDetail(s, updated);
}

async function tellRequester(s: Services, ticket: TicketRow, body: string) {
  const code = ticketCode(ticket.id);
  const title = `O suporte respondeu o chamado ${code}`;
  const link = `/suporte?chamado=${ticket.id}`;
  if (ticket.companyId) {
    const sent = await notify(s, { companyId: ticket.companyId, userIds: [ticket.userId], kind: 'alert', title, body: body.slice(0, 300), link });
    if (sent.inApp + sent.email > 0) return;
  }
  // No company (or no longer a member there): the e-mail is the only way to reach the person.
  const [who] = await s.db.select({ email: U.email }).from(U).where(eq(U.id, ticket.userId));
  if (!who?.email) return;
  const url = `${s.cfg.appUrl}${link}`;
  try {
    await s.mailer.send({ to: who.email, subject: `[Sede ${code}] ${title}`, text: `${title}.\n\n${body}\n\nVer o chamado: ${url}`, html: layout(title, [body], { label: 'Ver o chamado', url }) });
  } catch (err) {
    console.error(`[support] aviso do chamado ${code} não enviado:`, (err as Error).message);
  }
}

/** Tickets of the given ids that belong to the company (the files' entity check). */
export async function companyTicketOf(s: Services, companyId: string, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await s.db.select({ id: T.id }).from(T).where(and(inArray(T.id, [id]), eq(T.companyId, companyId), eq(T.userId, userId))).limit(1);
  return rows.length > 0;
}
