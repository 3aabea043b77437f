import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeProfileAfterInvitePath } from '@sede/shared/invitations';
import { latestMail, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, invitationTokenFromMail, invite, me, sql, uniqueEmail, type Person } from './support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;

beforeAll(async () => {
  server = await startTestServer();
  ({ companyId, admin } = await createCompanyWithAdmin(server, 'Serralheria Norte'));
});
afterAll(async () => {
  await server?.stop();
});

/** The create-password form of /accept-invite: better-auth's sign-up with the invitation token. */
async function signUpFromInvite(email: string, token: string, jar: CookieJar) {
  const res = await server.request('/api/auth/sign-up/email', {
    method: 'POST',
    jar,
    json: { email, password: 'segredo123', name: email.split('@')[0], firstName: '', lastName: '', invitedToken: token, callbackURL: completeProfileAfterInvitePath(token, email) },
  });
  return { status: res.status, body: (await res.json()) as { token: string | null; user: { id: string; email: string; emailVerified: boolean } } };
}

const mailbox = async (to: string) =>
  ((await (await server.request(`/api/dev/mailbox?to=${encodeURIComponent(to)}`)).json()) as { messages: Array<{ subject: string }> }).messages;

describe('sign-up from an invitation link', () => {
  it('the invited address: e-mail confirmed, signed in, joined, and no confirmation e-mail', async () => {
    const email = uniqueEmail('convidada');
    await invite(server, admin.jar, email, 'marketing');
    const token = await invitationTokenFromMail(server, email);
    const jar: CookieJar = { cookie: '' };

    const res = await signUpFromInvite(email, token, jar);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email, emailVerified: true });
    expect(res.body.token).toEqual(expect.any(String));
    expect(jar.cookie).toContain('better-auth.session_token=');

    const who = await me(server, jar);
    expect(who.user).toMatchObject({ email, emailVerified: true });
    expect(who.company?.id).toBe(companyId);
    expect(who.membership?.role).toBe('marketing');
    expect(await sql(server, `SELECT accepted_by FROM company_invitations WHERE token = $1`, [token])).toEqual([{ accepted_by: res.body.user.id }]);
    expect(await sql(server, `SELECT action FROM activity_log WHERE user_id = $1 AND action = 'invitation_accepted'`, [res.body.user.id])).toHaveLength(1);
    // Only the invitation itself was mailed: nothing asks this person to confirm the address.
    expect((await mailbox(email)).map((m) => m.subject).filter((s) => /confirm/i.test(s))).toEqual([]);
    // The invite view's own acceptance afterwards is the same idempotent step.
    const again = await server.request('/api/invitations/process-after-confirmation', { method: 'POST', json: { invitation_token: token }, jar });
    expect(await again.json()).toMatchObject({ success: true, alreadyAccepted: true });
  });

  it('a token sent to another address verifies nothing: no session, the usual confirmation e-mail, the invitation untouched', async () => {
    const invited = uniqueEmail('alvo');
    await invite(server, admin.jar, invited, 'vendas');
    const token = await invitationTokenFromMail(server, invited);
    const other = uniqueEmail('outra');
    const jar: CookieJar = { cookie: '' };

    const res = await signUpFromInvite(other, token, jar);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ token: null, user: { email: other, emailVerified: false } });
    expect(jar.cookie).toBe('');
    expect(await sql(server, `SELECT email_verified FROM "user" WHERE email = $1`, [other])).toEqual([{ email_verified: false }]);
    expect((await latestMail(server, other, 'Confirme')).subject).toContain('Confirme');
    expect(await sql(server, `SELECT accepted_at FROM company_invitations WHERE token = $1`, [token])).toEqual([{ accepted_at: null }]);
  });

  it('an expired or made-up token verifies nothing', async () => {
    const email = uniqueEmail('expirada');
    await invite(server, admin.jar, email, 'vendas');
    const token = await invitationTokenFromMail(server, email);
    await sql(server, `UPDATE company_invitations SET expires_at = now() - interval '1 minute' WHERE token = $1`, [token]);
    const expired = await signUpFromInvite(email, token, { cookie: '' });
    expect(expired.body).toMatchObject({ token: null, user: { emailVerified: false } });

    const made = uniqueEmail('inventada');
    const fake = await signUpFromInvite(made, 'A'.repeat(43), { cookie: '' });
    expect(fake.body).toMatchObject({ token: null, user: { emailVerified: false } });
    expect(await sql(server, `SELECT email_verified FROM "user" WHERE email = ANY($1)`, [[email, made]])).toEqual([{ email_verified: false }, { email_verified: false }]);
  });

  it('a sign-up without an invitation still needs the confirmation e-mail', async () => {
    const email = uniqueEmail('semconvite');
    const jar: CookieJar = { cookie: '' };
    const res = await server.request('/api/auth/sign-up/email', { method: 'POST', jar, json: { email, password: 'segredo123', name: 'Sem Convite', firstName: 'Sem', lastName: 'Convite' } });
    expect(await res.json()).toMatchObject({ token: null, user: { emailVerified: false } });
    expect(jar.cookie).toBe('');
    expect((await latestMail(server, email, 'Confirme')).subject).toContain('Confirme');
  });
});
