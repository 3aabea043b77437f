import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * RH's recruiting (decisions 0225–0229): job openings, their candidates (each résumé a
 * platform file of entity 'candidate', analysed as kind 'resume' in `analyses`) and interviews
 * (a recording or transcript, file entity 'interview', analysed as kind 'interview') with the
 * recorded person's consent.
 */
export const jobOpenings = pgTable(
  'job_openings',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    department: text('department'),
    requirements: text('requirements').notNull().default(''),
    desiredSkills: text('desired_skills').notNull().default(''),
    /** 'presencial' | 'hibrido' | 'remoto' */
    workplace: text('workplace').notNull().default('presencial'),
    city: text('city'),
    uf: text('uf'),
    /** estagio | junior | pleno | senior | especialista | gestao */
    seniority: text('seniority').notNull().default('pleno'),
    /** aberta | pausada | fechada */
    status: text('status').notNull().default('aberta'),
    /** When it was last closed: the candidates' retention counts from here (decision 0227). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('job_openings', t.createdAt, t.id)(t)],
);

export const candidates = pgTable(
  'candidates',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => jobOpenings.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** True while the name is the résumé's file name: the analysis replaces it with the name it reads. */
    nameFromFile: boolean('name_from_file').notNull().default(false),
    /** triagem | entrevista | proposta | contratado | recusado */
    stage: text('stage').notNull().default('triagem'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('candidates', t.openingId, t.createdAt)(t)],
);

export const interviews = pgTable(
  'interviews',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidates.id, { onDelete: 'cascade' }),
    openingId: uuid('opening_id')
      .notNull()
      .references(() => jobOpenings.id, { onDelete: 'cascade' }),
    /** The consent text the person confirmed, who confirmed it and when (decision 0228). */
    consentText: text('consent_text').notNull(),
    consentBy: text('consent_by').references(() => user.id, { onDelete: 'set null' }),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [companyIndex('interviews', t.createdAt, t.id)(t)],
);

/** One row per company that changed the default (6 months after the opening closes). */
export const recruitingSettings = pgTable('recruiting_settings', {
  companyId: companyId().primaryKey(),
  retentionMonths: integer('retention_months').notNull().default(6),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
