import { boolean, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';
import { marketingClients } from './marketing.ts';
import { people } from './parties.ts';

/**
 * The members who see a marketing client whose visibility is 'members' (decision 0321). Admins
 * always see every client; the list is kept when the visibility goes back to 'all'.
 */
export const marketingClientMembers = pgTable(
  'marketing_client_members',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => marketingClients.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketing_client_members_client_user_key').on(t.clientId, t.userId), companyIndex('marketing_client_members', t.userId)(t)],
);

/**
 * A client's contacts: platform people (never copied) linked to the client, with their role there
 * and whether they may approve pieces when the client's approval is on (decision 0322).
 */
export const marketingClientContacts = pgTable(
  'marketing_client_contacts',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => marketingClients.id, { onDelete: 'cascade' }),
    personId: uuid('person_id')
      .notNull()
      .references(() => people.id, { onDelete: 'cascade' }),
    /** What the person does at the client ('Gerente de marketing'…). */
    role: text('role'),
    canApprove: boolean('can_approve').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('marketing_client_contacts_client_person_key').on(t.clientId, t.personId), companyIndex('marketing_client_contacts', t.clientId, t.createdAt)(t)],
);
