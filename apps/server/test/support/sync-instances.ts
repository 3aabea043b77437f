import { afterAll, beforeAll } from 'vitest';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';
import { startTestServer, tempDataDir, type TestServer } from './test-server.ts';

/** What the shared-editing tests (documents, canvas) run against: two instances on one database and the people of a company. */
export type SyncInstances = {
  a: TestServer;
  /** A second instance on `a`'s database: what reaches it went through PostgreSQL. */
  b: TestServer;
  companyId: string;
  admin: Person;
  /** A member of the company with the 'vendas' role. */
  ana: Person;
  /** A member of the company with the 'financeiro' role. */
  bruno: Person;
  /** Another company's admin. */
  outsider: Person;
};

/** One more instance on the same database as `server` (a second instance, or a restart), with a data dir of its own. */
export function startInstanceOn(server: TestServer, dataDirPrefix: string): Promise<TestServer> {
  return startTestServer({ DATABASE_URL: server.databaseUrl, DATA_DIR: tempDataDir(dataDirPrefix) });
}

/**
 * Registers the file's set-up and tear-down for shared-editing tests: before all, boots {@link SyncInstances}
 * for a company named `companyName` and hands them to `ready`; after all, closes the sockets the file put in
 * the returned list and stops both instances.
 */
export function withSyncInstances(companyName: string, dataDirPrefix: string, ready: (instances: SyncInstances) => void): Array<{ close: () => void }> {
  const open: Array<{ close: () => void }> = [];
  let a: TestServer | undefined;
  let b: TestServer | undefined;
  beforeAll(async () => {
    a = await startTestServer();
    b = await startInstanceOn(a, dataDirPrefix);
    const { companyId, admin } = await createCompanyWithAdmin(a, companyName);
    const ana = await memberOf(a, companyId, 'vendas');
    const bruno = await memberOf(a, companyId, 'financeiro');
    const outsider = (await createCompanyWithAdmin(a, 'Outra Ltda')).admin;
    ready({ a, b, companyId, admin, ana, bruno, outsider });
  }, 120_000);
  afterAll(async () => {
    for (const c of open) c.close();
    await b?.stop();
    await a?.stop();
  });
  return open;
}
