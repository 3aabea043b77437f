import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaRouter } from '../../src/http/area-router.ts';
import { MODULES } from '../../src/modules/index.ts';
import { defineModule, serverState } from '../../src/platform/module.ts';
import type { Services } from '../../src/services.ts';
import { areaProbe } from '../support/area-probe.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';

/** A small area module, as an area issue would add it: one folder, one line in the list. */
const notes = (calls: string[]) =>
  defineModule({
    key: 'notes',
    mount: '/area-probe/sales/notes',
    start: (s) => {
      serverState(s, 'notes.started', () => calls.push('start'));
    },
    stop: () => {
      calls.push('stop');
    },
    routes: (s: Services) => {
      const router = areaRouter(s, 'comercial');
      const store = serverState(s, 'notes.store', () => new Map<string, { id: string; companyId: string; text: string }>());
      router.post('/', async (c) => {
        const { companyId } = c.get('tenant');
        const note = { id: crypto.randomUUID(), companyId, text: 'nota' };
        store.set(note.id, note);
        return c.json(note, 201);
      });
      router.get('/:id', (c) => {
        const note = store.get(c.req.param('id'));
        if (!note || note.companyId !== c.get('tenant').companyId) return c.json({ error: 'Não encontrado', code: 'NOT_FOUND' }, 404);
        return c.json(note);
      });
      return router;
    },
  });

describe('module contract', () => {
  let server: TestServer;
  const calls: string[] = [];
  let owner: Person;
  let outsider: Person;
  let withoutPermission: Person;
  let companyId: string;

  beforeAll(async () => {
    server = await startTestServer({}, { modules: [...MODULES, areaProbe, notes(calls)] });
    const a = await createCompanyWithAdmin(server, 'Empresa Notas');
    companyId = a.companyId;
    owner = a.admin;
    withoutPermission = await memberOf(server, companyId, 'rh');
    outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('starts a module once, before requests', () => {
    expect(calls).toEqual(['start']);
  });

  it('mounts a module under another module\'s path without either shadowing the other', async () => {
    const res = await server.request('/api/area-probe/sales/notes', { method: 'POST', json: {}, jar: owner.jar });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { companyId: string }).companyId).toBe(companyId);
    // The module whose path it sits under still answers.
    expect((await server.request('/api/area-probe/sales/summary', { jar: owner.jar })).status).toBe(200);
  });

  it("keeps every id to its company: another company's member 404, a member without the permission 403", async () => {
    const created = (await (await server.request('/api/area-probe/sales/notes', { method: 'POST', json: {}, jar: owner.jar })).json()) as { id: string };
    await expectTenantIsolation(server, { owner, outsider, withoutPermission, secrets: [companyId] }, [
      { method: 'GET', path: `/api/area-probe/sales/notes/${created.id}` },
    ]);
  });

  it('keeps module state per server: a second server in the same process does not share it', async () => {
    const other = await startTestServer({}, { modules: [...MODULES, areaProbe, notes(calls)] });
    try {
      const admin = (await createCompanyWithAdmin(other, 'Terceira')).admin;
      const mine = (await (await server.request('/api/area-probe/sales/notes', { method: 'POST', json: {}, jar: owner.jar })).json()) as { id: string };
      expect((await other.request(`/api/area-probe/sales/notes/${mine.id}`, { jar: admin.jar })).status).toBe(404);
    } finally {
      await other.stop();
    }
    expect(calls).toEqual(['start', 'start', 'stop']);
  });
});
