import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { inboxConversations, inboxMessages } from './inbox.ts';

/**
 * WhatsApp Business Cloud API (decisions 0290–0294): one account per company (its
 * number, its business account, the access token and app secret encrypted like the campaigns'
 * SMTP password) and the WhatsApp message ids seen or sent, so Meta's retries store once and its
 * statuses find the message they speak of.
 */
export const whatsappAccounts = pgTable('whatsapp_accounts', {
  companyId: companyId().primaryKey(),
  /** The unguessable key in the webhook's URL (/api/whatsapp/webhook/:key). */
  webhookKey: text('webhook_key').notNull().unique(),
  phoneNumberId: text('phone_number_id').notNull().default(''),
  wabaId: text('waba_id').notNull().default(''),
  /** AES-256-GCM (decision 0251's mechanism); never returned nor exported. */
  accessTokenEnc: text('access_token_enc'),
  appSecretEnc: text('app_secret_enc'),
  /** Generated; Meta sends it back when the webhook is set up. */
  verifyToken: text('verify_token').notNull(),
  /** The approved templates, cached (decision 0293). */
  templates: jsonb('templates').$type<
    Array<{
      name: string;
      language: string;
      body: string;
      variables: number;
      header?: { format: 'text' | 'image' | 'video' | 'document'; text: string; variables: number } | null;
      buttons?: Array<{ index: number; text: string; url: string }>;
    }>
  >(),
  templatesFetchedAt: timestamp('templates_fetched_at', { withTimezone: true }),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** Meta's message id (wamid.…). */
    waMessageId: text('wa_message_id').notNull(),
    /** 'in' | 'out'. */
    direction: text('direction').notNull(),
    conversationId: uuid('conversation_id').references(() => inboxConversations.id, { onDelete: 'cascade' }),
    inboxMessageId: uuid('inbox_message_id').references(() => inboxMessages.id, { onDelete: 'set null' }),
    /** A campaign's recipient (campaigns module), when a template went out for a campaign. */
    campaignRecipientId: uuid('campaign_recipient_id'),
    /** 'received' | 'sent' | 'delivered' | 'read' | 'failed'. */
    status: text('status').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_messages_company_wamid_key').on(t.companyId, t.waMessageId), companyIndex('whatsapp_messages', t.createdAt, t.id)(t)],
);
