import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    cnpj: text('cnpj').notNull(),
    fantasia: text('fantasia'),
    situacao: text('situacao'),
    atividadePrincipal: text('atividade_principal'),
    dataAbertura: text('data_abertura'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    cep: text('cep'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    onboardingProfile: text('onboarding_profile'),
    onboardingAreas: jsonb('onboarding_areas').$type<string[]>(),
    onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
    planType: text('plan_type'),
    currencyAmount: integer('currency_amount').notNull().default(0),
    subscriptionStatus: text('subscription_status').notNull().default('trialing'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    // Account closure (decision 0136): requested by an admin, erased after the grace period.
    closureRequestedAt: timestamp('closure_requested_at', { withTimezone: true }),
    closureRequestedBy: text('closure_requested_by').references(() => user.id, { onDelete: 'set null' }),
    eraseAfter: timestamp('erase_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A CNPJ belongs to one workspace; the index, not a prior check, is what enforces it.
    uniqueIndex('companies_cnpj_key').on(t.cnpj),
    check('companies_currency_amount_nonnegative', sql`${t.currencyAmount} >= 0`),
    // The eraser's schedule reads only the few companies being closed.
    index('companies_erase_after_idx').on(t.eraseAfter).where(sql`${t.eraseAfter} IS NOT NULL`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    cpf: text('cpf'),
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    onboardingCompleted: boolean('onboarding_completed'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_cpf_key').on(t.cpf).where(sql`${t.cpf} is not null`),
    index('profiles_company_id_idx').on(t.companyId),
    index('profiles_email_idx').on(t.email),
  ],
);

export const companyMembers = pgTable(
  'company_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    customPermissions: jsonb('custom_permissions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('company_members_company_user_key').on(t.companyId, t.userId),
    index('company_members_user_id_idx').on(t.userId),
  ],
);

export const companyInvitations = pgTable(
  'company_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    token: text('token').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('company_invitations_token_key').on(t.token),
    // One pending invitation per address and company: a re-invite replaces it.
    uniqueIndex('company_invitations_pending_key')
      .on(t.companyId, t.email)
      .where(sql`${t.acceptedAt} is null`),
    index('company_invitations_email_idx').on(t.email),
  ],
);
