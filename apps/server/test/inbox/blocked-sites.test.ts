import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlockedSite, InboxSettings, WidgetConfig } from '@sede/shared/inbox/schemas';
import { MAX_BLOCKED_SITES } from '../../src/modules/inbox/blocked-sites.ts';
import { openEvents, within } from '../platform/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql } from '../team/support.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const SITE = 'https://loja-do-cliente.com.br';
const COPY = 'https://copia-da-loja.example';
const OTHER = 'https://outro-site.example:8443';

async function company() {
  const { companyId, admin } = await createCompanyWithAdmin(server, `Loja ${randomUUID().slice(0, 6)}`);
  await sql(server, `UPDATE companies SET email = 'contato@loja-do-cliente.com.br' WHERE id = $1`, [companyId]);
  const member = await memberOf(server, companyId, 'rh');
  const put = await server.request('/api/inbox/settings', { method: 'PUT', jar: admin.jar, json: { allowedOrigins: [SITE] } });
  expect(put.status).toBe(200);
  return { companyId, admin, member, key: ((await put.json()) as InboxSettings).publicKey };
}
const config = (key: string, origin: string) => server.request(`/api/inbox/public/${key}/config`, { headers: { origin } });
const sites = async (jar: CookieJar) => ((await (await server.request('/api/inbox/blocked-sites', { jar })).json()) as { sites: BlockedSite[] }).sites;

describe('the widget on a site outside “Sites autorizados”', () => {
  it('says the chat is unavailable there and offers the company’s e-mail; the company is told once per site, live', async () => {
    const c = await company();
    const stream = await openEvents(server, c.member.jar);
    try {
      const res = await config(c.key, COPY);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(COPY);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect((await res.json()) as WidgetConfig).toEqual({ title: 'Fale conosco', color: '#2563eb', greeting: '', online: false, available: false, contactEmail: 'contato@loja-do-cliente.com.br' });
      for (let i = 0; i < 5; i++) expect((await config(c.key, COPY)).status).toBe(200);
      await config(c.key, OTHER);
      // Only the config answers such a site: writing is still refused, and nothing is stored.
      const post = await server.request(`/api/inbox/public/${c.key}/conversations`, { method: 'POST', headers: { origin: COPY }, json: { body: 'Oi' } });
      expect(post.status).toBe(403);
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
      expect(await sql(server, 'SELECT 1 FROM inbox_conversations WHERE company_id = $1', [c.companyId])).toHaveLength(0);

      const listed = await sites(c.member.jar);
      expect(listed.map((s) => s.origin).sort()).toEqual([COPY, OTHER].sort());
      await within(3000, () => stream.of('entity').filter((e) => (e.data as { entity: string }).entity === 'inbox_blocked_site').length >= 2);
      const created = stream.of('entity').filter((e) => (e.data as { entity: string; action?: string }).entity === 'inbox_blocked_site' && (e.data as { action?: string }).action === 'created');
      expect(created).toHaveLength(2);
      expect(await sql(server, 'SELECT count(*)::int AS n FROM inbox_blocked_origins WHERE company_id = $1', [c.companyId])).toEqual([{ n: 2 }]);
      // The allowed site still gets the chat.
      expect((await (await config(c.key, SITE)).json()) as WidgetConfig).toMatchObject({ available: true, contactEmail: null });
    } finally {
      stream.close();
    }
  });

  it('“Não é nosso” hides the notice for good; “Autorizar” adds the site to the list; members without the setting 403, others 404', async () => {
    const c = await company();
    const outsider = await createCompanyWithAdmin(server, 'Concorrente');
    await config(c.key, COPY);
    await config(c.key, OTHER);
    const [other, copy] = [...(await sites(c.admin.jar))].sort((a, b) => (a.origin === OTHER ? -1 : b.origin === OTHER ? 1 : 0));
    const cast = { owner: { jar: c.admin.jar }, outsider: { jar: outsider.admin.jar }, withoutPermission: { jar: c.member.jar }, secrets: [COPY, c.companyId] };
    await expectTenantIsolation(server, cast, [{ method: 'POST', path: `/api/inbox/blocked-sites/${copy!.id}/dismiss`, body: {} }]);
    expect((await sites(c.admin.jar)).map((s) => s.origin)).toEqual([OTHER]);
    await config(c.key, COPY);
    expect((await sites(c.admin.jar)).map((s) => s.origin)).toEqual([OTHER]);
    expect(await sites(outsider.admin.jar)).toEqual([]);

    await expectTenantIsolation(server, cast, [{ method: 'POST', path: `/api/inbox/blocked-sites/${other!.id}/allow`, body: {} }]);
    const settings = (await (await server.request('/api/inbox/settings', { jar: c.admin.jar })).json()) as InboxSettings;
    expect(settings.allowedOrigins).toEqual([SITE, OTHER]);
    expect(await sites(c.admin.jar)).toEqual([]);
    expect((await (await config(c.key, OTHER)).json()) as WidgetConfig).toMatchObject({ available: true });
    expect((await server.request(`/api/inbox/blocked-sites/nao-e-id/allow`, { method: 'POST', jar: c.admin.jar, json: {} })).status).toBe(404);
  });

  it('keeps at most 50 sites per company and ignores an Origin that is not a site', async () => {
    const c = await company();
    await config(c.key, 'null');
    await config(c.key, 'isto não é um site');
    expect(await sites(c.admin.jar)).toEqual([]);
    await sql(server, `INSERT INTO inbox_blocked_origins (company_id, origin) SELECT $1, 'https://s' || g || '.example' FROM generate_series(1, $2::int) g`, [c.companyId, MAX_BLOCKED_SITES]);
    expect((await config(c.key, 'https://mais-um.example')).status).toBe(200);
    expect(await sql(server, 'SELECT count(*)::int AS n FROM inbox_blocked_origins WHERE company_id = $1', [c.companyId])).toEqual([{ n: MAX_BLOCKED_SITES }]);
  });
});
