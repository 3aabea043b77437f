import { sql } from 'drizzle-orm';
import { bigint, boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { organizations, people } from './parties.ts';

/**
 * The CRM's core (decisions 0150–0152): pipelines, their stages and the deals on them. People and
 * organizations are the platform's parties (owner and tags live on them); activities are the
 * platform's tasks linked by entity ('deal'/<id>). Other CRM tables (lists, products, quotes,
 * targets) live in their own schema files and point here.
 */
export const crmPipelines = pgTable(
  'crm_pipelines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('crm_pipelines', t.position)(t)],
);

export const crmStages = pgTable(
  'crm_stages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => crmPipelines.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** Win probability 0–100, for the weighted pipeline value. */
    probability: integer('probability').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('crm_stages', t.pipelineId, t.position)(t)],
);

/** 'open' | 'won' | 'lost'. */
export type DealStatus = 'open' | 'won' | 'lost';

export const deals = pgTable(
  'deals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    pipelineId: uuid('pipeline_id')
      .notNull()
      .references(() => crmPipelines.id, { onDelete: 'cascade' }),
    stageId: uuid('stage_id')
      .notNull()
      .references(() => crmStages.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    /** BRL, integer cents. */
    valueCents: bigint('value_cents', { mode: 'number' }).notNull().default(0),
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
    /** Where the deal came from ('indicação', 'site', 'prospecção'…), free text with suggestions. */
    source: text('source'),
    expectedCloseDate: date('expected_close_date', { mode: 'string' }),
    status: text('status').$type<DealStatus>().notNull().default('open'),
    lostReason: text('lost_reason'),
    /** The free text said with the lost reason (decision 0152). */
    lostNote: text('lost_note'),
    /** Why it was won (decision 0403), as lost ones say why they were lost. */
    wonReason: text('won_reason'),
    wonNote: text('won_note'),
    /** When it was won or lost. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** Order inside its column (ascending); fractional so a move writes one row. */
    position: doublePrecision('position').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** Values of the admin-defined custom fields, by field key. */
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** When it entered its current stage (stage-to-stage conversion and cycle time). */
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A board column: one index range per (pipeline, stage) in card order.
    companyIndex('deals', t.pipelineId, t.stageId, t.status, t.position, t.id)(t),
    companyIndex('deals', t.ownerId)(t),
    companyIndex('deals', t.organizationId)(t),
    companyIndex('deals', t.personId)(t),
    // Metrics: won/lost per period.
    companyIndex('deals', t.status, t.closedAt)(t),
    companyIndex('deals', t.createdAt, t.id)(t),
    index('deals_tags_idx').using('gin', t.tags),
  ],
);

/**
 * A deal's contacts (decision 0404): people of the parties module, in order; the first is also
 * `deals.person_id` (the main contact quotes are addressed to).
 */
export const dealPeople = pgTable(
  'deal_people',
  {
    companyId: companyId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dealId, t.personId] }), companyIndex('deal_people', t.personId)(t)],
);

/** Every stage change of a deal: the funnel (stage-to-stage conversion) and the sales cycle read it. */
export const dealStageHistory = pgTable(
  'deal_stage_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    dealId: uuid('deal_id')
      .notNull()
      .references(() => deals.id, { onDelete: 'cascade' }),
    fromStageId: uuid('from_stage_id').references(() => crmStages.id, { onDelete: 'set null' }),
    toStageId: uuid('to_stage_id').references(() => crmStages.id, { onDelete: 'set null' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('deal_stage_history', t.dealId, t.at)(t), companyIndex('deal_stage_history', t.toStageId, t.at)(t)],
);

/** Custom fields the admin defines for deals, people or organizations. */
export const crmCustomFields = pgTable(
  'crm_custom_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: companyId(),
    /** 'deal' | 'person' | 'organization'. */
    entity: text('entity').notNull(),
    key: text('key').notNull(),
    label: text('label').notNull(),
    /** 'text' | 'number' | 'money' | 'date' | 'select' | 'boolean'. */
    type: text('type').notNull(),
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    required: boolean('required').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('crm_custom_fields_company_entity_key').on(t.companyId, t.entity, t.key)],
);
