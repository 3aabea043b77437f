import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import { schema, type DbOrTx } from '@sede/db/client';
import { CAMPAIGN_MESSAGES, DEFAULT_RATE_PER_SECOND, type SenderView, type senderSchema } from '@sede/shared/campaigns/schemas';
import type { z } from 'zod';
import { AppError, badRequest, conflict } from '../../http/errors.ts';
import { logAudit } from '../../platform/audit.ts';
import { upsertCompanyRow } from '../../platform/company-row.ts';
import { serverState } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';

const SND = schema.campaignSenders;
type SenderRow = typeof SND.$inferSelect;

/** Connections per company pool (decision 0252). */
export const MAX_CONNECTIONS = 10;

export async function senderRow(db: DbOrTx, companyId: string): Promise<SenderRow | null> {
  const [row] = await db.select().from(SND).where(eq(SND.companyId, companyId)).limit(1);
  return row ?? null;
}

async function companyName(db: DbOrTx, companyId: string) {
  const [c] = await db.select({ name: schema.companies.name }).from(schema.companies).where(eq(schema.companies.id, companyId));
  return c?.name ?? 'Sede';
}

export async function getSender(s: Services, t: Tenant): Promise<SenderView> {
  const row = await senderRow(t.db, t.companyId);
  return {
    fromName: row?.fromName ?? (await companyName(t.db, t.companyId)),
    replyTo: row?.replyTo ?? null,
    ratePerSecond: row?.ratePerSecond ?? DEFAULT_RATE_PER_SECOND,
    smtp: row?.smtpHost ? { host: row.smtpHost, port: row.smtpPort ?? 587, secure: row.smtpSecure, user: row.smtpUser, fromEmail: ownFromEmail(row), hasPassword: !!row.smtpPasswordEnc } : null,
    bounceDomain: s.cfg.BOUNCE_DOMAIN ?? null,
    configured: !!row,
  };
}

/** The From address through an own SMTP (decision 0402): the one set, else the user when it is an address. */
const ownFromEmail = (row: Pick<SenderRow, 'fromEmail' | 'smtpUser'>) => row.fromEmail ?? (row.smtpUser && /@/.test(row.smtpUser) ? row.smtpUser.toLowerCase() : null);

/** An own SMTP needs a From address of its own: never the platform's, which its SPF/DMARC would fail. */
function fromEmailOf(input: z.output<typeof senderSchema>): string | null {
  if (!input.smtp) return null;
  const from = ownFromEmail({ fromEmail: input.smtp.fromEmail, smtpUser: input.smtp.user });
  if (!from) throw badRequest(CAMPAIGN_MESSAGES.fromEmailRequired, 'FROM_EMAIL_REQUIRED');
  return from;
}

/** The sender's columns the form sets (its password apart): the name and reply-to, its own SMTP or none. */
const formColumns = (input: z.output<typeof senderSchema>, fromEmail: string | null) => ({
  fromName: input.fromName,
  replyTo: input.replyTo,
  smtpHost: input.smtp?.host ?? null,
  smtpPort: input.smtp?.port ?? null,
  smtpSecure: input.smtp?.secure ?? false,
  smtpUser: input.smtp?.user ?? null,
  fromEmail,
});

export async function saveSender(s: Services, t: Tenant, input: z.output<typeof senderSchema>): Promise<SenderView> {
  const fromEmail = fromEmailOf(input);
  const prev = await senderRow(t.db, t.companyId);
  let passwordEnc = prev?.smtpPasswordEnc ?? null;
  if (!input.smtp) passwordEnc = null;
  else if (input.smtp.password !== undefined) passwordEnc = input.smtp.password ? encryptSecret(s, input.smtp.password) : null;
  const values = {
    ...formColumns(input, fromEmail),
    ratePerSecond: input.ratePerSecond,
    smtpPasswordEnc: passwordEnc,
    updatedBy: t.actorId,
    updatedAt: new Date(),
  };
  await t.db.transaction(async (tx) => {
    await upsertCompanyRow(tx, SND, t.companyId, values);
    await logAudit(tx, t, { action: 'campaign_sender_changed', entity: 'campaign_sender', id: null, details: { ownSmtp: !!input.smtp } });
  });
  dropTransport(s, t.companyId);
  return getSender(s, t);
}

/** The From address: the own SMTP's (decision 0402), else the server's MAIL_FROM address. */
const serverFromAddress = (s: Services) => /<([^>]+)>/.exec(s.cfg.MAIL_FROM)?.[1] ?? s.cfg.MAIL_FROM;

export type CampaignTransport = {
  /** null = no SMTP anywhere: the server's mailer (dev mailbox) without the campaign's headers. */
  transport: Transporter<SMTPPool.SentMessageInfo> | null;
  from: { name: string; address: string };
  replyTo: string | null;
  ratePerSecond: number;
};

const transports = (s: Services) => serverState(s, 'campaigns.transports', () => new Map<string, { key: string; transport: Transporter<SMTPPool.SentMessageInfo> }>());

function dropTransport(s: Services, companyId: string) {
  const entry = transports(s).get(companyId);
  if (entry) {
    entry.transport.close();
    transports(s).delete(companyId);
  }
}

export function closeTransports(s: Services) {
  for (const [id] of transports(s)) dropTransport(s, id);
}

/** SMTP options from a smtp(s):// URL. */
function optionsFromUrl(url: string): SMTPPool.Options {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return {
    host: u.hostname,
    port: Number(u.port) || (secure ? 465 : 587),
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
  };
}

function poolOf(options: SMTPPool.Options) {
  // A pooled transport (decision 0252): connections reused, several messages in flight.
  return nodemailer.createTransport({ ...options, pool: true, maxConnections: MAX_CONNECTIONS, maxMessages: 1000, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 });
}

/** The company's transport: its own SMTP, else the server's SMTP_URL, else the server's mailer. */
export async function transportFor(s: Services, t: Pick<Tenant, 'db' | 'companyId'>, row?: SenderRow | null, opts: { fresh?: boolean } = {}): Promise<CampaignTransport> {
  const companyId = t.companyId;
  const sender = row === undefined ? await senderRow(t.db, companyId) : row;
  const fromName = sender?.fromName ?? (await companyName(t.db, companyId));
  const own = sender?.smtpHost ? sender : null;
  const base = {
    from: { name: fromName, address: (own && ownFromEmail(own)) ?? serverFromAddress(s) },
    replyTo: sender?.replyTo ?? null,
    ratePerSecond: sender?.ratePerSecond ?? DEFAULT_RATE_PER_SECOND,
  };
  let options: SMTPPool.Options | null = null;
  let key = '';
  if (own) {
    const pass = own.smtpPasswordEnc ? decryptSecret(s, own.smtpPasswordEnc) : undefined;
    options = { host: own.smtpHost!, port: own.smtpPort ?? 587, secure: own.smtpSecure, auth: own.smtpUser ? { user: own.smtpUser, pass } : undefined };
    key = `own:${own.updatedAt.toISOString()}`;
  } else if (s.cfg.SMTP_URL) {
    options = optionsFromUrl(s.cfg.SMTP_URL);
    key = 'server';
  }
  if (!options) return { ...base, transport: null };
  if (opts.fresh) return { ...base, transport: poolOf(options) };
  const cached = transports(s).get(companyId);
  if (cached?.key === key) return { ...base, transport: cached.transport };
  if (cached) dropTransport(s, companyId);
  const transport = poolOf(options);
  transports(s).set(companyId, { key, transport });
  return { ...base, transport };
}

/** Whether the company can send at all (an SMTP, or the dev mailbox of a local install). */
export const canSend = (s: Services, t: CampaignTransport) => t.transport !== null || s.mailer.mode === 'dev-mailbox';

/**
 * 'Testar': connects with the given (or stored) settings and sends a test message to the member
 * from the very From address the campaigns will use, so a provider that refuses it says so now.
 * A connection, authentication or sender failure is a 409 with the server's reason.
 */
export async function testSender(s: Services, t: Tenant, parsed: z.output<typeof senderSchema>, to: string): Promise<{ message: string }> {
  const fromEmail = fromEmailOf(parsed);
  const prev = await senderRow(t.db, t.companyId);
  const pass = parsed.smtp?.password !== undefined ? parsed.smtp.password : prev?.smtpPasswordEnc ? decryptSecret(s, prev.smtpPasswordEnc) : undefined;
  const row = {
    ...(prev ?? ({} as SenderRow)),
    ...formColumns(parsed, fromEmail),
    smtpPasswordEnc: pass ? encryptSecret(s, pass) : null,
    updatedAt: new Date(),
  } as SenderRow;
  const ct = await transportFor(s, t, row, { fresh: true });
  if (!canSend(s, ct)) throw conflict('O servidor não tem SMTP configurado: informe um SMTP próprio.', 'NO_SMTP');
  const subject = 'Teste do remetente de campanhas';
  const text = `Esta é uma mensagem de teste do remetente "${parsed.fromName}". Se você a recebeu, o envio de campanhas está funcionando.`;
  try {
    if (ct.transport) {
      await ct.transport.verify();
      await ct.transport.sendMail({ from: ct.from, to, replyTo: ct.replyTo ?? undefined, subject, text, html: `<p>${text}</p>` });
    } else await s.mailer.send({ to, subject, text, html: `<p>${text}</p>` });
  } catch (e) {
    const err = e as Error & { command?: string };
    const reason = err.message.slice(0, 200);
    if (err.command === 'MAIL FROM') throw new AppError(409, 'SENDER_REFUSED', CAMPAIGN_MESSAGES.senderRefused(ct.from.address, reason));
    throw new AppError(409, 'SMTP_FAILED', CAMPAIGN_MESSAGES.smtpFailed(reason));
  } finally {
    ct.transport?.close();
  }
  return { message: ct.transport ? CAMPAIGN_MESSAGES.testSentFrom(`${ct.from.name} <${ct.from.address}>`) : CAMPAIGN_MESSAGES.testSent };
}
