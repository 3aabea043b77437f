import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { organizations } from './parties.ts';

/**
 * A company the marketing team serves (decision 0320): the company itself (`organization_id` null,
 * at most one) or an organization of the platform marked as a marketing client. Its brand kit,
 * channels and settings live here; pieces, campaigns and materials point at it.
 */
export const marketingClients = pgTable(
  'marketing_clients',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Logo (a platform file id), colours, fonts, tone of voice, audience. */
    brandKit: jsonb('brand_kit').$type<Record<string, unknown>>().notNull().default({}),
    /** The client's channels and handles: [{ channel, handle, url }]. */
    channels: jsonb('channels').$type<Array<Record<string, unknown>>>().notNull().default([]),
    /** Pieces need the approval of one of the client's contacts before they are scheduled. */
    clientApproval: boolean('client_approval').notNull().default(false),
    /** 'all': every member with `marketing`; 'members': only the members listed for it. */
    visibility: text('visibility').notNull().default('all'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('marketing_clients_company_org_key').on(t.companyId, t.organizationId).where(sql`${t.organizationId} IS NOT NULL`),
    uniqueIndex('marketing_clients_company_own_key').on(t.companyId).where(sql`${t.organizationId} IS NULL`),
    companyIndex('marketing_clients', t.createdAt, t.id)(t),
  ],
);

/** A marketing campaign: pieces grouped with a goal, dates, a budget and its results. */
export const marketingCampaigns = pgTable(
  'marketing_campaigns',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => marketingClients.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    goal: text('goal'),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    budgetCents: integer('budget_cents'),
    /** planejada, ativa, concluida, cancelada. */
    status: text('status').notNull().default('planejada'),
    reach: integer('reach'),
    clicks: integer('clicks'),
    leads: integer('leads'),
    spendCents: integer('spend_cents'),
    /** What the team learned, for the finished campaign's report. */
    summary: text('summary'),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('marketing_campaigns', t.createdAt, t.id)(t),
    // The finished projects: the most recently concluded first.
    companyIndex('marketing_campaigns', t.status, t.finishedAt, t.id)(t),
    companyIndex('marketing_campaigns', t.clientId, t.startsOn)(t),
    index('marketing_campaigns_search_idx').using('gin', sql`to_tsvector('portuguese', ${t.name} || ' ' || coalesce(${t.goal}, '') || ' ' || coalesce(${t.summary}, ''))`),
  ],
);

/**
 * A piece of content (a post, a reel, an article, an e-mail…) for one client and channel, with
 * its status in the production flow and, once planned, its date on the calendar.
 */
export const marketingPieces = pgTable(
  'marketing_pieces',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => marketingClients.id, { onDelete: 'cascade' }),
    campaignId: uuid('campaign_id').references(() => marketingCampaigns.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** instagram, facebook, linkedin, tiktok, youtube, blog, email, whatsapp. */
    channel: text('channel').notNull(),
    /** post, carrossel, story, reels, video, artigo, newsletter, anuncio, outro. */
    format: text('format').notNull().default('post'),
    /** ideia, producao, revisao, aprovado, agendado, publicado. */
    status: text('status').notNull().default('ideia'),
    /** When it goes out; null for an idea not yet on the calendar. */
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** What the piece should say and for whom (the AI copy starts from it). */
    brief: text('brief'),
    /** The current text (caption, body) of the piece. */
    copy: text('copy'),
    hashtags: text('hashtags').array().notNull().default(sql`'{}'::text[]`),
    /** The last paid AI copy proposal ({captions, hashtags, adVariants}), kept until the next one: paid for, never lost on reload. */
    aiCopy: jsonb('ai_copy'),
    aiCopyAt: timestamp('ai_copy_at', { withTimezone: true }),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    publishedUrl: text('published_url'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The calendar: a company's pieces in a date range.
    companyIndex('marketing_pieces', t.scheduledAt, t.id)(t),
    companyIndex('marketing_pieces', t.clientId, t.scheduledAt)(t),
    // The creatives list: newest first, by status.
    companyIndex('marketing_pieces', t.updatedAt, t.id)(t),
    companyIndex('marketing_pieces', t.status, t.updatedAt)(t),
    companyIndex('marketing_pieces', t.campaignId)(t),
  ],
);
