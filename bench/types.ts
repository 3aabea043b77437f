import type { Database } from '@sede/db/client';
import type { FakeNuvemshop } from '../apps/server/test/support/fake-nuvemshop.ts';
import type { FakeOpenAi } from '../apps/server/test/support/fake-openai.ts';
import type { SeedCompany } from '../apps/server/test/support/seed.ts';

/** What every `bench/*.bench.ts` plug-in receives. */
export type BenchContext = {
  /** The production server under test, e.g. http://127.0.0.1:41234 (loopback only). */
  baseUrl: string;
  /** Its DATA_DIR (fresh for this run, removed afterwards). */
  dataDir: string;
  /** Signs up, confirms through the dev mailbox and signs in; returns the Cookie header value. */
  signUpConfirmed: (email: string, password?: string) => Promise<string>;
  /** A company whose admin is the signed-up person with this e-mail (the shared seed: apps/server/test/support/seed.ts). */
  seedCompany: (adminEmail: string, opts?: Omit<SeedCompany, 'adminUserId'>) => Promise<string>;
  /** The server's database through Drizzle (its `$client` pool holds the connection settings). */
  db: Database;
  /** Runs SQL on the server's database and returns the rows. */
  sql: <T = Record<string, any>>(query: string, params?: unknown[]) => Promise<T[]>;
  /** The fake OpenAI-compatible server the bench server uses as its platform AI (decision 0234). */
  fakeAi: FakeOpenAi;
  /** The fake Nuvemshop the bench server's NUVEMSHOP_* point at (bench/ecommerce.bench.ts). */
  fakeNuvemshop: FakeNuvemshop;
};

/** One line of the printed table. `ok` undefined = informative only (no target). */
export type BenchRow = {
  name: string;
  value: string;
  target?: string;
  ok?: boolean;
};

/** The shape of a plug-in: `export default async function (ctx) { return rows; }`. */
export type BenchPlugin = (ctx: BenchContext) => Promise<BenchRow[]>;
