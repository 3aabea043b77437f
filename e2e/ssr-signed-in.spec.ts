import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { FAKE_OPENAI_URL } from '../playwright.config.ts';
import { createConfirmedUser, signInByApi } from './support/api.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember } from './support/team.ts';

/**
 * The signed-in pages rendered by the server with their data (decision 0766): the document holds
 * the page's first view and what it was rendered with; the browser hydrates it without a mismatch
 * and without asking again for what came with it; the app then navigates as before.
 */
const PAGES = [
  { path: '/empresa', text: 'Primeiros passos' },
  { path: '/kanban-leads', text: 'Seu funil de vendas começa aqui' },
  { path: '/financeiro', text: 'Nenhuma conta cadastrada' },
];

/**
 * The e2e server renders the signed-in pages for every browser (SSR_SIGNED_IN=on, the default,
 * decisions 0769, 0773); the cookie keeps these tests meaningful when it runs with E2E_SSR_SIGNED_IN=opt-in.
 */
const askForServerRender = (context: BrowserContext) => context.addCookies([{ name: 'sede_ssr', value: '1', url: test.info().project.use.baseURL! }]);
test.beforeEach(async ({ context }) => askForServerRender(context));

/** The shell's signed-in pages whose address has no parameter (the features' manifests, `layout: 'shell'`). */
const SHELL_PAGES = [
  '/', '/admin', '/admin/integracoes', '/analise-reunioes', '/atendimento', '/atendimento-simples', '/billing', '/campanhas-massa',
  '/canvas-workspace', '/cnpj-search', '/comercial', '/comprar-moedas', '/deep-search', '/documentacoes', '/documentacoes-geral', '/ecommerce',
  '/empresa', '/empresa-perfil', '/extrair-leads', '/extrair-leads-cnpj', '/financeiro', '/gestao-projetos', '/juridico', '/juridico/assinaturas',
  '/kanban-leads', '/lista-contatos', '/marketing', '/marketing/calendario', '/marketing/criativos', '/marketing/materiais',
  '/marketing/projetos-concluidos', '/metricas', '/perfil', '/planos', '/plans', '/rh', '/rh/analise-curriculos', '/rh/analise-entrevistas',
  '/suporte', '/suporte/operador', '/user-access-debug',
];

/** Console errors, uncaught errors and React's recoverable errors (a hydration mismatch is one). */
function errorsOf(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

const isHydrated = (page: Page) => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));
/**
 * The app's entry held back until the returned function is called: what the test does meanwhile is
 * done on the server's markup, as a person on a slow phone would. The first script requests the
 * app after the first paint: its entry is the first of the list on its tag (decision 0770).
 */
async function holdEntry(page: Page, path: string) {
  const html = await (await page.request.get(path)).text();
  const entry = /data-hydrate="([^" ]+)/.exec(html)?.[1];
  expect(entry).toBeTruthy();
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${entry}`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Inside #root, from the document as the server sent it. */
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="sede-state">'));

test.describe('signed-in pages rendered by the server', () => {
  for (const width of [1280, 375]) {
    test(`the three pages at ${width} px: their data in the HTML, hydrated without errors, then navigation works`, async ({ page, request }) => {
      const admin = await createCompanyWithAdmin(request, `Padaria SSR ${Date.now().toString(36)}`);
      await signInByApi(page, admin.email, admin.password);
      await page.setViewportSize({ width, height: 900 });
      for (const p of PAGES) {
        const res = await page.request.get(p.path);
        const html = await res.text();
        expect(res.headers()['cache-control']).toBe('private, no-store');
        expect(html).toContain('id="sede-state"');
        expect(rootOf(html)).toContain(p.text);

        const errors = errorsOf(page);
        const apiGets: string[] = [];
        page.on('request', (r) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith('/api/') && url.pathname !== '/api/events' && r.method() === 'GET') apiGets.push(url.pathname);
        });
        await page.goto(p.path);
        await expect.poll(() => isHydrated(page)).toBe(true);
        await page.waitForLoadState('networkidle');
        await expect(page.getByText(p.text).first()).toBeVisible();
        expect(errors).toEqual([]);
        // Who is signed in came with the page: not asked again on arrival.
        expect(apiGets).not.toContain('/api/me');
        await page.screenshot({ path: `/tmp/ssr30${p.path.replace('/', '-')}-${width}.png`, fullPage: true });
        page.removeAllListeners('console');
        page.removeAllListeners('pageerror');
        page.removeAllListeners('request');
      }
      // After hydration the app is the app: a link in the shell navigates in the page.
      const errors = errorsOf(page);
      await page.goto('/empresa');
      await expect.poll(() => isHydrated(page)).toBe(true);
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      if (width < 768) await page.getByRole('button', { name: /menu/i }).first().click();
      await page.getByRole('link', { name: 'Financeiro' }).first().click();
      await expect(page).toHaveURL(/\/financeiro$/);
      await expect(page.getByRole('tab').first()).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
      expect(errors).toEqual([]);
    });
  }

  test('/kanban-leads with deals: the board (a lazy chunk, decision 0770) is in the HTML, hydrates without errors, and a card opens', async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request, `Padaria Quadro ${Date.now().toString(36)}`);
    await signInByApi(page, admin.email, admin.password);
    const { pipelines } = (await (await page.request.get('/api/crm/pipelines')).json()) as { pipelines: Array<{ id: string }> };
    expect((await page.request.post('/api/crm/deals', { data: { title: 'Mercado Bom Preço', valueCents: 200_000, pipelineId: pipelines[0]!.id } })).status()).toBe(201);
    const html = await (await page.request.get('/kanban-leads')).text();
    // The columns and their totals (the cards are placed by the virtualizer, which measures in the browser).
    expect(rootOf(html)).toContain('data-testid="crm-board"');
    expect(rootOf(html)).toMatch(/data-testid="crm-column-totals"><span class="sr-only">Total: <\/span>1<!-- --> · <!-- -->R\$\s2\.000,00/);

    const errors = errorsOf(page);
    await page.goto('/kanban-leads');
    await expect.poll(() => isHydrated(page)).toBe(true);
    await page.waitForLoadState('networkidle');
    const card = page.getByTestId('crm-card').filter({ hasText: 'Mercado Bom Preço' });
    await card.click();
    await expect(page).toHaveURL(/negocio=/);
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a company sees only its own data in the HTML; the JSON cannot leave its script', async ({ page, request, browser }) => {
    const a = await createCompanyWithAdmin(request, `Alfa </script><script>window.pwned=1</script> ${Date.now().toString(36)}`);
    await signInByApi(page, a.email, a.password);
    const other = await browser.newContext();
    const pageB = await other.newPage();
    // Signing up sends no Origin: better-auth refuses it with any cookie already there (the opt-in one is added after).
    const b = await createCompanyWithAdmin(pageB.request, `Beta Segredo ${Date.now().toString(36)}`);
    await askForServerRender(other);
    await signInByApi(pageB, b.email, b.password);
    for (const p of PAGES) {
      const [htmlA, htmlB] = await Promise.all([page.request.get(p.path).then((r) => r.text()), pageB.request.get(p.path).then((r) => r.text())]);
      expect(htmlA).toContain('id="sede-state"');
      expect(htmlB).toContain(b.companyName);
      expect(htmlA).not.toContain(b.companyName);
      expect(htmlA).not.toContain(b.email);
      expect(htmlB).not.toContain('Alfa ');
      expect(htmlB).not.toContain(a.email);
      // The name with a closing tag stays inside the JSON: no second script, no raw '</script>' from data.
      expect(htmlA).not.toContain('<script>window.pwned=1</script>');
    }
    await page.goto('/empresa');
    await expect.poll(() => isHydrated(page)).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await other.close();
  });

  test('a browser carrying sede_ssr=0 gets the single-page app, which works', async ({ browser, request }) => {
    const admin = await createCompanyWithAdmin(request, `Padaria Sem Pedido ${Date.now().toString(36)}`);
    const plain = await browser.newContext();
    const page = await plain.newPage();
    await signInByApi(page, admin.email, admin.password);
    await plain.addCookies([{ name: 'sede_ssr', value: '0', url: test.info().project.use.baseURL! }]);
    const html = await (await page.request.get('/empresa')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('sede-state');
    await page.goto('/empresa');
    await expect(page.getByTestId('company-name')).toHaveText(admin.companyName);
    await plain.close();
  });

  for (const how of ['hover', 'focus'] as const) {
    test(`a locked area ${how === 'hover' ? 'hovered' : 'focused'} before the page hydrates says why once it has`, async ({ page, request, context }) => {
      const admin = await createCompanyWithAdmin(request);
      // Signing up sends no Origin: better-auth refuses it with any cookie already there (the opt-in one is added after).
      await context.clearCookies();
      const member = await createMember(page.request, admin.companyId, 'vendas');
      await e2eSql(`UPDATE profiles SET onboarding_completed = true WHERE id = $1`, [member.userId]);
      await askForServerRender(context);
      // The app's entry held until the pointer or the focus is on the locked item: the person acted on the server's markup.
      const release = await holdEntry(page, '/empresa');
      await page.goto('/empresa', { waitUntil: 'commit' });
      const financeiro = page.getByRole('complementary', { name: 'Navegação principal' }).getByRole('button', { name: 'Financeiro' });
      await expect(financeiro).toHaveAttribute('aria-disabled', 'true');
      if (how === 'hover') await financeiro.hover();
      else await financeiro.focus();
      expect(await isHydrated(page)).toBe(false);
      await expect(page.getByRole('tooltip')).toHaveCount(0);
      release();
      await expect.poll(() => isHydrated(page)).toBe(true);
      await expect(page.getByRole('tooltip')).toContainText('Financeiro: Sua função não dá acesso a esta área. Peça a um administrador.');
      await expect(financeiro).toHaveAttribute('aria-describedby', /.+/);
    });
  }

  test("/empresa's new task: a title and a date in the lazily masked field typed before hydration reach the form", async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request, `Padaria Cedo ${Date.now().toString(36)}`);
    await signInByApi(page, admin.email, admin.password);
    // The date's mask (LazyDateInput, decision 0749) is a lazy component: the server wrote its input, whose code is held
    // here as on a slow network. The form re-renders before it comes (its list of people arrives), and React replaces
    // the input it has not hydrated by the fallback, then by a new input once the code is there.
    let releaseMask!: () => void;
    const maskHeld = new Promise<void>((resolve) => (releaseMask = resolve));
    await page.route('**/assets/*.js', async (route) => {
      const response = await route.fetch();
      const body = await response.text();
      if (body.includes('DateInput:')) await maskHeld;
      await route.fulfill({ response, body });
    });
    // Routed after the mask's: the entry's route is the one that answers it.
    const release = await holdEntry(page, '/empresa');
    await page.goto('/empresa', { waitUntil: 'commit' });
    const myTasks = page.getByTestId('my-tasks');
    await myTasks.getByLabel('Nova tarefa').fill('Conferir o forno');
    await myTasks.getByLabel('Vencimento').pressSequentially('31/02/2026');
    expect(await isHydrated(page)).toBe(false);
    release();
    await expect(myTasks.getByLabel('Vencimento')).toHaveCount(0);
    releaseMask();
    // 'Adicionar' is enabled once the title has reached the form's state; the date's check then says it is wrong.
    await myTasks.getByRole('button', { name: 'Adicionar' }).click();
    await expect(myTasks.getByRole('alert')).toHaveText('Data inválida. Use DD/MM/AAAA.');
    await expect(myTasks.getByLabel('Vencimento')).toHaveValue('31/02/2026');
  });

  test('a WhatsApp template chosen in its select before hydration asks for its variables once hydrated', async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request, `Padaria Modelo ${Date.now().toString(36)}`);
    await signInByApi(page, admin.email, admin.password);
    const put = await page.request.put('/api/whatsapp/settings', { data: { phoneNumberId: '109876543277', wabaId: '200000000077', accessToken: 'EAAG-x', appSecret: 'segredo' } });
    expect(put.status()).toBe(200);
    const template = { name: 'pedido_enviado', language: 'pt_BR', body: 'Olá {{1}}, seu pedido saiu.', variables: 1, header: { format: 'text', text: 'Pedido {{1}}', variables: 1 }, buttons: [] };
    await e2eSql('UPDATE whatsapp_accounts SET templates = $2::jsonb, templates_fetched_at = now() WHERE company_id = $1', [admin.companyId, JSON.stringify([template])]);
    const release = await holdEntry(page, '/campanhas-massa?nova=whatsapp');
    await page.goto('/campanhas-massa?nova=whatsapp', { waitUntil: 'commit' });
    await page.getByLabel('Modelo aprovado do WhatsApp').selectOption({ label: 'pedido_enviado (pt_BR)' });
    expect(await isHydrated(page)).toBe(false);
    release();
    await expect(page.getByLabel('Cabeçalho: variável {{1}}')).toBeVisible();
    await expect(page.getByLabel('Modelo aprovado do WhatsApp')).toHaveValue(/pedido_enviado/);
  });

  test("/perfil's AI key, address and model typed and 'Salvar e testar' pressed before hydration: tested once it has", async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request, `Padaria Chave ${Date.now().toString(36)}`);
    await signInByApi(page, admin.email, admin.password);
    const release = await holdEntry(page, '/perfil');
    await page.goto('/perfil', { waitUntil: 'commit' });
    const section = page.locator('#ia');
    await section.getByLabel('Chave de IA').fill('sk-chave-cedo-1234');
    await section.getByLabel('Endereço da API (opcional)').fill(`${FAKE_OPENAI_URL}/v1`);
    await section.getByLabel('Modelo (opcional)').fill('modelo-cedo');
    await section.getByRole('button', { name: 'Salvar e testar' }).click();
    expect(await isHydrated(page)).toBe(false);
    release();
    await expect(section.getByTestId('ai-test-result')).toHaveText('Conexão funcionando (modelo modelo-cedo).');
    await expect(section.getByTestId('ai-key-masked')).toHaveText('sk-••••1234');
  });

  test("/admin's 'Convites' tab clicked before hydration is chosen once hydrated, without the keyboard's focus ring", async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request, `Padaria Abas ${Date.now().toString(36)}`);
    await signInByApi(page, admin.email, admin.password);
    const release = await holdEntry(page, '/admin');
    await page.goto('/admin', { waitUntil: 'commit' });
    const tab = page.getByRole('tab', { name: 'Convites' });
    await tab.click();
    expect(await isHydrated(page)).toBe(false);
    release();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // A mouse's click: the focus ring (:focus-visible) is the keyboard's.
    expect(await tab.evaluate((el) => el.matches(':focus-visible'))).toBe(false);
  });

  test("every page of the shell without a parameter, for a company's admin: as the server rendered it or as the plain app, hydrated without an error", async ({ page, request }) => {
    test.setTimeout(240_000);
    const admin = await createCompanyWithAdmin(request, `Padaria Varredura ${Date.now().toString(36)}`);
    await signInByApi(page, admin.email, admin.password);
    const errors = errorsOf(page);
    const rendered: string[] = [];
    for (const path of SHELL_PAGES) {
      const html = await (await page.request.get(path)).text();
      if (html.includes('id="sede-state"')) rendered.push(path);
      await page.goto(path);
      await expect.poll(() => isHydrated(page), path).toBe(true);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main').first(), path).toBeVisible();
      expect(errors, path).toEqual([]);
    }
    // The server renders most of them (a page that cannot, as /marketing/materiais, is the plain app: below).
    expect(rendered.length).toBeGreaterThan(SHELL_PAGES.length / 2);
  });

  test('nobody signed in, or a cookie that signs nobody in: the single-page app, no data', async ({ request, playwright }) => {
    for (const cookie of [undefined, 'better-auth.session_token=nada.nada']) {
      const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL, extraHTTPHeaders: { cookie: cookie ? `sede_ssr=1; ${cookie}` : 'sede_ssr=1' } });
      const html = await (await anonymous.get('/empresa')).text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toContain('sede-state');
      await anonymous.dispose();
    }
    void request;
  });

  test('an address the guards send elsewhere is left to the browser, which still goes there', async ({ page, request }) => {
    const person = await createConfirmedUser(request);
    await signInByApi(page, person.email, person.password);
    // No company yet: '/' goes to /company-setup (spec §2's routing rules).
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('<div id="root"></div>');
    await page.goto('/');
    await expect(page).toHaveURL(/\/company-setup$/);
    // The focus layout's signed-in forms (setting up the company) are rendered in the browser.
    expect(await (await page.request.get('/company-setup')).text()).toContain('<div id="root"></div>');
  });

  test('a page that cannot render on the server is the plain app, and works', async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request, `Padaria Materiais ${Date.now().toString(36)}`);
    await signInByApi(page, admin.email, admin.password);
    // /marketing/materiais reads the browser's storage as it first renders: the server's render
    // throws there, and the request is answered with the single-page app.
    const html = await (await page.request.get('/marketing/materiais')).text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('sede-state');
    const errors = errorsOf(page);
    await page.goto('/marketing/materiais');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Materiais', level: 1 })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
