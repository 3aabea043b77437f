import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

/** The public pages written at build time (decision 0636) and a text of their first view. */
const PAGES = [
  { url: '/auth', text: 'Bem-vindo ao Sede' },
  { url: '/auth?reset=true&token=token-qualquer', text: 'Crie uma nova senha para sua conta' },
  { url: '/email-confirmed', text: 'Confirmando seu email...' },
  { url: '/accept-invite?token=AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde', text: 'Carregando convite...' },
  { url: '/pagar/link-que-nao-existe', text: 'Carregando a cobrança…' },
  { url: '/assinar/link-que-nao-existe', text: 'Carregando o documento…' },
];

/**
 * Console errors and uncaught errors of the page (a hydration mismatch is reported as one). The
 * made-up links answer 404 after hydration, which Chromium logs as a failed resource: not ours.
 */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** React has taken the prerendered markup over (hydrateRoot marks its container). */
const isHydrated = (page: Page) => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
const hydrated = (page: Page) => expect.poll(() => isHydrated(page)).toBe(true);

test.describe('public pages painted from HTML, then hydrated', () => {
  for (const p of PAGES) {
    test(`${p.url} answers with its first view and hydrates without a mismatch`, async ({ page, request }) => {
      const html = await (await request.get(p.url)).text();
      expect(html).toContain(p.text);
      const errors = errorsOf(page);
      await page.goto(p.url);
      await hydrated(page);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }

  test('after hydration the tabs of /auth work and point at their panels', async ({ page }) => {
    const errors = errorsOf(page);
    await page.goto('/auth');
    await hydrated(page);
    const signup = page.getByRole('tab', { name: 'Criar conta' });
    await signup.click();
    await expect(page.getByRole('form', { name: 'Criar conta' })).toBeVisible();
    const panel = await signup.getAttribute('aria-controls');
    await expect(page.locator(`[id="${panel}"]`)).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an address the build did not write renders in the browser as before', async ({ page, request }) => {
    const html = await (await request.get('/auth?email=ana%40exemplo.com.br')).text();
    expect(html).not.toContain('Bem-vindo ao Sede');
    await page.goto('/auth?email=ana%40exemplo.com.br');
    await expect(page.getByRole('form', { name: 'Entrar' }).getByLabel('E-mail', { exact: true })).toHaveValue('ana@exemplo.com.br');
  });
});

test.describe('the prerendered form before any script', () => {
  test.use({ javaScriptEnabled: false });
  test('sent without JavaScript, the password never reaches the address', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('E-mail', { exact: true }).fill('ana@exemplo.com.br');
    await form.getByLabel('Senha', { exact: true }).fill('segredo123');
    await form.getByLabel('Senha', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Bem-vindo ao Sede' })).toBeVisible();
  });
});

/**
 * Holds scripts of /auth until the test opens the gate: the prerendered page is on screen, React not
 * yet attached. 'page': the app's chunks (what the page loads once idle to hydrate, decision 0758),
 * so the page's own first script has run and records; 'all': that script too, so no script of ours
 * has run.
 */
async function gateAuthChunks(page: Page, request: APIRequestContext, which: 'page' | 'all' = 'page') {
  const pageHtml = await (await request.get('/auth')).text();
  const first = new Set([...pageHtml.matchAll(/<(?:script type="module"[^>]* src|link rel="modulepreload"[^>]* href)="([^"]+)"/g)].map((m) => m[1]));
  expect(first.size).toBeGreaterThan(0);
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  await page.route('**/assets/*.js', async (route) => {
    if (which === 'all' || !first.has(new URL(route.request().url()).pathname)) await gate;
    await route.continue();
  });
  return open;
}

test.describe('/auth loads its app once the browser is idle (decision 0758)', () => {
  test('its HTML loads one small script and no chunk of the app; the app comes after the first idle moment', async ({ page, request }) => {
    const html = await (await request.get('/auth')).text();
    const scripts = [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toHaveLength(1);
    expect(scripts[0]).toMatch(/\/assets\/hydrate-when-idle-[\w-]+\.js$/);
    expect(html).not.toMatch(/modulepreload[^>]*(framework|index)-/);
    // Nothing else for the first paint to wait for: the stylesheet and Inter come with the app.
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('@font-face');
    // The time each script was requested, and the first idle callback's.
    await page.addInitScript(() => {
      const w = window as unknown as { __firstIdle?: number };
      const original = window.requestIdleCallback.bind(window);
      window.requestIdleCallback = (cb, opts) =>
        original((deadline) => {
          w.__firstIdle ??= performance.now();
          cb(deadline);
        }, opts);
    });
    await page.goto('/auth');
    await hydrated(page);
    const { idle, framework } = await page.evaluate(() => ({
      idle: (window as unknown as { __firstIdle?: number }).__firstIdle,
      framework: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((e) => /\/framework-[\w-]+\.js$/.test(e.name))?.startTime,
    }));
    expect(idle).toBeDefined();
    expect(framework).toBeGreaterThanOrEqual(idle!);
    // Once the app runs, the whole stylesheet is in (the sign-up tab's classes are not in the inline CSS).
    expect(await page.evaluate(() => [...document.styleSheets].some((sheet) => sheet.href?.includes('/assets/')))).toBe(true);
  });
});

test.describe('a form sent before React takes the page over', () => {
  test('the sign-in is held, then sent once React runs the form: no native post, the answer shown', async ({ page, request }) => {
    const open = await gateAuthChunks(page, request);
    const sent: string[] = [];
    await page.route('**/api/auth/sign-in/email', (route) => {
      sent.push(route.request().postData() ?? '');
      return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }) });
    });
    await page.goto('/auth', { waitUntil: 'domcontentloaded' });
    // A native post would load a new document, without this mark.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('E-mail', { exact: true }).fill('ana@exemplo.com.br');
    await form.getByLabel('Senha', { exact: true }).fill('segredo123');
    await form.getByRole('button', { name: 'Entrar' }).click();
    expect(sent).toEqual([]);
    open();
    await expect(page.getByText('Credenciais inválidas').first()).toBeVisible();
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!)).toMatchObject({ email: 'ana@exemplo.com.br', password: 'segredo123' });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await expect(page.getByRole('form', { name: 'Entrar' }).getByLabel('E-mail', { exact: true })).toHaveValue('ana@exemplo.com.br');
  });
});

test.describe('a tab chosen before React takes the page over', () => {
  for (const [when, which] of [
    ['while the page loads its code', 'page'],
    ['before any script of the page ran', 'all'],
  ] as const) {
    test(`'Criar conta' clicked ${when} opens the sign-up form once React runs`, async ({ page, request }) => {
      const errors = errorsOf(page);
      const open = await gateAuthChunks(page, request, which);
      await page.goto('/auth', { waitUntil: 'domcontentloaded' });
      const signupTab = page.getByRole('tab', { name: 'Criar conta' });
      await signupTab.click();
      // Nothing of React yet: the prerendered sign-in form is still what the page shows.
      expect(await isHydrated(page)).toBe(false);
      await expect(page.getByRole('form', { name: 'Entrar' })).toBeVisible();
      open();
      await hydrated(page);
      const form = page.getByRole('form', { name: 'Criar conta' });
      await expect(form).toBeVisible();
      await expect(form.getByLabel('Confirmar senha', { exact: true })).toBeVisible();
      await expect(signupTab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'false');
      await expect(page.getByRole('form', { name: 'Entrar' })).toHaveCount(0);
      await page.waitForLoadState('networkidle');
      expect(errors).toEqual([]);
    });
  }
});

test.describe('buttons clicked before React takes the page over (decision 0758)', () => {
  test("'Mostrar senha' clicked then shows the password once React runs", async ({ page, request }) => {
    const errors = errorsOf(page);
    const open = await gateAuthChunks(page, request);
    await page.goto('/auth', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('Senha', { exact: true }).fill('segredo123');
    await form.getByRole('button', { name: 'Mostrar senha' }).click();
    expect(await isHydrated(page)).toBe(false);
    await expect(form.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'password');
    open();
    await hydrated(page);
    await expect(form.getByLabel('Senha', { exact: true })).toHaveAttribute('type', 'text');
    await expect(form.getByLabel('Senha', { exact: true })).toHaveValue('segredo123');
    await expect(form.getByRole('button', { name: 'Ocultar senha' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });

  test("'Esqueceu a senha?' clicked then opens the recovery form with the e-mail typed", async ({ page, request }) => {
    const open = await gateAuthChunks(page, request);
    await page.goto('/auth', { waitUntil: 'domcontentloaded' });
    const form = page.getByRole('form', { name: 'Entrar' });
    await form.getByLabel('E-mail', { exact: true }).fill('ana@exemplo.com.br');
    await form.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    expect(await isHydrated(page)).toBe(false);
    open();
    const recover = page.getByRole('form', { name: 'Recuperar Senha' });
    await expect(recover).toBeVisible();
    await expect(recover.getByLabel('E-mail', { exact: true })).toHaveValue('ana@exemplo.com.br');
  });

  test("'Entrar com Google' clicked then is run once React runs (here: not configured, its toast)", async ({ page, request }) => {
    const open = await gateAuthChunks(page, request);
    await page.route('**/api/config', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ googleEnabled: false, devMailbox: false, paymentsMode: 'disabled' }) }),
    );
    await page.goto('/auth', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    expect(await isHydrated(page)).toBe(false);
    open();
    await expect(page.getByText('O acesso com Google não está disponível no momento.', { exact: false })).toBeVisible();
  });
});
