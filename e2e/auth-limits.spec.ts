import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { createConfirmedUser, uniqueEmail } from './support/api.ts';
import { authUi, toast } from './support/auth-ui.ts';
import { shots } from './support/shots.ts';
import { e2eDatabaseUrl, e2eSql } from './support/company.ts';

/**
 * The auth limits as people meet them (decision 0353). The e2e server runs without them
 * (AUTH_RATE_LIMIT=off), so these tests start a second instance of the built server, on the
 * same database, with them on.
 */
const LIMITED_URL = `http://127.0.0.1:${Number(new URL(BASE_URL).port) + 3}`;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  const dataDir = mkdtempSync('/tmp/sede-e2e-limits-');
  server = spawn(process.execPath, ['apps/server/dist/index.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: new URL(LIMITED_URL).port,
      HOST: '127.0.0.1',
      APP_URL: LIMITED_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: e2eDatabaseUrl(),
      AUTH_RATE_LIMIT: 'on',
      BETTER_AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-012345',
    },
    stdio: 'ignore',
  });
  await expect
    .poll(async () => (await fetch(`${LIMITED_URL}/api/health`).catch(() => null))?.status ?? 0, { timeout: 140_000, intervals: [250] })
    .toBe(200);
});
test.afterAll(async () => {
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});
test.use({ baseURL: LIMITED_URL });

test('a locked account still opens on the browser its owner used before; a new browser is told to wait', async ({ browser, playwright }) => {
  test.setTimeout(180_000);
  const api = await playwright.request.newContext({ baseURL: LIMITED_URL });
  const user = await createConfirmedUser(api);
  await api.dispose();

  // The owner signs in on this browser once, and signs out.
  const owner = await browser.newContext({ baseURL: LIMITED_URL });
  const page = await owner.newPage();
  await page.goto('/auth');
  await authUi(page).signIn(user.email, user.password);
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/company-setup$/, { timeout: 30_000 });
  expect((await page.request.post('/api/auth/sign-out', { data: {}, headers: { origin: LIMITED_URL } })).status()).toBe(200);

  // Someone who only knows the address fails on purpose until the account is locked.
  const stranger = await playwright.request.newContext({ baseURL: LIMITED_URL });
  let status = 0;
  for (let i = 0; i < 12 && status !== 429; i++) {
    status = (await stranger.post('/api/auth/sign-in/email', { data: { email: user.email, password: 'chute-errado' } })).status();
  }
  expect(status).toBe(429);
  await stranger.dispose();

  // The owner's browser: the right password gets in.
  await page.goto('/auth');
  await authUi(page).signIn(user.email, user.password);
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/company-setup$/, { timeout: 30_000 });

  // Another browser with the right password is told to wait, in Portuguese.
  const other = await browser.newContext({ baseURL: LIMITED_URL });
  const otherPage = await other.newPage();
  await otherPage.goto('/auth');
  await authUi(otherPage).signIn(user.email, user.password);
  await expect(toast(otherPage, /^Muitas tentativas\. Tente novamente em \d+ minutos?\.$/)).toBeVisible();
  await expect(authUi(otherPage).loginForm).toContainText(/Muitas tentativas\. Tente novamente em \d+ minutos?\./);
  await shots(otherPage, 'auth-sign-in-wait');
  await expect(otherPage).toHaveURL(/\/auth$/);
  await Promise.all([owner.close(), other.close()]);
});

test("sign-up from one address stops after the hour's limit, the same for a taken or a new e-mail", async ({ page, request, playwright }) => {
  test.setTimeout(180_000);
  await e2eSql(`DELETE FROM rate_limits WHERE key LIKE 'address:sign-up:%'`);
  const taken = await createConfirmedUser(request); // sign-up 1
  // Without the session cookie the first one left (better-auth checks the origin of requests that carry one).
  const bare = await playwright.request.newContext({ baseURL: LIMITED_URL });
  for (let i = 2; i <= 10; i++) {
    const res = await bare.post('/api/auth/sign-up/email', {
      data: { email: uniqueEmail('lote'), password: 'segredo123', name: 'Lote Teste', firstName: 'Lote', lastName: 'Teste', callbackURL: '/email-confirmed' },
    });
    expect(res.status()).toBe(200);
  }
  await bare.dispose();
  await page.goto('/auth');
  const ui = authUi(page);
  await ui.openSignup();
  await ui.signUp({ firstName: 'Outra', lastName: 'Pessoa', email: taken.email, password: 'outrasenha' });
  await expect(toast(page, 'Limite de tentativas atingido')).toBeVisible();
  await expect(toast(page, 'Email já cadastrado')).toHaveCount(0);
  await shots(page, 'auth-sign-up-limit');
  await e2eSql(`DELETE FROM rate_limits WHERE key LIKE 'address:sign-up:%'`);
});
