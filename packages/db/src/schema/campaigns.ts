import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { crmLists, crmSegments } from './crm-contacts.ts';
import { people } from './parties.ts';

/**
 * Mass campaigns (/campanhas-massa; decisions 0250–0258). E-mail only this round; the
 * `channel` column names the channel so WhatsApp can be added next without a new table.
 */

/** One per company: who the campaigns come from and, optionally, its own SMTP (password encrypted). */
export const campaignSenders = pgTable(
  'campaign_senders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    fromName: text('from_name').notNull(),
    /** The From address through the company's own SMTP (decision 0402); null = the SMTP user when it is an address. */
    fromEmail: text('from_email'),
    replyTo: text('reply_to'),
    smtpHost: text('smtp_host'),
    smtpPort: integer('smtp_port'),
    smtpSecure: boolean('smtp_secure').notNull().default(false),
    smtpUser: text('smtp_user'),
    /** AES-256-GCM with a key derived from the server's secret (decision 0251); never returned. */
    smtpPasswordEnc: text('smtp_password_enc'),
    /** Messages per second for this company's campaigns. */
    ratePerSecond: integer('rate_per_second').notNull().default(20),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_senders_company_key').on(t.companyId)],
);

export type CampaignStatus = 'draft' | 'scheduled' | 'sending' | 'paused' | 'sent' | 'canceled';

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    /** 'email' today; 'whatsapp' next (decision 0250). */
    channel: text('channel').notNull().default('email'),
    listId: uuid('list_id').references(() => crmLists.id, { onDelete: 'set null' }),
    segmentId: uuid('segment_id').references(() => crmSegments.id, { onDelete: 'set null' }),
    subject: text('subject').notNull().default(''),
    html: text('html').notNull().default(''),
    /** The plain-text part; null = generated from the HTML. */
    text: text('text'),
    /** WhatsApp campaigns (decision 0294): the approved template, its language and its variables with merge fields. */
    whatsappTemplate: jsonb('whatsapp_template').$type<{
      name: string;
      language: string;
      variables: string[];
      /** Decision 0302: a text header's {{1}} or a media header's link, and URL buttons' suffixes. */
      header?: { format: 'text' | 'image' | 'video' | 'document'; value: string } | null;
      buttons?: Array<{ index: number; value: string }>;
    }>(),
    status: text('status').$type<CampaignStatus>().notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The campaign's own links, frozen when sending starts: a click redirects only to one of these. */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** The sender lease (decision 0253): one worker at a time, taken over when it expires. */
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('campaigns', t.createdAt, t.id)(t),
    index('campaigns_status_lease_idx').on(t.status, t.leaseUntil),
    // The marketing calendar (decision 0328): a company's campaigns by date.
    companyIndex('campaigns', t.scheduledAt)(t),
  ],
);

/** 'queued' | 'sending' | 'sent' | 'failed' | 'bounced' | 'uncertain' | 'skipped' | 'canceled'. */
export type RecipientStatus = 'queued' | 'sending' | 'sent' | 'failed' | 'bounced' | 'uncertain' | 'skipped' | 'canceled';

export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    /** The address this message went to (bounces and the report name it); WhatsApp campaigns: the number, digits only (decision 0294). */
    email: text('email').notNull(),
    status: text('status').$type<RecipientStatus>().notNull().default('queued'),
    /** Why it was skipped or failed (pt-BR). */
    error: text('error'),
    /** The claim's lease while 'sending' (decision 0253). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    messageId: text('message_id'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
    /** The recipient's first reply (decision 0300): an e-mail to its reply+ address, or a WhatsApp message from its number within 7 days. */
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('campaign_recipients', t.campaignId, t.status, t.id)(t),
    index('campaign_recipients_campaign_status_idx').on(t.campaignId, t.status, t.id),
    uniqueIndex('campaign_recipients_campaign_person_key').on(t.campaignId, t.personId).where(sql`${t.personId} IS NOT NULL`),
    index('campaign_recipients_person_idx').on(t.personId),
  ],
);
