import type { TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';

export type Res<T> = { status: number; body: T & { error?: string; code?: string; text?: string } };

/** Calls /api/marketing<path> as a person; a JSON answer is parsed, anything else kept as `text`. */
export const marketingApi =
  (server: () => TestServer) =>
  async <T = unknown>(path: string, who: Person, method = 'GET', json?: unknown): Promise<Res<T>> => {
    const res = await server().request(`/api/marketing${path}`, { method, json, jar: who.jar });
    const text = await res.text();
    const isJson = !text || res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: (isJson ? (text ? JSON.parse(text) : {}) : { text }) as Res<T>['body'] };
  };

/**
 * An agency for the tests: its admin, a marketing member, a 'vendas' member (no marketing access)
 * and the admin of another company, as every marketing suite needs for its isolation checks.
 */
export async function agencyWithPeople(server: TestServer, name: string, outsiderName = 'Outra Agência Ltda') {
  const { companyId, admin } = await createCompanyWithAdmin(server, name);
  const mkt = await memberOf(server, companyId, 'marketing');
  const vendas = await memberOf(server, companyId, 'vendas');
  const other = await createCompanyWithAdmin(server, outsiderName);
  return { companyId, admin, mkt, vendas, outsider: other.admin, outsiderCompanyId: other.companyId };
}
