import { and, eq, gte, isNotNull, lte, or, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { DUNNING_MAX_DAYS_AFTER, DUNNING_MAX_DAYS_BEFORE, type DunningChannel } from '@sede/shared/finance/dunning';
import { day, money } from '@sede/shared/format';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { AppError } from '../../http/errors.ts';
import { layout } from '../../platform/mail-templates.ts';
import { systemTenant, tenantTransaction } from '../../platform/tenant.ts';
import type { Services, Tenant } from '../../services.ts';
import { chargeLink, companyName, customerEmail, findDefaultPixKey } from '../finance-pix/public.ts';
import { isSuppressed } from '../parties/public.ts';
import { listTemplates, sendTemplate, waNumber, whatsappReady } from '../whatsapp/public.ts';
import { ruleOf, stepsOf, type Rule } from './settings.ts';

const { finEntries: E, finDunningMessages: DM, finDunningPauses: PZ, organizations: O, people: P } = schema;

/** The platform's daily run (decision 0583): 8h in Brasília, every company. */
export const DUNNING_QUEUE = 'finance-dunning-daily';
export const DUNNING_CRON = '0 8 * * *';

/**
 * A step missed on its day (the server was down, the receivable was registered late, the customer
 * was paused) is still sent on a later run while it is the latest step that came due and came due
 * at most this many days ago; older missed steps are never sent (no burst of reminders).
 */
export const CATCH_UP_DAYS = 7;

type EntryRow = typeof E.$inferSelect;

const daysFrom = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The step due today for a receivable: the latest one whose day came, at most CATCH_UP_DAYS ago (null: none). */
export function dueStep(steps: number[], dueDate: string, today: string): number | null {
  const offset = daysFrom(dueDate, today);
  let found: number | null = null;
  for (const step of steps) if (step <= offset && step >= offset - CATCH_UP_DAYS) found = step;
  return found;
}

const pausedClause = (e: typeof E) =>
  sql`exists (select 1 from ${PZ} where ${PZ.companyId} = ${e.companyId} and (${PZ.organizationId} = ${e.organizationId} or ${PZ.personId} = ${e.personId}))`;

/** An open receivable of a customer, with something left to pay (what the rule reminds). */
const remindable = (e: typeof E) => and(eq(e.kind, 'receivable'), eq(e.status, 'open'), sql`${e.amountCents} > ${e.paidCents}`, or(isNotNull(e.organizationId), isNotNull(e.personId)));

/**
 * The daily run over every company: each receivable's due step is claimed once per channel (a row
 * UNIQUE (entry, step, channel), inserted in the transaction that sees the receivable open and
 * not paused) and then sent. Answers how many messages went out.
 */
export async function runDunning(s: Services, now = new Date(s.clock.now())): Promise<number> {
  const today = todayInBrazil(now);
  // The scan spans every company (a schedule of the platform's); each company's work is its tenant's.
  const { rows } = await s.db.execute<{ company_id: string }>(
    sql`select distinct company_id from fin_entries where ${remindable(E)}
        and due_date between ${addDays(today, -(DUNNING_MAX_DAYS_AFTER + CATCH_UP_DAYS))}::date and ${addDays(today, DUNNING_MAX_DAYS_BEFORE)}::date`,
  );
  let sent = 0;
  for (const { company_id } of rows) {
    try {
      sent += await runCompany(s, systemTenant(s, company_id, 'schedule'), today);
    } catch (err) {
      // One company's failure (its WhatsApp account, a template list) never stops the others'.
      console.error('[finance-dunning] company run failed', company_id, (err as Error).message);
    }
  }
  return sent;
}

type Channels = { email: boolean; whatsapp: { name: string; language: string } | null };

async function channelsOf(s: Services, tenant: Tenant, rule: Rule): Promise<Channels> {
  const whatsapp = rule.whatsapp && rule.whatsappTemplate && (await whatsappReady(s, tenant.companyId)) ? rule.whatsappTemplate : null;
  return { email: rule.email, whatsapp };
}

export async function runCompany(s: Services, tenant: Tenant, today: string): Promise<number> {
  const rule = await ruleOf(tenant.db, tenant);
  if (!rule.enabled) return 0;
  // Without a default Pix key there is no payment page to link: nothing is sent (the settings say so).
  const key = await findDefaultPixKey(tenant.db, tenant);
  if (!key || key.archivedAt) return 0;
  const steps = stepsOf(rule);
  if (!steps.length) return 0;
  const channels = await channelsOf(s, tenant, rule);
  const wanted: DunningChannel[] = [...(channels.email ? (['email'] as const) : []), ...(channels.whatsapp ? (['whatsapp'] as const) : [])];
  if (!wanted.length) return 0;
  const candidates = await tenant.db
    .select({ id: E.id, dueDate: E.dueDate })
    .from(E)
    .where(and(eq(E.companyId, tenant.companyId), remindable(E), gte(E.dueDate, addDays(today, -(steps.at(-1)! + CATCH_UP_DAYS))), lte(E.dueDate, addDays(today, -steps[0]!)), sql`not ${pausedClause(E)}`));
  // Steps already claimed are skipped without a transaction (the claim's unique index still decides).
  // The ids go as one array parameter (a PostgreSQL array literal of uuids read from the database).
  const ids = `{${candidates.map((c) => c.id).join(',')}}`;
  const claimedBefore = new Set(
    candidates.length
      ? (
          await tenant.db
            .select({ entryId: DM.entryId, step: DM.step, channel: DM.channel })
            .from(DM)
            .where(and(eq(DM.companyId, tenant.companyId), sql`${DM.entryId} = any(${ids}::uuid[])`))
        ).map((r) => `${r.entryId}:${r.step}:${r.channel}`)
      : [],
  );
  let sent = 0;
  for (const c of candidates) {
    const step = dueStep(steps, c.dueDate, today);
    if (step === null || wanted.every((ch) => claimedBefore.has(`${c.id}:${step}:${ch}`))) continue;
    const claimed = await claim(tenant, c.id, step, wanted);
    if (claimed) sent += await deliver(s, tenant, claimed.entry, step, claimed.rows, channels);
  }
  return sent;
}

type Claimed = { id: string; channel: DunningChannel };

/**
 * The claim: in one transaction the receivable is read (share-locked, skipped when a settlement
 * holds it), still open, its customer not paused, and one row per channel is inserted unless the
 * step was claimed before. Only the rows this claim inserted are sent.
 */
async function claim(tenant: Tenant, entryId: string, step: number, channels: DunningChannel[]) {
  return tenantTransaction(tenant, async ({ db }) => {
    const [entry] = await db
      .select()
      .from(E)
      .where(and(eq(E.companyId, tenant.companyId), eq(E.id, entryId), remindable(E), sql`not ${pausedClause(E)}`))
      .for('share', { skipLocked: true });
    if (!entry) return null;
    const rows = (await db
      .insert(DM)
      .values(channels.map((channel) => ({ companyId: tenant.companyId, entryId, step, channel })))
      .onConflictDoNothing()
      .returning({ id: DM.id, channel: DM.channel })) as Claimed[];
    return rows.length ? { entry, rows } : null;
  });
}

const mark = (db: DbOrTx, id: string, status: 'sent' | 'failed' | 'skipped', reason: string | null, recipient: string | null = null) =>
  db
    .update(DM)
    .set({ status, reason, recipient, sentAt: status === 'sent' ? new Date() : null })
    .where(eq(DM.id, id));

const reasonOf = (err: unknown, fallback: string) => (err instanceof AppError ? err.message : fallback);

async function stillOpen(tenant: Tenant, entryId: string) {
  const [row] = await tenant.db
    .select({ id: E.id })
    .from(E)
    .where(and(eq(E.companyId, tenant.companyId), eq(E.id, entryId), remindable(E)));
  return !!row;
}

/** The customer's contacts and opt-outs: the organization's e-mail and phone, else the person's first. */
async function contactsOf(tenant: Tenant, entry: EntryRow) {
  const org = entry.organizationId
    ? (await tenant.db.select({ name: O.razaoSocial, fantasia: O.nomeFantasia, phone: O.phone }).from(O).where(and(eq(O.companyId, tenant.companyId), eq(O.id, entry.organizationId))))[0]
    : undefined;
  const person = entry.personId
    ? (await tenant.db.select({ name: P.name, phones: P.phones, emailOptOut: P.emailOptOut, whatsappOptOut: P.whatsappOptOut }).from(P).where(and(eq(P.companyId, tenant.companyId), eq(P.id, entry.personId))))[0]
    : undefined;
  return {
    name: org?.fantasia?.trim() || org?.name || person?.name || '',
    phone: org?.phone || person?.phones[0] || null,
    emailOptOut: person?.emailOptOut ?? false,
    whatsappOptOut: person?.whatsappOptOut ?? false,
  };
}

function wording(step: number, entry: EntryRow, company: string, amount: string) {
  const due = day(entry.dueDate);
  if (step < 0) return { subject: `Lembrete: ${entry.description} vence em ${due}`, lead: `${company} lembra que a cobrança de ${amount} referente a "${entry.description}" vence em ${due}.` };
  if (step === 0) return { subject: `Vence hoje: ${entry.description} — ${amount}`, lead: `A cobrança de ${amount} de ${company} referente a "${entry.description}" vence hoje (${due}).` };
  return { subject: `Cobrança em atraso: ${entry.description} — ${amount}`, lead: `A cobrança de ${amount} de ${company} referente a "${entry.description}" venceu em ${due} e ainda consta em aberto. Se já pagou, desconsidere esta mensagem.` };
}

/**
 * Sends what a claim took. Just before each message the receivable is read again: paid or
 * cancelled meanwhile, the message is not sent ('skipped'). Failures are kept with their reason;
 * a claimed step is never sent again (at most once: a crash mid-send leaves it 'sending').
 */
async function deliver(s: Services, tenant: Tenant, entry: EntryRow, step: number, rows: Claimed[], channels: Channels): Promise<number> {
  let link: { url: string; brCode: string; amountCents: number };
  try {
    link = await chargeLink(s, tenant, entry.id);
  } catch (err) {
    for (const r of rows) await mark(tenant.db, r.id, 'failed', reasonOf(err, 'Não foi possível gerar o link de pagamento.'));
    return 0;
  }
  const [company, contacts] = await Promise.all([companyName(tenant.db, tenant.companyId), contactsOf(tenant, entry)]);
  const amount = money(link.amountCents);
  // Each channel's address, the customer's refusal of it and its sending; the steps around them are the same.
  const byEmail = async () => ({
    to: await customerEmail(tenant.db, tenant, entry),
    missing: 'Cliente sem e-mail cadastrado.',
    optedOut: contacts.emailOptOut,
    suppressionKey: (to: string) => ({ email: to }),
    refusedByCustomer: 'Cliente pediu para não receber e-mails.',
    send: async (to: string) => {
      const { subject, lead } = wording(step, entry, company, amount);
      const paragraphs = ['Olá!', lead, 'Pague por Pix pelo botão abaixo (QR code e copia e cola, sem criar conta) ou copie o código Pix:', link.brCode];
      await s.mailer.send({ to, subject, text: `${paragraphs.join('\n\n')}\n\nPagar: ${link.url}`, html: layout(subject, paragraphs, { label: 'Ver cobrança e pagar', url: link.url }) });
    },
    failure: (err: unknown) => {
      console.error('[finance-dunning] mail failed', (err as Error).message);
      return 'O servidor de e-mail recusou o envio.';
    },
  });
  const byWhatsapp = () => ({
    to: waNumber(contacts.phone),
    missing: 'Cliente sem celular cadastrado.',
    optedOut: contacts.whatsappOptOut,
    suppressionKey: (to: string) => ({ phone: to }),
    refusedByCustomer: 'Cliente pediu para não receber WhatsApp.',
    send: (to: string) => sendWhatsapp(s, tenant, to, channels.whatsapp!, [contacts.name || 'cliente', entry.description, amount, day(entry.dueDate), link.url], company, link.url),
    failure: (err: unknown) => reasonOf(err, 'O WhatsApp recusou o envio.'),
  });
  let sent = 0;
  for (const r of rows) {
    if (!(await stillOpen(tenant, entry.id))) {
      await mark(tenant.db, r.id, 'skipped', 'Recebido ou cancelado antes do envio.');
      continue;
    }
    const way = r.channel === 'email' ? await byEmail() : byWhatsapp();
    if (!way.to) {
      await mark(tenant.db, r.id, 'skipped', way.missing);
      continue;
    }
    if (way.optedOut || (await isSuppressed(s, tenant, way.suppressionKey(way.to)))) {
      await mark(tenant.db, r.id, 'skipped', way.refusedByCustomer, way.to);
      continue;
    }
    try {
      await way.send(way.to);
      await mark(tenant.db, r.id, 'sent', null, way.to);
      sent++;
    } catch (err) {
      await mark(tenant.db, r.id, 'failed', way.failure(err), way.to);
    }
  }
  return sent;
}

/**
 * The approved template with the rule's variables in this order (decision 0581): {{1}} the
 * customer's name, {{2}} what is charged, {{3}} the amount, {{4}} the due date, {{5}} the payment
 * link; as many as the template has. A text header's {{1}} is the company's name; a URL button
 * ending in {{1}} gets the payment page's token.
 */
async function sendWhatsapp(s: Services, tenant: Tenant, to: string, chosen: { name: string; language: string }, values: string[], company: string, url: string) {
  const tpl = (await listTemplates(s, tenant)).find((t) => t.name === chosen.name && t.language === chosen.language);
  if (!tpl) throw new AppError(409, 'TEMPLATE_GONE', 'O modelo de WhatsApp escolhido não está mais aprovado.');
  const token = url.slice(url.lastIndexOf('/') + 1);
  await sendTemplate(s, tenant, to, {
    template: tpl.name,
    language: tpl.language,
    variables: values.slice(0, tpl.variables),
    header: tpl.header?.format === 'text' && tpl.header.variables > 0 ? { format: 'text', value: company } : null,
    buttons: tpl.buttons.map((b) => ({ index: b.index, value: token })),
  });
}
