import { bigint, date, index, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { companyId, companyIndex } from '../tenant.ts';
import { user } from './auth.ts';

/**
 * RH's register of employees (colaboradores; decisions 0220–0224). An employee is the
 * area's own record, not a platform person (decision 0220); the CPF (11 digits) is unique per
 * company; the manager is another employee; documents are platform files of entity 'employee'.
 */
export const employees = pgTable(
  'employees',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    cpf: text('cpf').notNull(),
    email: text('email'),
    phone: text('phone'),
    birthDate: date('birth_date', { mode: 'string' }),
    position: text('position'),
    department: text('department'),
    admissionDate: date('admission_date', { mode: 'string' }).notNull(),
    /** clt | pj | estagio | temporario | aprendiz | autonomo */
    contractType: text('contract_type').notNull().default('clt'),
    salaryCents: bigint('salary_cents', { mode: 'number' }),
    managerId: uuid('manager_id').references((): AnyPgColumn => employees.id, { onDelete: 'set null' }),
    /** ativo | afastado | desligado */
    status: text('status').notNull().default('ativo'),
    terminationDate: date('termination_date', { mode: 'string' }),
    notes: text('notes'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('employees_company_cpf_uq').on(t.companyId, t.cpf),
    companyIndex('employees', t.name, t.id)(t),
    companyIndex('employees', t.admissionDate, t.id)(t),
    index('employees_manager_idx').on(t.managerId),
  ],
);

/** Vacations and leaves of an employee: one period each (start and end included). */
export const employeeLeaves = pgTable(
  'employee_leaves',
  {
    companyId: companyId(),
    id: uuid('id').primaryKey().defaultRandom(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    /** ferias | licenca_medica | licenca_maternidade | licenca_paternidade | outros */
    type: text('type').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('employee_leaves_employee_idx').on(t.employeeId, t.startDate), companyIndex('employee_leaves', t.endDate)(t)],
);
