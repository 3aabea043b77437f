import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { files } from './files.ts';
import { people } from './parties.ts';

/**
 * The customer-service inbox (/atendimento; decisions 0260–0269). A conversation has a
 * channel ('chat' = the website widget; 'whatsapp' next), a status and an assignee; its messages
 * are the visitor's, the agents' replies, internal notes and the system's automatic ones.
 */

/** One row per company that set up its widget: the unguessable public key the script tag names. */
export const inboxSettings = pgTable('inbox_settings', {
  companyId: companyId().primaryKey(),
  publicKey: text('public_key').notNull().unique(),
  allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
  color: text('color').notNull().default('#2563eb'),
  title: text('title').notNull().default('Fale conosco'),
  greeting: text('greeting').notNull().default('Olá! Como podemos ajudar?'),
  awayMessage: text('away_message').notNull().default(''),
  /** [{ weekday 0–6, start 'HH:MM', end 'HH:MM' }] in America/Sao_Paulo; empty = always open. */
  businessHours: jsonb('business_hours').$type<Array<{ weekday: number; start: string; end: string }>>().notNull().default([]),
  csatEnabled: boolean('csat_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const inboxConversations = pgTable(
  'inbox_conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    channel: text('channel').notNull().default('chat'),
    status: text('status').notNull().default('open'),
    visitorName: text('visitor_name'),
    visitorEmail: text('visitor_email'),
    visitorPhone: text('visitor_phone'),
    /** The channel's own address of the customer (WhatsApp number next); null for the widget. */
    externalId: text('external_id'),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    assigneeId: text('assignee_id').references(() => user.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessagePreview: text('last_message_preview').notNull().default(''),
    /** When the visitor last wrote (the out-of-hours reply goes once per absence). */
    lastAwayReplyAt: timestamp('last_away_reply_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    firstResponseMs: integer('first_response_ms'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolutionMs: integer('resolution_ms'),
    csatAskedAt: timestamp('csat_asked_at', { withTimezone: true }),
    csatScore: integer('csat_score'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    companyIndex('inbox_conversations', t.lastMessageAt, t.id)(t),
    companyIndex('inbox_conversations', t.status, t.lastMessageAt)(t),
    companyIndex('inbox_conversations', t.assigneeId, t.status)(t),
  ],
);

export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => inboxConversations.id, { onDelete: 'cascade' }),
    /** 'visitor' | 'agent' | 'note' | 'auto'. */
    kind: text('kind').notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    fileId: uuid('file_id').references(() => files.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('inbox_messages_conversation_idx').on(t.conversationId, t.createdAt, t.id), companyIndex('inbox_messages', t.createdAt)(t)],
);

/** Per agent, when they last read a conversation: the unread counts. */
export const inboxReads = pgTable(
  'inbox_reads',
  {
    companyId: companyId(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => inboxConversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    lastReadAt: timestamp('last_read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] }), companyIndex('inbox_reads', t.userId)(t)],
);

export const inboxCannedReplies = pgTable(
  'inbox_canned_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    shortcut: text('shortcut').notNull(),
    body: text('body').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('inbox_canned_replies_company_shortcut_key').on(t.companyId, t.shortcut)],
);

/**
 * Sites outside 'Sites autorizados' that tried to load the company's widget (decision 0401): one
 * row per site (origin), counted, shown in /atendimento until someone authorizes or dismisses it.
 */
export const inboxBlockedOrigins = pgTable(
  'inbox_blocked_origins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    origin: text('origin').notNull(),
    attempts: integer('attempts').notNull().default(1),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('inbox_blocked_origins_company_origin_key').on(t.companyId, t.origin)],
);
