import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, startTestServer, type TestServer } from '../support/test-server.ts';
import { addMember, createCompany, uniqueEmail } from '../billing/support.ts';
import { eventually } from '../support/eventually.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

type Jar = { cookie: string };
const areasOf = async (jar: Jar) => ((await (await server.request('/api/me', { jar })).json()) as any).company.onboarding_areas;

describe("GET /api/me carries the company's onboarding areas (decision 0141)", () => {
  it('empty before onboarding; the answers after it, for every member (cached viewers are evicted)', async () => {
    const admin = await createCompany(server);
    const member = await createConfirmedUser(server, { email: uniqueEmail('rh') });
    await addMember(server, admin.companyId, member.userId, 'rh');
    expect(await areasOf(admin.jar)).toEqual([]);
    expect(await areasOf(member.jar)).toEqual([]); // now cached

    const res = await server.request('/api/onboarding/complete', { method: 'POST', jar: admin.jar, json: { profile: 'manager', areas: ['hr', 'financial'], plan: 'monthly' } });
    expect(res.status).toBe(200);
    // Stored in the onboarding's order, whatever the order chosen.
    expect(await eventually(() => areasOf(admin.jar), (v) => v.length > 0)).toEqual(['financial', 'hr']);
    expect(await eventually(() => areasOf(member.jar), (v) => v.length > 0)).toEqual(['financial', 'hr']);
  });

  it('a person without a company has no company, so no areas', async () => {
    const lone = await createConfirmedUser(server, { email: uniqueEmail('lone') });
    const me = (await (await server.request('/api/me', { jar: lone.jar })).json()) as any;
    expect(me.company).toBeNull();
  });
});
