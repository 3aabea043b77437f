import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '@sede/shared/invitations';
import { createConfirmedUser, latestMail, linkFrom, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { acceptInvitation, INVITATIONS_PER_HOUR } from '../../src/modules/invitations/service.ts';
import { accept, createCompanyWithAdmin, invitationTokenFromMail, invite, me, memberOf, sql, uniqueEmail, type Person } from './support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Padaria Pão Quente'));
});
afterAll(async () => {
  await server?.stop();
});

const byToken = async (token: string, jar?: CookieJar) => {
  const res = await server.request(`/api/invitations/by-token?token=${encodeURIComponent(token)}`, { jar });
  return { status: res.status, body: (await res.json()) as { invitation?: Record<string, unknown>; error?: string } };
};

describe('send-invitation', () => {
  it('an admin invites: stored with a long random token, 7 days, inviter, role; e-mail names company and inviter', async () => {
    const email = uniqueEmail('convidado');
    const { status, body } = await invite(server, admin.jar, `  ${email.toUpperCase()} `, 'marketing');
    expect(status).toBe(201);
    expect(body).toMatchObject({ success: true, error: null });

    const [row] = await sql(server, `SELECT *, extract(epoch from expires_at - created_at) AS ttl FROM company_invitations WHERE email = $1`, [email]);
    expect(row).toMatchObject({ email, role: 'marketing', invited_by: admin.userId, company_id: companyId, accepted_at: null });
    expect(row.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 32 random bytes = 256 bits
    expect(Number(row.ttl)).toBeCloseTo(7 * 24 * 3600, -1);

    const mail = await latestMail(server, email, 'convidou');
    expect(mail.subject).toContain('Carla Admin');
    expect(mail.subject).toContain('Padaria Pão Quente');
    expect(mail.html).toContain('Padaria Pão Quente');
    const link = new URL(linkFrom(mail.text));
    expect(link.origin).toBe('http://localhost:3000');
    expect(link.pathname).toBe('/accept-invite');
    expect(link.searchParams.get('token')).toBe(row.token);
    expect(link.searchParams.get('email')).toBe(email);
  });

  it('only an admin of the company may invite', async () => {
    const seller = await memberOf(server, companyId, 'vendas');
    const email = uniqueEmail('x');
    const { status, body } = await invite(server, seller.jar, email);
    expect(status).toBe(403);
    expect(body.success).toBe(false);
    expect(body.error).toBeTruthy();

    const loner = await createConfirmedUser(server, { email: uniqueEmail('loner') });
    expect((await invite(server, loner.jar, email)).status).toBe(403);
    expect((await invite(server, { cookie: '' }, email)).body).toMatchObject({ success: false, error: 'Usuário não autenticado' });
    expect(await sql(server, `SELECT 1 FROM company_invitations WHERE email = $1`, [email])).toHaveLength(0);
  });

  it('refuses a role outside the invite list and a bad e-mail, with the schema message', async () => {
    for (const role of ['custom', 'owner', 'manager']) {
      const { status, body } = await invite(server, admin.jar, uniqueEmail('r'), role);
      expect(status).toBe(400);
      expect(body).toMatchObject({ success: false, error: INVITE_MESSAGES.invalidRole });
    }
    expect((await invite(server, admin.jar, 'nao-e-email')).body.error).toBe(INVITE_MESSAGES.invalidEmail);
    expect((await invite(server, admin.jar, '   ')).body.error).toBe(INVITE_MESSAGES.emailRequired);
  });

  it('re-inviting a pending address replaces it: one row, new token, new expiry, old link dead', async () => {
    const email = uniqueEmail('again');
    await invite(server, admin.jar, email, 'vendas');
    const first = await invitationTokenFromMail(server, email);
    await sql(server, `UPDATE company_invitations SET expires_at = now() + interval '1 day' WHERE email = $1`, [email]);
    await invite(server, admin.jar, email.toUpperCase(), 'rh');
    const second = await invitationTokenFromMail(server, email, first);

    const rows = await sql(server, `SELECT token, role, expires_at > now() + interval '6 days' AS fresh FROM company_invitations WHERE email = $1`, [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ token: second, role: 'rh', fresh: true });
    expect((await byToken(first)).status).toBe(404);
    expect((await byToken(second)).status).toBe(200);
  });

  it('concurrent invitations to one address never leave two pending rows', async () => {
    const email = uniqueEmail('burst');
    const results = await Promise.all(Array.from({ length: 6 }, () => invite(server, admin.jar, email)));
    expect(results.every((r) => r.status === 201)).toBe(true);
    expect(await sql(server, `SELECT 1 FROM company_invitations WHERE email = $1 AND accepted_at IS NULL`, [email])).toHaveLength(1);
  });

  it('caps invitation e-mails per company and hour (an invite form is not a mail cannon)', async () => {
    const busy = await createCompanyWithAdmin(server, 'Muito Convite');
    await sql(
      server,
      `INSERT INTO activity_log (company_id, user_id, action) SELECT $1, $2, 'invitation_sent' FROM generate_series(1, $3)`,
      [busy.companyId, busy.admin.userId, INVITATIONS_PER_HOUR],
    );
    const email = uniqueEmail('cap');
    const { status, body } = await invite(server, busy.admin.jar, email);
    expect(status).toBe(429);
    expect(body.success).toBe(false);
    expect(await sql(server, `SELECT 1 FROM company_invitations WHERE email = $1`, [email])).toHaveLength(0);
  });

  it('refuses to invite someone who is already a member', async () => {
    const member = await memberOf(server, companyId, 'marketing');
    const { status, body } = await invite(server, admin.jar, member.email.toUpperCase());
    expect(status).toBe(409);
    expect(body).toMatchObject({ success: false, error: INVITE_MESSAGES.alreadyMember });
  });
});

describe('loading by token', () => {
  it('returns only what the page needs', async () => {
    const email = uniqueEmail('load');
    await invite(server, admin.jar, email, 'financeiro');
    const token = await invitationTokenFromMail(server, email);
    const { status, body } = await byToken(token);
    expect(status).toBe(200);
    expect(Object.keys(body.invitation!).sort()).toEqual(
      ['account', 'companyName', 'email', 'expiresAt', 'inviterName', 'role', 'roleLabel', 'status', 'viewerIsMember'].sort(),
    );
    expect(body.invitation).toMatchObject({ email, role: 'financeiro', roleLabel: 'Financeiro', companyName: 'Padaria Pão Quente', inviterName: 'Carla Admin', status: 'pending', account: 'none' });
    expect(JSON.stringify(body)).not.toContain(companyId);
    expect(JSON.stringify(body)).not.toContain(token);
  });

  it('a forged or malformed token gets the right message', async () => {
    expect(await byToken('A'.repeat(43))).toEqual({ status: 404, body: expect.objectContaining({ error: INVITE_MESSAGES.notFoundOrUsed }) });
    expect(await byToken('x')).toEqual({ status: 400, body: expect.objectContaining({ error: INVITE_MESSAGES.invalidToken }) });
  });
});

describe('accept_company_invitation', () => {
  it('accepts: membership with the role, profile company, accepted_at; a second accept is harmless', async () => {
    const email = uniqueEmail('joiner');
    await invite(server, admin.jar, email, 'rh');
    const token = await invitationTokenFromMail(server, email);
    const joiner = await createConfirmedUser(server, { email });

    const first = await accept(server, joiner.jar, token);
    expect(first).toEqual({ status: 200, body: expect.objectContaining({ success: true, error: null, alreadyAccepted: false }) });
    const after = await me(server, joiner.jar);
    expect(after.company?.id).toBe(companyId);
    expect(after.membership?.role).toBe('rh');
    const [inv] = await sql(server, `SELECT accepted_at, accepted_by FROM company_invitations WHERE token = $1`, [token]);
    expect(inv.accepted_at).not.toBeNull();
    expect(inv.accepted_by).toBe(joiner.userId);

    const again = await accept(server, joiner.jar, token);
    expect(again.body).toMatchObject({ success: true, alreadyAccepted: true });
    expect(await sql(server, `SELECT 1 FROM company_members WHERE user_id = $1`, [joiner.userId])).toHaveLength(1);
    // The acceptor may still load it (the page shows 'already accepted'); nobody else can.
    expect((await byToken(token, joiner.jar)).body.invitation).toMatchObject({ status: 'accepted', viewerIsMember: true });
    expect((await byToken(token)).status).toBe(404);
  });

  it('an invitation to Foo@X.com is accepted by foo@x.com, and signing up as FOO@x.com makes no second account', async () => {
    const lower = uniqueEmail('foo');
    const mixed = lower.replace('foo', 'Foo').toUpperCase();
    await invite(server, admin.jar, mixed, 'vendas');
    const token = await invitationTokenFromMail(server, lower);
    const person = await createConfirmedUser(server, { email: lower });
    expect((await accept(server, person.jar, token)).body.success).toBe(true);
    const dup = await server.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: mixed, password: 'segredo123', name: 'X Y', firstName: 'X', lastName: 'Y' },
    });
    expect(dup.ok).toBe(false);
    expect(await sql(server, `SELECT 1 FROM "user" WHERE lower(email) = $1`, [lower])).toHaveLength(1);
  });

  it('refuses a different signed-in e-mail and changes nothing', async () => {
    const email = uniqueEmail('target');
    await invite(server, admin.jar, email);
    const token = await invitationTokenFromMail(server, email);
    const intruder = await createConfirmedUser(server, { email: uniqueEmail('intruder') });
    const res = await accept(server, intruder.jar, token);
    expect(res).toEqual({ status: 403, body: expect.objectContaining({ success: false, error: INVITE_MESSAGES.emailMismatch }) });
    expect((await me(server, intruder.jar)).company).toBeNull();
    expect((await sql(server, `SELECT accepted_at FROM company_invitations WHERE token = $1`, [token]))[0].accepted_at).toBeNull();
    // Nor may they decline it.
    const decline = await server.request('/api/invitations/decline', { method: 'DELETE', json: { invitation_token: token }, jar: intruder.jar });
    expect(decline.status).toBe(403);
    expect(await sql(server, `SELECT 1 FROM company_invitations WHERE token = $1`, [token])).toHaveLength(1);
  });

  it('checks expiry on the server at accept time', async () => {
    const email = uniqueEmail('late');
    await invite(server, admin.jar, email);
    const token = await invitationTokenFromMail(server, email);
    const late = await createConfirmedUser(server, { email });
    await sql(server, `UPDATE company_invitations SET expires_at = now() - interval '1 second' WHERE token = $1`, [token]);
    expect(await accept(server, late.jar, token)).toEqual({ status: 410, body: expect.objectContaining({ success: false, error: INVITE_MESSAGES.expired }) });
    expect((await byToken(token)).body.error).toBe(INVITE_MESSAGES.expired);
    expect((await me(server, late.jar)).company).toBeNull();
  });

  it('someone already in another company is refused clearly', async () => {
    const other = await createCompanyWithAdmin(server, 'Outra Empresa');
    const email = uniqueEmail('taken');
    await invite(server, admin.jar, email);
    const token = await invitationTokenFromMail(server, email);
    const person = await memberOf(server, other.companyId, 'vendas');
    await sql(server, `UPDATE company_invitations SET email = $2 WHERE token = $1`, [token, person.email]);
    const res = await accept(server, person.jar, token);
    expect(res).toEqual({ status: 409, body: expect.objectContaining({ error: INVITE_MESSAGES.otherCompany }) });
    expect((await me(server, person.jar)).company?.id).toBe(other.companyId);
  });

  it('is race-proof: concurrent accepts by one person join once; two people racing for one token cannot both join', async () => {
    const email = uniqueEmail('race');
    await invite(server, admin.jar, email, 'juridico');
    const token = await invitationTokenFromMail(server, email);
    const person = await createConfirmedUser(server, { email });
    const results = await Promise.all(Array.from({ length: 5 }, () => accept(server, person.jar, token)));
    expect(results.every((r) => r.body.success)).toBe(true);
    expect(results.filter((r) => !r.body.alreadyAccepted)).toHaveLength(1);
    expect(await sql(server, `SELECT 1 FROM company_members WHERE user_id = $1`, [person.userId])).toHaveLength(1);
    expect(await sql(server, `SELECT 1 FROM activity_log WHERE action = 'invitation_accepted' AND user_id = $1`, [person.userId])).toHaveLength(1);

    // Two accounts claiming the same address at the same moment (e.g. an e-mail change in flight).
    const email2 = uniqueEmail('race2');
    await invite(server, admin.jar, email2);
    const token2 = await invitationTokenFromMail(server, email2);
    const a = await createConfirmedUser(server, { email: uniqueEmail('a') });
    const b = await createConfirmedUser(server, { email: uniqueEmail('b') });
    const outcomes = await Promise.allSettled(
      [a, b].map((p) => acceptInvitation(server.services, { id: p.userId, email: email2, emailVerified: true }, token2)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const joined = await sql(server, `SELECT user_id FROM company_members WHERE user_id = ANY($1)`, [[a.userId, b.userId]]);
    expect(joined).toHaveLength(1);
  });

  it('one person racing two companies’ invitations joins only one', async () => {
    const other = await createCompanyWithAdmin(server, 'Concorrente');
    const email = uniqueEmail('double');
    await invite(server, admin.jar, email);
    await invite(server, other.admin.jar, email);
    const rows = await sql(server, `SELECT token FROM company_invitations WHERE email = $1`, [email]);
    expect(rows).toHaveLength(2);
    const person = await createConfirmedUser(server, { email });
    const results = await Promise.all(rows.map((r) => accept(server, person.jar, r.token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await sql(server, `SELECT 1 FROM company_members WHERE user_id = $1`, [person.userId])).toHaveLength(1);
  });

  it('a forged, reused or malformed token changes nothing', async () => {
    const person = await createConfirmedUser(server, { email: uniqueEmail('forger') });
    expect((await accept(server, person.jar, 'B'.repeat(43))).status).toBe(404);
    expect((await accept(server, person.jar, '../../etc')).body).toMatchObject({ success: false, error: INVITE_MESSAGES.invalidToken });
    expect((await me(server, person.jar)).company).toBeNull();
  });
});

describe('sign-up from an invitation', () => {
  it('the invitee who signs up through the link is confirmed, signed in and joined at once (decision 0082)', async () => {
    const email = uniqueEmail('novo');
    await invite(server, admin.jar, email, 'marketing');
    const token = await invitationTokenFromMail(server, email);
    const callbackURL = `/complete-profile?token=${token}&email=${encodeURIComponent(email)}&confirmed=true`;
    const jar: CookieJar = { cookie: '' };
    const signUp = await server.request('/api/auth/sign-up/email', {
      method: 'POST',
      jar,
      json: { email, password: 'segredo123', name: email, firstName: '', lastName: '', invitedToken: token, callbackURL },
    });
    expect(signUp.ok).toBe(true);
    const after = await me(server, jar);
    expect(after.company?.id).toBe(companyId);
    expect(after.membership?.role).toBe('marketing');
    expect((await byToken(token, jar)).body.invitation).toMatchObject({ account: 'confirmed', status: 'accepted' });
    // The page's own call afterwards is harmless.
    const processed = await server.request('/api/invitations/process-after-confirmation', { method: 'POST', json: { invitation_token: token }, jar });
    expect(await processed.json()).toMatchObject({ success: true, alreadyAccepted: true });
  });

  it('a sign-up carrying someone else’s token joins nothing', async () => {
    const email = uniqueEmail('victim');
    await invite(server, admin.jar, email);
    const token = await invitationTokenFromMail(server, email);
    const thief = uniqueEmail('thief');
    await server.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: thief, password: 'segredo123', name: 'T', firstName: '', lastName: '', invitedToken: token, callbackURL: '/' },
    });
    const mail = await latestMail(server, thief, 'Confirme');
    const link = new URL(linkFrom(mail.text));
    const jar: CookieJar = { cookie: '' };
    await server.request(`${link.pathname}${link.search}`, { jar });
    expect((await me(server, jar)).company).toBeNull();
    expect((await sql(server, `SELECT accepted_at FROM company_invitations WHERE token = $1`, [token]))[0].accepted_at).toBeNull();
  });
});

describe('GET /api/invitations/mine (an invitee is never pushed into creating a company)', () => {
  it('lists only the signed-in person’s own pending, unexpired invitations, with their link', async () => {
    const email = uniqueEmail('mine');
    await invite(server, admin.jar, email.toUpperCase(), 'marketing');
    const token = await invitationTokenFromMail(server, email);
    const invitee = await createConfirmedUser(server, { email });
    const mine = async (jar?: CookieJar) => {
      const res = await server.request('/api/invitations/mine', { jar });
      return { status: res.status, body: (await res.json()) as { invitations?: Array<Record<string, unknown>> } };
    };
    const own = await mine(invitee.jar);
    expect(own.status).toBe(200);
    expect(own.body.invitations).toEqual([
      expect.objectContaining({ companyName: 'Padaria Pão Quente', role: 'marketing', roleLabel: 'Marketing', path: expect.stringContaining(`token=${token}`) }),
    ]);
    // Someone else, a member of a company, and nobody signed in learn nothing.
    const stranger = await createConfirmedUser(server, { email: uniqueEmail('stranger') });
    expect((await mine(stranger.jar)).body.invitations).toEqual([]);
    expect((await mine(admin.jar)).body.invitations).toEqual([]);
    expect((await mine()).status).toBe(401);
    // Expired invitations are not offered.
    await sql(server, `UPDATE company_invitations SET expires_at = now() - interval '1 second' WHERE token = $1`, [token]);
    expect((await mine(invitee.jar)).body.invitations).toEqual([]);
  });
});

describe('decline, resend and revoke', () => {
  it('decline with the token deletes the invitation; the token is dead afterwards', async () => {
    const email = uniqueEmail('nope');
    await invite(server, admin.jar, email);
    const token = await invitationTokenFromMail(server, email);
    const res = await server.request('/api/invitations/decline', { method: 'DELETE', json: { invitation_token: token } });
    expect(res.status).toBe(200);
    expect(await sql(server, `SELECT 1 FROM company_invitations WHERE email = $1`, [email])).toHaveLength(0);
    expect((await byToken(token)).body.error).toBe(INVITE_MESSAGES.notFoundOrUsed);
    const again = await server.request('/api/invitations/decline', { method: 'DELETE', json: { invitation_token: token } });
    expect(again.status).toBe(404);
    expect(await sql(server, `SELECT 1 FROM activity_log WHERE action = 'invitation_declined' AND details->>'email' = $1`, [email])).toHaveLength(1);
  });

  it('an admin lists, resends (new token) and revokes pending invitations of their own company only', async () => {
    const email = uniqueEmail('pending');
    const sent = await invite(server, admin.jar, email);
    const id = sent.body.invitation!.id;
    const oldToken = await invitationTokenFromMail(server, email);

    const list = (await (await server.request('/api/invitations', { jar: admin.jar })).json()) as { invitations: Array<{ id: string; email: string }> };
    expect(list.invitations.some((i) => i.id === id && i.email === email)).toBe(true);

    const other = await createCompanyWithAdmin(server, 'Estranha');
    expect((await server.request(`/api/invitations/${id}/resend`, { method: 'POST', jar: other.admin.jar })).status).toBe(404);
    expect((await server.request(`/api/invitations/${id}`, { method: 'DELETE', jar: other.admin.jar })).status).toBe(404);
    expect((await server.request(`/api/invitations/not-a-uuid`, { method: 'DELETE', jar: admin.jar })).status).toBe(404);
    const otherList = (await (await server.request('/api/invitations', { jar: other.admin.jar })).json()) as { invitations: unknown[] };
    expect(otherList.invitations).toHaveLength(0);

    const resend = await server.request(`/api/invitations/${id}/resend`, { method: 'POST', jar: admin.jar });
    expect(resend.status).toBe(200);
    const newToken = await invitationTokenFromMail(server, email, oldToken);
    expect((await byToken(oldToken)).status).toBe(404);
    expect((await byToken(newToken)).status).toBe(200);
    expect(await sql(server, `SELECT 1 FROM company_invitations WHERE email = $1`, [email])).toHaveLength(1);

    const revoke = await server.request(`/api/invitations/${id}`, { method: 'DELETE', jar: admin.jar });
    expect(revoke.status).toBe(200);
    expect((await byToken(newToken)).status).toBe(404);
  });
});
