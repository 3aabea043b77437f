import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_MESSAGES } from '@sede/shared/members';
import { startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { MODULES } from '../../src/modules/index.ts';
import { changeRole, removeMember } from '../../src/modules/members/service.ts';
import { areaProbe } from '../support/area-probe.ts';
import { createCompanyWithAdmin, invite, me, memberOf, sql, uniqueEmail, type Person } from './support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;

beforeAll(async () => {
  server = await startTestServer({}, { modules: [...MODULES, areaProbe] });
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Loja Azul'));
});
afterAll(async () => {
  await server?.stop();
});

const patch = (jar: CookieJar, userId: string, body: unknown) => server.request(`/api/members/${userId}`, { method: 'PATCH', json: body, jar });
const remove = (jar: CookieJar, userId: string) => server.request(`/api/members/${userId}`, { method: 'DELETE', jar });
const summary = (jar: CookieJar, key: string) => server.request(`/api/area-probe/${key}/summary`, { jar });

describe('members', () => {
  it('lists name, e-mail, role and last sign-in', async () => {
    const seller = await memberOf(server, companyId, 'vendas');
    const res = await server.request('/api/members', { jar: admin.jar });
    expect(res.status).toBe(200);
    const { members } = (await res.json()) as { members: Array<Record<string, unknown>> };
    const row = members.find((m) => m.userId === seller.userId)!;
    expect(row).toMatchObject({ email: seller.email, name: 'Ana Souza', role: 'vendas', isYou: false });
    expect(row.lastLoginAt).toEqual(expect.any(String)); // update_last_login on sign-in
    expect(members.find((m) => m.userId === admin.userId)).toMatchObject({ role: 'admin', isYou: true });
  });

  it('a role change takes effect on the member’s very next request', async () => {
    const m = await memberOf(server, companyId, 'vendas');
    expect((await summary(m.jar, 'sales')).status).toBe(200);
    expect((await summary(m.jar, 'finance')).status).toBe(403);

    expect((await patch(admin.jar, m.userId, { role: 'financeiro' })).status).toBe(200);
    expect((await summary(m.jar, 'sales')).status).toBe(403);
    expect((await summary(m.jar, 'finance')).status).toBe(200);

    expect((await patch(admin.jar, m.userId, { role: 'custom', customPermissions: ['rh', 'juridico'] })).status).toBe(200);
    expect((await summary(m.jar, 'finance')).status).toBe(403);
    expect((await summary(m.jar, 'hr')).status).toBe(200);
    expect((await summary(m.jar, 'legal')).status).toBe(200);
    expect((await summary(m.jar, 'admin')).status).toBe(403);
    const [row] = await sql(server, `SELECT role, custom_permissions FROM company_members WHERE user_id = $1`, [m.userId]);
    expect(row).toEqual({ role: 'custom', custom_permissions: ['rh', 'juridico'] });
  });

  it('a removed member loses access at once and their profile leaves the company', async () => {
    const m = await memberOf(server, companyId, 'marketing');
    expect((await summary(m.jar, 'marketing')).status).toBe(200);
    expect((await remove(admin.jar, m.userId)).status).toBe(200);
    expect((await summary(m.jar, 'marketing')).status).toBe(403);
    expect((await me(server, m.jar)).company).toBeNull();
    expect((await sql(server, `SELECT company_id FROM profiles WHERE id = $1`, [m.userId]))[0].company_id).toBeNull();
  });

  it('never leaves the company without an admin', async () => {
    const solo = await createCompanyWithAdmin(server, 'Sozinha');
    const demote = await patch(solo.admin.jar, solo.admin.userId, { role: 'vendas' });
    expect(demote.status).toBe(409);
    expect(((await demote.json()) as { error: string }).error).toBe(MEMBER_MESSAGES.lastAdmin);
    expect((await remove(solo.admin.jar, solo.admin.userId)).status).toBe(409);

    // Two admins demoting each other at the same moment: one must stay. Over HTTP the loser
    // may already be refused as a non-admin (403); at the service the row lock decides (409).
    const second = await memberOf(server, solo.companyId, 'admin');
    const results = await Promise.all([
      patch(solo.admin.jar, second.userId, { role: 'vendas' }),
      patch(second.jar, solo.admin.userId, { role: 'vendas' }),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await sql(server, `SELECT 1 FROM company_members WHERE company_id = $1 AND role = 'admin'`, [solo.companyId])).toHaveLength(1);

    const [remaining] = await sql(server, `SELECT user_id FROM company_members WHERE company_id = $1 AND role = 'admin'`, [solo.companyId]);
    const other = remaining.user_id === solo.admin.userId ? second : solo.admin;
    await patch(remaining.user_id === solo.admin.userId ? solo.admin.jar : second.jar, other.userId, { role: 'admin' });
    const actor = (userId: string) => ({ viewer: { user: { id: userId } } as never, companyId: solo.companyId, userAgent: null });
    const outcomes = await Promise.allSettled([
      changeRole(server.services, actor(solo.admin.userId), second.userId, { role: 'vendas', customPermissions: [] }),
      removeMember(server.services, actor(second.userId), solo.admin.userId),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await sql(server, `SELECT 1 FROM company_members WHERE company_id = $1 AND role = 'admin'`, [solo.companyId])).toHaveLength(1);
  });

  it('only admins; other companies’ members are 404; bad roles 400', async () => {
    const seller = await memberOf(server, companyId, 'vendas');
    expect((await server.request('/api/members', { jar: seller.jar })).status).toBe(403);
    expect((await patch(seller.jar, seller.userId, { role: 'admin' })).status).toBe(403);
    expect((await server.request('/api/members/activity', { jar: seller.jar })).status).toBe(403);

    const other = await createCompanyWithAdmin(server, 'Vizinha');
    expect((await patch(other.admin.jar, seller.userId, { role: 'rh' })).status).toBe(404);
    expect((await remove(other.admin.jar, seller.userId)).status).toBe(404);
    expect((await sql(server, `SELECT role FROM company_members WHERE user_id = $1`, [seller.userId]))[0].role).toBe('vendas');

    expect((await patch(admin.jar, seller.userId, { role: 'owner' })).status).toBe(400);
    expect((await patch(admin.jar, seller.userId, { role: 'custom', customPermissions: ['admin'] })).status).toBe(400);
  });
});

describe('activity log', () => {
  it('records sign-ins, invitations and role changes, filtered by person, action and date', async () => {
    const co = await createCompanyWithAdmin(server, 'Registro');
    const m = await memberOf(server, co.companyId, 'vendas');
    // A new sign-in of the member, now that they belong to the company.
    await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email: m.email, password: m.password } });
    await invite(server, co.admin.jar, uniqueEmail('log'), 'rh');
    await patch(co.admin.jar, m.userId, { role: 'marketing' });

    const get = async (query: string) => {
      const res = await server.request(`/api/members/activity${query}`, { jar: co.admin.jar });
      expect(res.status).toBe(200);
      return (await res.json()) as { entries: Array<{ action: string; user: { id: string } | null; details: Record<string, unknown> }>; nextBefore: number | null };
    };
    const all = await get('');
    expect(all.entries.map((e) => e.action)).toEqual(expect.arrayContaining(['login', 'invitation_sent', 'member_role_changed']));
    expect((await get(`?userId=${m.userId}`)).entries.every((e) => e.user?.id === m.userId)).toBe(true);
    expect((await get(`?userId=${m.userId}`)).entries.map((e) => e.action)).toContain('login');
    const changes = await get('?action=member_role_changed');
    expect(changes.entries).toHaveLength(1);
    expect(changes.entries[0]!.details).toMatchObject({ from: 'vendas', to: 'marketing' });

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect((await get(`?from=${today}&to=${today}`)).entries.length).toBe(all.entries.length);
    expect((await get('?to=2000-01-01')).entries).toHaveLength(0);
    expect((await get('?limit=1')).nextBefore).toEqual(expect.any(Number));
    expect((await server.request('/api/members/activity?action=hack', { jar: co.admin.jar })).status).toBe(400);

    // Another company's log never shows these lines.
    const { entries } = (await (await server.request('/api/members/activity', { jar: admin.jar })).json()) as { entries: Array<{ user: { id: string } | null }> };
    expect(entries.some((e) => e.user?.id === m.userId || e.user?.id === co.admin.userId)).toBe(false);
  });
});
