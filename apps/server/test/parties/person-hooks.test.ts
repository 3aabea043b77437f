import { sql as dsql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person, PersonExport } from '@sede/shared/platform/parties';
import { MODULES } from '../../src/modules/index.ts';
import { addPersonErasureStep, addPersonExportPart, isSuppressed } from '../../src/modules/parties/public.ts';
import { defineModule } from '../../src/platform/module.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, sql, type Person as Member } from '../team/support.ts';

/** An area that keeps notes about people, as the CRM will: it adds its part to the export and erases with the person. */
const notesByPerson = new Map<string, string[]>();
let failErasure = false;
const area = defineModule({
  key: 'people-notes',
  start: (s) => {
    addPersonExportPart(s, 'anotacoes', async (_tenant, personId) => notesByPerson.get(personId) ?? []);
    addPersonErasureStep(s, async (tx, tenant, personId) => {
      // Inside the erasure's transaction: it sees the person still there.
      const [row] = (await tx.execute(dsql`SELECT company_id FROM people WHERE id = ${personId}`)).rows as Array<{ company_id: string }>;
      expect(row?.company_id).toBe(tenant.companyId);
      if (failErasure) throw new Error('area failed');
      notesByPerson.delete(personId);
    });
  },
});

let server: TestServer;
let admin: Member;
let companyId: string;
beforeAll(async () => {
  server = await startTestServer({}, { modules: [...MODULES, area] });
  const a = await createCompanyWithAdmin(server, 'Empresa Ganchos');
  admin = a.admin;
  companyId = a.companyId;
});
afterAll(async () => {
  await server?.stop();
});

const newPerson = async (email: string) => {
  const res = await server.request('/api/parties/people', { method: 'POST', json: { name: 'Com Anotações', emails: [email] }, jar: admin.jar });
  expect(res.status).toBe(201);
  return (await res.json()) as Person;
};

describe("areas' parts of a person's export and erasure", () => {
  it('the export carries each area part', async () => {
    const p = await newPerson('ganchos@exemplo.com');
    notesByPerson.set(p.id, ['ligou em 03/11']);
    const res = await server.request(`/api/parties/people/${p.id}/export`, { jar: admin.jar });
    // The product's own areas (quotes…) add their parts too; this test's part is there as written.
    expect(((await res.json()) as PersonExport).areas).toMatchObject({ anotacoes: ['ligou em 03/11'] });
    const csv = await (await server.request(`/api/parties/people/${p.id}/export?format=csv`, { jar: admin.jar })).text();
    expect(csv).toContain('Área: anotacoes;"[""ligou em 03/11""]"');
  });

  it("an area's failing erasure step rolls the whole erasure back; a passing one erases with the person", async () => {
    const p = await newPerson('rollback@exemplo.com');
    notesByPerson.set(p.id, ['nota']);
    failErasure = true;
    const failed = await server.request(`/api/parties/people/${p.id}/erase`, { method: 'POST', json: {}, jar: admin.jar });
    expect(failed.status).toBe(500);
    // Nothing half-way: the person, no suppression hash, no audit line.
    expect((await server.request(`/api/parties/people/${p.id}`, { jar: admin.jar })).status).toBe(200);
    expect(await isSuppressed(server.services, { db: server.services.db, companyId }, { email: 'rollback@exemplo.com' })).toBe(false);
    expect(await sql(server, "SELECT id FROM activity_log WHERE company_id = $1 AND action = 'person_data_erased'", [companyId])).toEqual([]);

    failErasure = false;
    expect((await server.request(`/api/parties/people/${p.id}/erase`, { method: 'POST', json: {}, jar: admin.jar })).status).toBe(200);
    expect(notesByPerson.has(p.id)).toBe(false);
    expect(await isSuppressed(server.services, { db: server.services.db, companyId }, { email: 'rollback@exemplo.com' })).toBe(true);
  });
});
