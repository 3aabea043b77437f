import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** A unique address per test, so tests never depend on each other's data. */
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@exemplo.com.br`;

export type Mail = { id: string; to: string; subject: string; text: string; html: string; sentAt: string };

/** Waits for the newest dev-mailbox message to an address whose subject contains `subject`. */
export async function waitForMail(request: APIRequestContext, to: string, subject = ''): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to.toLowerCase())}`);
        const { messages } = (await res.json()) as { messages: Mail[] };
        found = messages.find((m) => m.subject.includes(subject));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export const firstLink = (text: string) => /https?:\/\/\S+/.exec(text)![0];

/** Creates a confirmed account through the real API and the dev mailbox (no UI). */
export async function createConfirmedUser(
  request: APIRequestContext,
  opts: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
) {
  const email = (opts.email ?? uniqueEmail()).toLowerCase();
  const password = opts.password ?? 'segredo123';
  const firstName = opts.firstName ?? 'Ana';
  const lastName = opts.lastName ?? 'Souza';
  const res = await request.post('/api/auth/sign-up/email', {
    data: { email, password, name: `${firstName} ${lastName}`, firstName, lastName, callbackURL: '/email-confirmed' },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const mail = await waitForMail(request, email, 'Confirme');
  const link = new URL(firstLink(mail.text));
  // Confirming signs the account in within this request context (autoSignInAfterVerification).
  const confirm = await request.get(`${link.pathname}${link.search}`, { maxRedirects: 0 });
  expect(confirm.status()).toBeLessThan(400);
  const cookies = confirm
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => /^([^=;]+)=([^;]*)/.exec(h.value))
    .filter((m): m is RegExpExecArray => m !== null && m[2] !== '')
    .map((m) => ({ name: m[1]!.trim(), value: m[2]! }));
  if (cookies.some((c) => c.name.endsWith('session_token'))) confirmedSessions.set(email, { password, cookies });
  return { email, password, firstName, lastName };
}

/**
 * The session that confirming an address opened (autoSignInAfterVerification), kept for one
 * `signInByApi` of that person: a fresh account's first sign-in in a test then takes that session
 * instead of a second one, which would cost the server a password hash at production cost
 * (about 0.1–0.2 CPU-s each) and check nothing the test is about (decision 0526).
 */
const confirmedSessions = new Map<string, { password: string; cookies: { name: string; value: string }[] }>();

/**
 * Signs in through the API inside the page's browser context (cookies land in the browser). A
 * person just made by `createConfirmedUser` takes the session their confirmation opened, once.
 */
export async function signInByApi(page: Page, email: string, password: string) {
  const confirmed = confirmedSessions.get(email.toLowerCase());
  if (confirmed && confirmed.password === password) {
    confirmedSessions.delete(email.toLowerCase());
    const url = test.info().project.use.baseURL!;
    await page.context().addCookies(confirmed.cookies.map((c) => ({ ...c, url })));
    return;
  }
  const res = await page.request.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
}
