import { readFileSync } from 'node:fs';
import type { TestServer } from '../support/test-server.ts';
import { sql } from '../team/support.ts';

/** Finance rows seeded with SQL (engineer E's API is not on this branch): accounts, categories, entries, payments. */
export async function seedAccount(server: TestServer, companyId: string, o: { name: string; bankCode?: string | null; accountNumber?: string | null; openingCents?: number; openingDate?: string }) {
  const [row] = await sql(
    server,
    `insert into fin_accounts (company_id, name, bank_code, account_number, opening_balance_cents, opening_date) values ($1, $2, $3, $4, $5, $6) returning id`,
    [companyId, o.name, o.bankCode ?? null, o.accountNumber ?? null, o.openingCents ?? 0, o.openingDate ?? '2020-01-01'],
  );
  return row!.id as string;
}

export async function seedCategory(server: TestServer, companyId: string, o: { name: string; kind: 'income' | 'expense'; dreGroup: string; position?: number }) {
  const [row] = await sql(server, `insert into fin_categories (company_id, name, kind, dre_group, position) values ($1, $2, $3, $4, $5) returning id`, [
    companyId,
    o.name,
    o.kind,
    o.dreGroup,
    o.position ?? 0,
  ]);
  return row!.id as string;
}

export async function seedEntry(
  server: TestServer,
  companyId: string,
  o: { kind: 'payable' | 'receivable'; description?: string; amountCents: number; dueDate: string; competenceDate?: string; categoryId?: string | null; accountId?: string | null; status?: string; paidCents?: number },
) {
  const [row] = await sql(
    server,
    `insert into fin_entries (company_id, kind, description, amount_cents, paid_cents, due_date, competence_date, status, category_id, account_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [companyId, o.kind, o.description ?? `${o.kind} ${o.amountCents}`, o.amountCents, o.paidCents ?? 0, o.dueDate, o.competenceDate ?? o.dueDate, o.status ?? 'open', o.categoryId ?? null, o.accountId ?? null],
  );
  return row!.id as string;
}

export async function seedPayment(server: TestServer, companyId: string, o: { entryId: string; accountId: string; paidDate: string; amountCents: number; interestCents?: number; fineCents?: number; discountCents?: number }) {
  const [row] = await sql(
    server,
    `insert into fin_payments (company_id, entry_id, account_id, paid_date, amount_cents, interest_cents, fine_cents, discount_cents) values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [companyId, o.entryId, o.accountId, o.paidDate, o.amountCents, o.interestCents ?? 0, o.fineCents ?? 0, o.discountCents ?? 0],
  );
  return row!.id as string;
}

export const ofxFixture = (name: string) => readFileSync(new URL(`../fixtures/ofx/${name}`, import.meta.url));
export const csvFixture = (name: string) => readFileSync(new URL(`../fixtures/csv/${name}`, import.meta.url));

export { makeOfx } from '@sede/shared/finance/ofx-sample';

export async function upload(server: TestServer, jar: { cookie: string } | undefined, accountId: string, fileName: string, body: Uint8Array | string) {
  const res = await server.request(`/api/finance/statements/imports?accountId=${accountId}&fileName=${encodeURIComponent(fileName)}`, {
    method: 'POST',
    jar,
    headers: { 'content-type': 'application/octet-stream' },
    body: typeof body === 'string' ? body : Buffer.from(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> & { error?: string; code?: string; line?: number } };
}
