import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfirmedUser, latestMail, linkFrom, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

/** Words of better-auth's English answers that must not reach a person. */
const ENGLISH = /invalid|validation|json|expected|required|password|body/i;

let seq = 0;
const uniqueEmail = (tag: string) => `${tag}.${Date.now().toString(36)}${seq++}@exemplo.com.br`;

/** Eviction travels through LISTEN/NOTIFY even on the same instance: allowed up to 1 s. */
async function within1s(check: () => Promise<boolean>) {
  const t0 = Date.now();
  while (!(await check())) {
    if (Date.now() - t0 > 1000) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

type Mail = { id: string; to: string; subject: string; text: string; html: string; sentAt: string };

const signUp = (email: string, password = 'segredo123', firstName = 'Ana', lastName = 'Souza') =>
  server.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email, password, name: `${firstName} ${lastName}`, firstName, lastName, callbackURL: '/email-confirmed' },
  });

const signIn = (email: string, password: string, jar?: CookieJar) =>
  server.request('/api/auth/sign-in/email', { method: 'POST', json: { email, password }, jar });

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await server.services.pool.query(text, params)).rows as T[];

describe('health', () => {
  it('answers 200 once the database is ready', async () => {
    const res = await server.request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});

describe('sign-up and confirmation', () => {
  const email = uniqueEmail('cadastro');
  let mail: Mail;

  it('creates the user and, with it, the profile row (profiles.id = user id)', async () => {
    const res = await signUp(email.toUpperCase(), 'segredo123', 'Beatriz', 'Lima');
    expect(res.status).toBe(200);
    const [user] = await sql<{ id: string; email: string; email_verified: boolean }>(
      'SELECT id, email, email_verified FROM "user" WHERE email = $1',
      [email],
    );
    expect(user).toBeDefined();
    expect(user!.email_verified).toBe(false);
    const profiles = await sql<{ id: string; email: string; first_name: string; last_name: string; company_id: string | null }>(
      'SELECT id, email, first_name, last_name, company_id FROM profiles WHERE id = $1',
      [user!.id],
    );
    expect(profiles).toEqual([{ id: user!.id, email, first_name: 'Beatriz', last_name: 'Lima', company_id: null }]);
  });

  it('sends a Portuguese confirmation e-mail with a text and an HTML body', async () => {
    mail = (await latestMail(server, email, 'Confirme')) as Mail;
    expect(mail.to).toBe(email);
    expect(mail.subject).toBe('Confirme seu e-mail no Sede');
    expect(mail.text).toContain('Olá, Beatriz!');
    expect(mail.text).toContain('confirme seu endereço de e-mail');
    expect(mail.html).toContain('<html lang="pt-BR">');
    expect(mail.html).toContain('Confirmar e-mail');
    const link = linkFrom(mail.text);
    expect(mail.html).toContain(link.replaceAll('&', '&#38;'));
    expect(new URL(link).pathname).toBe('/api/auth/verify-email');
    expect(new URL(link).searchParams.get('callbackURL')).toContain('/email-confirmed');
  });

  it('refuses sign-in before the e-mail is confirmed (403 EMAIL_NOT_VERIFIED)', async () => {
    const res = await signIn(email, 'segredo123');
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: string }).code).toBe('EMAIL_NOT_VERIFIED');
  });

  it('the link confirms the address and lands on /email-confirmed', async () => {
    const url = new URL(linkFrom(mail.text));
    const res = await server.request(`${url.pathname}${url.search}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('/email-confirmed');
    const [user] = await sql<{ email_verified: boolean }>('SELECT email_verified FROM "user" WHERE email = $1', [email]);
    expect(user!.email_verified).toBe(true);
  });

  it('signs in after confirming; /api/me answers the viewer', async () => {
    const jar: CookieJar = { cookie: '' };
    const res = await signIn(` ${email.toUpperCase()} `.trim(), 'segredo123', jar);
    expect(res.status).toBe(200);
    expect(jar.cookie).toMatch(/better-auth\.session_token=/);
    const me = await server.request('/api/me', { jar });
    expect(me.status).toBe(200);
    const body = (await me.json()) as { user: { email: string }; profile: { first_name: string }; company: null; permissions: { role: null } };
    expect(body.user.email).toBe(email);
    expect(body.profile.first_name).toBe('Beatriz');
    expect(body.company).toBeNull();
    expect(body.permissions.role).toBeNull();
  });

  it("a taken address answers 'Email já cadastrado' (USER_ALREADY_EXISTS, 422), in any case", async () => {
    for (const attempt of [email, `  ${email.toUpperCase()}  `]) {
      const res = await signUp(attempt);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { code: string }).code).toBe('USER_ALREADY_EXISTS');
    }
    expect(await sql('SELECT id FROM "user" WHERE email = $1', [email])).toHaveLength(1);
  });

  it('wrong credentials are refused without saying which part was wrong', async () => {
    const wrongPassword = await signIn(email, 'outrasenha1');
    const unknownUser = await signIn(uniqueEmail('ninguem'), 'outrasenha1');
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(((await wrongPassword.json()) as { code: string }).code).toBe(((await unknownUser.json()) as { code: string }).code);
  });
});

describe('reset password', () => {
  it('mail → link → new password → sign-in with it; the old one is refused', async () => {
    const user = await createConfirmedUser(server, { email: uniqueEmail('reset'), password: 'antiga123' });
    const ask = await server.request('/api/auth/request-password-reset', {
      method: 'POST',
      json: { email: user.email, redirectTo: '/auth?reset=true' },
    });
    expect(ask.status).toBe(200);
    const mail = (await latestMail(server, user.email, 'senha')) as Mail;
    expect(mail.subject).toBe('Redefinição de senha do Sede');
    expect(mail.html).toContain('Redefinir senha');
    const link = new URL(linkFrom(mail.text));
    const landing = await server.request(`${link.pathname}${link.search}`);
    expect(landing.status).toBe(302);
    const target = new URL(landing.headers.get('location')!, 'http://localhost:3000');
    expect(target.pathname).toBe('/auth');
    expect(target.searchParams.get('reset')).toBe('true');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await server.request('/api/auth/reset-password', { method: 'POST', json: { newPassword: 'nova12345', token } });
    expect(reset.status).toBe(200);
    // The reset revokes the sessions that existed before it.
    expect(await within1s(async () => (await server.request('/api/me', { jar: user.jar })).status === 401)).toBe(true);
    expect((await signIn(user.email, 'antiga123')).status).toBe(401);
    expect((await signIn(user.email, 'nova12345')).status).toBe(200);
    // A token works once.
    const again = await server.request('/api/auth/reset-password', { method: 'POST', json: { newPassword: 'outra12345', token } });
    expect(again.status).toBe(400);
  });

  it('an unknown address gets the same answer and no mail', async () => {
    const email = uniqueEmail('semconta');
    const ask = await server.request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/auth?reset=true' } });
    expect(ask.status).toBe(200);
    const box = (await (await server.request(`/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Mail[] };
    expect(box.messages).toEqual([]);
  });
});

describe('sign-out', () => {
  it('ends the session: /api/me answers 401 afterwards', async () => {
    const user = await createConfirmedUser(server, { email: uniqueEmail('saida') });
    expect((await server.request('/api/me', { jar: user.jar })).status).toBe(200);
    const cookie = user.jar.cookie;
    const out = await server.request('/api/auth/sign-out', { method: 'POST', json: {}, jar: user.jar });
    expect(out.status).toBe(200);
    // Even a client that kept the old cookie is refused (within the 1 s the issue allows).
    expect(await within1s(async () => (await server.request('/api/me', { headers: { cookie } })).status === 401)).toBe(true);
  });
});

describe('dev mailbox', () => {
  it('answers {messages:[{id,to,subject,text,html,sentAt}]} newest first', async () => {
    const email = uniqueEmail('caixa');
    await signUp(email);
    await latestMail(server, email, 'Confirme');
    await server.request('/api/auth/request-password-reset', { method: 'POST', json: { email, redirectTo: '/auth?reset=true' } });
    await server.request('/api/auth/send-verification-email', { method: 'POST', json: { email, callbackURL: '/email-confirmed' } });
    const res = await server.request(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    const { messages } = (await res.json()) as { messages: Mail[] };
    expect(messages.length).toBeGreaterThanOrEqual(2);
    for (const m of messages) {
      expect(Object.keys(m).sort()).toEqual(['html', 'id', 'sentAt', 'subject', 'text', 'to']);
      expect(m.to).toBe(email);
      expect(new Date(m.sentAt).toISOString()).toBe(m.sentAt);
    }
    const times = messages.map((m) => Date.parse(m.sentAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(messages.at(-1)!.subject).toBe('Confirme seu e-mail no Sede');

    const all = (await (await server.request('/api/dev/mailbox')).json()) as { messages: Mail[] };
    expect(all.messages.some((m) => m.to === email)).toBe(true);
    const one = await server.request(`/api/dev/mailbox/${messages[0]!.id}`);
    expect(await one.json()).toEqual(messages[0]);
  });
});

describe('bad input', () => {
  it('/api/me without a session → 401 JSON with a Portuguese error', async () => {
    for (const headers of [{}, { cookie: 'better-auth.session_token=forjado.assinatura' }, { cookie: 'outro=1' }] as Array<Record<string, string>>) {
      const res = await server.request('/api/me', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ error: 'Usuário não autenticado', code: 'UNAUTHENTICATED' });
    }
  });

  it('an unknown /api path → JSON 404', async () => {
    for (const [method, p] of [['GET', '/api/nao-existe'], ['POST', '/api/nada/aqui'], ['DELETE', '/api/me/x']] as const) {
      const res = await server.request(p, { method });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(((await res.json()) as { error: string }).error).toBe('Rota não encontrada');
    }
  });

  it.each([
    ['/api/auth/sign-in/email', '{"email":'],
    ['/api/auth/sign-up/email', 'não é json'],
    ['/api/auth/reset-password', '[1,2'],
    ['/api/auth/request-password-reset', ''],
    ['/api/auth/sign-in/email', 'null'],
    ['/api/auth/sign-in/email', '{"email":123,"password":{}}'],
  ])('malformed body on %s (%j) is never a 500', async (p, body) => {
    const res = await server.request(p, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    if (res.status === 400) expect(((await res.json()) as { message: string }).message).not.toMatch(ENGLISH);
  });

  it.each([
    [{}, 'Dados inválidos. Confira os campos enviados.'],
    [{ email: 'x', password: 'segredo123', name: 'A' }, 'Dados inválidos. Confira os campos enviados.'],
    [{ email: 'curta.senha@exemplo.com.br', password: '1', name: 'A' }, 'A senha deve ter pelo menos 6 caracteres'],
  ])('a bad sign-up body (%j) is a 400 with a Portuguese message and the code kept', async (json, message) => {
    const res = await server.request('/api/auth/sign-up/email', { method: 'POST', json });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; code: string };
    expect(body.message).toBe(message);
    expect(body.code).toMatch(/^[A-Z_]+$/);
  });

  it('sign-up with missing or bad fields is a 4xx, never a 500', async () => {
    for (const json of [{}, { email: 'x', password: 'segredo123', name: 'A' }, { email: uniqueEmail('curta'), password: '1', name: 'A' }]) {
      const res = await server.request('/api/auth/sign-up/email', { method: 'POST', json });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});
