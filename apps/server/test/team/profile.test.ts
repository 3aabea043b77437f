import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '@sede/shared/profile';
import { INVITE_MESSAGES } from '@sede/shared/invitations';
import { createConfirmedUser, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, invitationTokenFromMail, invite, me, sql, uniqueEmail, type Person } from './support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Oficina Boa'));
});
afterAll(async () => {
  await server?.stop();
});

const save = async (jar: CookieJar, body: Record<string, unknown>) => {
  const res = await server.request('/api/profile', { method: 'PUT', json: body, jar });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
};

describe('profile', () => {
  it('reads and saves the signed-in person’s profile; phone and CPF stored as digits', async () => {
    const p = await createConfirmedUser(server, { email: uniqueEmail('perfil') });
    const saved = await save(p.jar, { firstName: ' Bia ', lastName: 'Lima', phone: '(11) 93456-7890', cpf: '529.982.247-25' });
    expect(saved.status).toBe(200);
    expect(saved.body.profile).toMatchObject({ email: p.email, firstName: 'Bia', lastName: 'Lima', phone: '11934567890', cpf: '52998224725', googleLinked: false });
    const read = await (await server.request('/api/profile', { jar: p.jar })).json();
    expect(read).toEqual(saved.body.profile);
    expect((await me(server, p.jar)).user).toMatchObject({ firstName: 'Bia', lastName: 'Lima' });
    // Saving one's own CPF again is no conflict.
    expect((await save(p.jar, { firstName: 'Bia', lastName: 'Lima', cpf: '52998224725' })).status).toBe(200);
  });

  it('validates with the shared schema’s messages', async () => {
    const p = await createConfirmedUser(server, { email: uniqueEmail('val') });
    expect((await save(p.jar, { firstName: '', lastName: 'X' })).body.error).toBe(PROFILE_MESSAGES.namesRequired);
    expect((await save(p.jar, { firstName: 'A', lastName: 'B', phone: '1234' })).body.error).toBe(PROFILE_MESSAGES.invalidPhone);
    expect((await save(p.jar, { firstName: 'A', lastName: 'B', cpf: '111.111.111-11' })).body.error).toBe(PROFILE_MESSAGES.invalidCpf);
    expect((await save(p.jar, { firstName: 'A', lastName: 'B', cpf: '529.982.247-24' })).status).toBe(400);
    expect((await save({ cookie: '' }, { firstName: 'A', lastName: 'B' })).status).toBe(401);
  });

  it('a CPF of another profile is refused: CPF já Cadastrado', async () => {
    const a = await createConfirmedUser(server, { email: uniqueEmail('cpfa') });
    const b = await createConfirmedUser(server, { email: uniqueEmail('cpfb') });
    expect((await save(a.jar, { firstName: 'A', lastName: 'A', cpf: '111.444.777-35' })).status).toBe(200);
    const dup = await save(b.jar, { firstName: 'B', lastName: 'B', cpf: '11144477735' });
    expect(dup).toEqual({ status: 409, body: expect.objectContaining({ code: 'CPF_TAKEN', error: PROFILE_MESSAGES.cpfTaken }) });
    expect((await sql(server, `SELECT cpf, first_name FROM profiles WHERE id = $1`, [b.userId]))[0]).toEqual({ cpf: null, first_name: 'Ana' });
  });

  it('two simultaneous saves of one CPF: exactly one wins', async () => {
    const people = await Promise.all([0, 1, 2, 3].map((i) => createConfirmedUser(server, { email: uniqueEmail(`race${i}`) })));
    const cpf = '935.411.347-80';
    const results = await Promise.all(people.map((p) => save(p.jar, { firstName: 'R', lastName: 'C', cpf })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await sql(server, `SELECT 1 FROM profiles WHERE cpf = '93541134780'`)).toHaveLength(1);
  });

  it('saving with an invitation accepts it; a failing invitation saves nothing and says why', async () => {
    const email = uniqueEmail('pinv');
    await invite(server, admin.jar, email, 'financeiro');
    const token = await invitationTokenFromMail(server, email);
    const p = await createConfirmedUser(server, { email, firstName: '', lastName: '' });
    const ok = await save(p.jar, { firstName: 'Davi', lastName: 'Reis', invitationToken: token });
    expect(ok.status).toBe(200);
    expect(ok.body.invitation).toEqual({ accepted: true, companyName: 'Oficina Boa', error: null });
    expect(ok.body.profile.companyId).toBe(companyId);
    expect((await me(server, p.jar)).membership?.role).toBe('financeiro');

    // The token is used: the profile write and its activity line are rolled back with the acceptance.
    const q = await createConfirmedUser(server, { email: uniqueEmail('pbad') });
    const before = await sql(server, `SELECT first_name, last_name, phone, updated_at FROM profiles WHERE id = $1`, [q.userId]);
    const bad = await save(q.jar, { firstName: 'Eva', lastName: 'Melo', phone: '(11) 93456-7890', invitationToken: token });
    expect(bad).toEqual({ status: 404, body: { error: INVITE_MESSAGES.notFoundOrUsed, code: 'NOT_FOUND', step: 'invitation' } });
    expect(await sql(server, `SELECT first_name, last_name, phone, updated_at FROM profiles WHERE id = $1`, [q.userId])).toEqual(before);
    expect(await sql(server, `SELECT 1 FROM activity_log WHERE user_id = $1 AND action = 'profile_updated'`, [q.userId])).toEqual([]);
    expect((await me(server, q.jar)).user).toMatchObject({ firstName: 'Ana', lastName: 'Souza' });
  });

  it('an expired invitation: 410, the profile and the activity log unchanged', async () => {
    const email = uniqueEmail('pexp');
    await invite(server, admin.jar, email, 'vendas');
    const token = await invitationTokenFromMail(server, email);
    await sql(server, `UPDATE company_invitations SET expires_at = now() - interval '1 minute' WHERE token = $1`, [token]);
    const p = await createConfirmedUser(server, { email, firstName: 'Ana', lastName: 'Souza' });
    const activity = await sql(server, `SELECT count(*)::int AS n FROM activity_log`);
    const bad = await save(p.jar, { firstName: 'Outra', lastName: 'Pessoa', invitationToken: token });
    expect(bad).toEqual({ status: 410, body: { error: INVITE_MESSAGES.expired, code: 'INVITATION_EXPIRED', step: 'invitation' } });
    expect(await sql(server, `SELECT first_name, last_name, company_id FROM profiles WHERE id = $1`, [p.userId])).toEqual([{ first_name: 'Ana', last_name: 'Souza', company_id: null }]);
    expect(await sql(server, `SELECT count(*)::int AS n FROM activity_log`)).toEqual(activity);
    // Saving without the invitation still works.
    expect((await save(p.jar, { firstName: 'Outra', lastName: 'Pessoa' })).status).toBe(200);
  });

  it('an invitation token that is not one of ours is a 400 before anything is written', async () => {
    const p = await createConfirmedUser(server, { email: uniqueEmail('ptok') });
    const bad = await save(p.jar, { firstName: 'Eva', lastName: 'Melo', invitationToken: 'not a token!' });
    expect(bad).toEqual({ status: 400, body: { error: INVITE_MESSAGES.invalidToken, code: 'VALIDATION_ERROR' } });
    expect(await sql(server, `SELECT first_name FROM profiles WHERE id = $1`, [p.userId])).toEqual([{ first_name: 'Ana' }]);
  });
});
