import { readFileSync } from 'node:fs';
import path from 'node:path';
import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import pg from 'pg';
import { createDb, type Database } from '@sede/db/client';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser, signInByApi } from './api.ts';
import type { CompanyDetails } from '@sede/shared/company';

/** CNPJs the fake providers (fake-cnpj-providers-cli.ts) answer in a fixed way. */
export const CNPJ_SCENARIOS = {
  /** Not found by any provider. */
  notFound: '98765432000279',
  /** Every provider answers 500: the search fails. */
  allDown: '11222333000181',
  /** The Receita's alphanumeric example, found at BrasilAPI only. */
  alphanumeric: '12ABC34501DE35',
  /** Every provider answers 429 (Retry-After: 1 s): the search is refused. */
  rateLimited: '11444777000161',
} as const;

const RESERVED = new Set<string>(Object.values(CNPJ_SCENARIOS));

/** A random numeric CNPJ with valid check digits; the fake providers find any such CNPJ. */
export function randomCnpj(): string {
  for (;;) {
    const cnpj = generateCnpj();
    if (!RESERVED.has(cnpj) && cnpj !== '98765432000198') return cnpj;
  }
}

/**
 * Links a new company to the person signed in within `request` (use `page.request` so the
 * browser's cookies are used) through the API, as the setup screen does. Returns the company.
 */
export async function createCompanyByApi(
  request: APIRequestContext,
  opts: { cnpj?: string; whatsapp?: string; email?: string } = {},
): Promise<CompanyDetails> {
  const res = await request.post('/api/companies', {
    data: {
      cnpj: opts.cnpj ?? randomCnpj(),
      whatsapp: opts.whatsapp ?? '11987654321',
      email: opts.email ?? 'contato@empresa-exemplo.com.br',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { company } = (await res.json()) as { company: CompanyDetails };
  return company;
}

/** The e2e server's embedded PostgreSQL (its port is in postmaster.pid, line 4). */
export function e2eDatabaseUrl(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const port = readFileSync(path.join(dir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[3]!.trim();
  // The superuser's password is random, in DATA_DIR/pg-password (docs/decisions/0071).
  const password = readFileSync(path.join(dir, 'pg-password'), 'utf8').trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/sede`;
}

let db: Database | null = null;
/** A Drizzle handle on the e2e database for the shared seed (apps/server/test/support/seed.ts). */
export function e2eDb(): Database {
  db ??= createDb(new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 2, allowExitOnIdle: true, idleTimeoutMillis: 1000 }));
  return db;
}

/** Runs one statement against the e2e database (a fresh connection each time). */
export async function e2eSql<R extends Record<string, unknown> = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Creates a confirmed account in a throwaway request context (so no other session's cookie
 * rides along) and signs the page's browser context in as that person.
 */
export async function signInNewPerson(page: Page, opts: { firstName?: string; lastName?: string } = {}) {
  const api = await playwrightRequest.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    const user = await createConfirmedUser(api, opts);
    await signInByApi(page, user.email, user.password);
    return user;
  } finally {
    await api.dispose();
  }
}
