import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, computePermissions } from '@sede/shared/permissions';
import { areaAccess, AREAS } from '@sede/shared/registry/areas';
import { MODULES } from '../../src/modules/index.ts';
import { areaProbe } from '../support/area-probe.ts';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from './support.ts';

/**
 * Every department area's guard (a probe behind it, support/area-probe.ts) × every role × a user of
 * another company: the allowed ones answer with their own company, the others are refused and
 * learn nothing about company A.
 */
let server: TestServer;
let companyA: string;
let companyB: string;
const people: Record<string, Person & { role: string; custom: string[] }> = {};
let outsider: Person;
let noCompany: Person;

const ROLES: Array<[string, string, string[]]> = [
  ['admin', 'admin', []],
  ['vendas', 'vendas', []],
  ['marketing', 'marketing', []],
  ['rh', 'rh', []],
  ['financeiro', 'financeiro', []],
  ['juridico', 'juridico', []],
  ['projetos', 'projetos', []],
  ['custom-vendas-rh', 'custom', ['vendas', 'rh']],
  ['custom-empty', 'custom', []],
  ['viewer', 'viewer', []],
];

beforeAll(async () => {
  server = await startTestServer({}, { modules: [...MODULES, areaProbe] });
  const a = await createCompanyWithAdmin(server, 'Empresa A');
  companyA = a.companyId;
  for (const [name, role, custom] of ROLES) {
    const person = role === 'admin' ? a.admin : await memberOf(server, companyA, role, custom);
    people[name] = { ...person, role, custom };
  }
  const b = await createCompanyWithAdmin(server, 'Empresa B');
  companyB = b.companyId;
  outsider = b.admin; // an admin, but of company B
  noCompany = await createConfirmedUser(server, { email: `sem.empresa.${Date.now()}@exemplo.com.br` });
});
afterAll(async () => {
  await server?.stop();
});

describe.each(AREAS.map((a) => [a.key, areaAccess(a)] as const))('GET /api/area-probe/%s/summary', (key, access) => {
  it.each(ROLES.map(([name]) => name))('role %s', async (name) => {
    const p = people[name]!;
    const membership = { role: p.role, customPermissions: p.custom };
    const allowed = allows(computePermissions(membership), membership, [access]);
    // A company id in the query must not steer the scope.
    const res = await server.request(`/api/area-probe/${key}/summary?companyId=${companyB}`, { jar: p.jar });
    const text = await res.text();
    if (allowed) {
      expect(res.status).toBe(200);
      expect(JSON.parse(text)).toMatchObject({ area: key, companyId: companyA });
      expect(text).not.toContain(companyB);
    } else {
      expect(res.status).toBe(403);
      expect(text).not.toContain(companyA);
      expect(JSON.parse(text)).toEqual({ error: expect.any(String), code: 'FORBIDDEN' });
    }
  });

  it('a user of another company only ever sees their own company', async () => {
    const res = await server.request(`/api/area-probe/${key}/summary?companyId=${companyA}`, { jar: outsider.jar });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(JSON.parse(text).companyId).toBe(companyB);
    expect(text).not.toContain(companyA);
  });

  it('someone without a company is refused; nobody signed in is 401', async () => {
    const res = await server.request(`/api/area-probe/${key}/summary`, { jar: noCompany.jar });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain(companyA);
    expect((await server.request(`/api/area-probe/${key}/summary`)).status).toBe(401);
  });
});

describe('admin endpoints across companies', () => {
  it('company B’s admin cannot see or touch company A’s members or invitations', async () => {
    const target = people.vendas!;
    const members = (await (await server.request('/api/members', { jar: outsider.jar })).json()) as { members: Array<{ userId: string }> };
    expect(members.members.some((m) => m.userId === target.userId)).toBe(false);
    expect((await server.request(`/api/members/${target.userId}`, { method: 'PATCH', json: { role: 'admin' }, jar: outsider.jar })).status).toBe(404);
    expect((await server.request(`/api/members/${target.userId}`, { method: 'DELETE', jar: outsider.jar })).status).toBe(404);
    const activity = await (await server.request('/api/members/activity', { jar: outsider.jar })).text();
    expect(activity).not.toContain(companyA);
    expect(activity).not.toContain(target.userId);
  });
});
