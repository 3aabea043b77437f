import { expect, test } from '@playwright/test';
import { allows, computePermissions, defaultPermissions, PERMISSION_FLAGS } from '@sede/shared/permissions';
import { areaAccess, AREAS } from '@sede/shared/registry/areas';
import { MEMBER_TOOLS } from '@sede/shared/registry/tools';
import { flagLabel } from '@sede/shared/registry/guard-labels';
import { createConfirmedUser, signInByApi } from './support/api.ts';
import { authUi } from './support/auth-ui.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, expectAccessible } from './support/team.ts';

/** A promise the test resolves when it wants a held request to go on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

test.describe('guards (spec §2)', () => {
  test("'Carregando...' while auth loads, then /auth when nobody is signed in", async ({ page }) => {
    const me = gate();
    // An anonymous start-up asks get-session first, a signed-in one /api/me (decision 0087).
    for (const url of ['**/api/me', '**/api/auth/get-session*']) {
      await page.route(url, async (route) => {
        await me.opened;
        await route.continue();
      });
    }
    await page.goto('/empresa');
    await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
    await expect(page).toHaveURL(/\/empresa$/);
    me.open();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('an unknown path shows the not-found page', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    await page.goto('/nao-existe/de-jeito-nenhum');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });

  test('without a company the DEFAULT permissions apply: access-denied screen, open areas, /admin not found', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };

    await page.goto('/financeiro');
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await expect(page.getByTestId('access-user-id')).toHaveText(me.user.id);
    await expect(page.getByText(user.email, { exact: true })).toBeVisible();
    await expect(page.getByTestId('access-role')).toHaveText('Nenhuma (sem vínculo com empresa)');
    await expect(page.getByTestId('access-required')).toHaveText('financeiro (Financeiro)');
    const available = page.getByTestId('access-available');
    const denied = page.getByTestId('access-denied-list');
    // The registry's labels of the default set (spec §6: commercial, marketing, projects, documentation, company, profile open).
    const defaults = defaultPermissions();
    await expect(available).toHaveText(PERMISSION_FLAGS.filter((f) => defaults[f]).map(flagLabel).join(', '));
    await expect(denied).toHaveText(PERMISSION_FLAGS.filter((f) => !defaults[f]).map(flagLabel).join(', '));
    for (const open of ['Comercial', 'Marketing', 'Projetos', 'Documentação', 'Empresa', 'Perfil']) await expect(available).toContainText(open);
    for (const closed of ['Perfil da empresa', 'Recursos Humanos', 'Financeiro', 'Jurídico', 'Administração']) await expect(denied).toContainText(closed);
    await expect(page.getByText(/company_members/)).toBeVisible();

    for (const path of ['/rh', '/juridico/contrato/1']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Acesso negado' }), path).toBeVisible();
    }
    for (const path of ['/comercial', '/marketing']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: /vincule sua empresa primeiro/ }), path).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Acesso negado' })).toHaveCount(0);
    }
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Acesso negado' })).toHaveCount(0);
  });

  test("'Verificando permissões...' while the permissions are read again after an access change", async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    // A page the server rendered came with the first /me answer (decision 0766): then the browser's first /me is the second.
    const cameWithMe = (await (await page.request.get('/comercial')).text()).includes('id="sede-state"');
    const second = gate();
    let calls = cameWithMe ? 1 : 0;
    await page.route('**/api/me', async (route) => {
      calls += 1;
      if (calls > 1) await second.opened;
      await route.continue();
    });
    // The server announces that the person's access changed (a 'me' event on the stream).
    await page.route('**/api/events', (route) =>
      route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 600000\nevent: me\ndata: {"reason":"member"}\n\n' }),
    );
    await page.goto('/comercial');
    await expect(page.getByRole('status').filter({ hasText: 'Verificando permissões...' })).toBeVisible();
    second.open();
    await expect(page.getByRole('heading', { name: /vincule sua empresa primeiro/ })).toBeVisible();
    await expect(page.getByText('Verificando permissões...')).toHaveCount(0);
  });

  test("auth start-up over 15 s ends with 'Timeout de autenticação', and signing in still works", async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.clock.install();
    // An anonymous start-up asks get-session first, a signed-in one /api/me (decision 0087).
    for (const url of ['**/api/me', '**/api/auth/get-session*']) {
      await page.route(url, () => {
        /* never answers */
      });
    }
    await page.goto('/empresa');
    await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
    await page.clock.fastForward(14_000);
    await expect(page.getByRole('status').filter({ hasText: 'Carregando...' })).toBeVisible();
    await page.clock.fastForward(1_100);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Timeout de autenticação' })).toBeVisible();

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await authUi(page).signIn(user.email, user.password);
    await expect(page).toHaveURL(/\/company-setup$/);
  });

  test("a failing start-up shows 'Auth initialization failed' on /auth", async ({ page }) => {
    for (const url of ['**/api/me', '**/api/auth/get-session*']) {
      await page.route(url, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"x","code":"INTERNAL"}' }));
    }
    await page.goto('/empresa');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Auth initialization failed' })).toBeVisible();
  });
});

test.describe('the application shell', () => {
  test('a lazy page shows \'Carregando página...\' while its code loads', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    await page.goto('/suporte');
    await expect(page.getByRole('heading', { name: 'Suporte' }).first()).toBeVisible();
    // A popstate is the router's to hear: with the page rendered by the server, the heading shows before the app has
    // come (decision 0769), so the test waits for React to have taken the page over (a person's back button then reloads
    // or goes through the router alike; a script's popstate before the router listens is this test's shortcut only).
    await expect.poll(() => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')))).toBe(true);
    const chunk = gate();
    await page.route('**/assets/not-found-page-*.js', async (route) => {
      await chunk.opened;
      await route.continue();
    });
    await page.evaluate(() => {
      window.history.pushState({}, '', '/nao-existe');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const spinner = page.getByRole('status').filter({ hasText: 'Carregando página...' });
    await expect(spinner).toBeVisible();
    expect((await spinner.boundingBox())!.width).toBeGreaterThan(40); // seen, not only announced
    chunk.open();
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await expect(page.getByText('Carregando página...')).toHaveCount(0);
  });

  test('the company page: name, trade name, CNPJ, balance, open and locked departments', async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request);
    await e2eSql(`UPDATE companies SET fantasia = 'Fantasia Teste', currency_amount = 1234 WHERE id = $1`, [admin.companyId]);
    // Confirming the e-mail signs the member in within the page's context.
    const member = await createMember(page.request, admin.companyId, 'vendas');
    await e2eSql(`UPDATE profiles SET onboarding_completed = true WHERE id = $1`, [member.userId]);
    await page.goto('/');
    await expect(page).toHaveURL(/\/empresa$/);
    await expect(page.getByTestId('company-name')).toHaveText(admin.companyName);
    await expect(page.getByTestId('company-fantasia')).toHaveText('Fantasia Teste');
    await expect(page.getByTestId('company-cnpj')).toHaveText(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/);
    await expect(page.getByTestId('company-balance')).toHaveText('1.234');
    await expect(page.getByTestId('dept-sales').getByRole('link')).toHaveAttribute('href', '/comercial');
    await expect(page.getByTestId('dept-finance')).toHaveAttribute('data-open', 'false');
    await expect(page.getByTestId('dept-finance').getByRole('link')).toHaveCount(0);
    await expectAccessible(page);
  });

  for (const role of ['vendas', 'financeiro', 'marketing']) {
    test(`every area of the registry for a ${role} member: the sidebar, the /empresa card and the route agree with the role's grants`, async ({ page, request }) => {
      const admin = await createCompanyWithAdmin(request);
      // Confirming the e-mail signs the member in within the page's context.
      const member = await createMember(page.request, admin.companyId, role);
      await e2eSql(`UPDATE profiles SET onboarding_completed = true WHERE id = $1`, [member.userId]);
      const permissions = computePermissions({ role });
      const opens = (area: (typeof AREAS)[number]) => allows(permissions, { role }, [areaAccess(area)]);
      await page.goto('/empresa');
      const nav = page.getByRole('complementary', { name: 'Navegação principal' });
      for (const area of AREAS) {
        const open = opens(area);
        await expect(page.getByTestId(`dept-${area.key}`), area.key).toHaveAttribute('data-open', String(open));
        if (open) await expect(nav.getByRole('link', { name: area.title, exact: true }), area.key).toHaveAttribute('href', area.path);
        else await expect(nav.getByRole('button', { name: area.title, exact: true }), area.key).toHaveAttribute('aria-disabled', 'true');
      }
      // The tools the spec opens to every member: links in the sidebar and on /empresa whatever the role (decision 0140).
      for (const tool of MEMBER_TOOLS) {
        await expect(nav.getByRole('link', { name: tool.title, exact: true }), tool.path).toHaveAttribute('href', tool.path);
        await expect(page.getByTestId(`tool-${tool.path.slice(1)}`), tool.path).toHaveAttribute('href', tool.path);
      }
      for (const area of AREAS) {
        const open = opens(area);
        await page.goto(area.path);
        await expect(page, area.path).toHaveTitle(`${area.title} · Sede`);
        // The areas' own pages show what they start with; any area opens without the access-denied screen.
        const built =
          area.key === 'sales' || area.key === 'finance' || area.key === 'hr'
            ? page.getByRole('tab', { name: 'Visão geral' })
            : area.key === 'projects'
              ? page.getByRole('heading', { name: 'Organize os projetos da equipe', exact: true })
              : area.key === 'documents'
                ? page.getByRole('heading', { name: 'Documentação da empresa', exact: true })
                : area.key === 'marketing'
                  ? page.getByRole('navigation', { name: 'Páginas do marketing' })
                  : null;
        if (open && built) await expect(built, area.path).toBeVisible();
        if (open) await expect(page.getByRole('heading', { name: 'Acesso negado' }), area.path).toHaveCount(0);
        else await expect(page.getByRole('heading', { name: area.key === 'admin' ? 'Página não encontrada' : 'Acesso negado' }), area.path).toBeVisible();
      }
    });
  }

  test('a locked area in the sidebar says why on focus and on hover', async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request);
    // Confirming the e-mail signs the member in within the page's context.
    const member = await createMember(page.request, admin.companyId, 'vendas');
    await e2eSql(`UPDATE profiles SET onboarding_completed = true WHERE id = $1`, [member.userId]);
    await page.goto('/empresa');
    const nav = page.getByRole('complementary', { name: 'Navegação principal' });
    const financeiro = nav.getByRole('button', { name: 'Financeiro' });
    await expect(financeiro).toHaveAttribute('aria-disabled', 'true');
    await financeiro.focus();
    const hint = page.getByRole('tooltip');
    await expect(hint).toContainText('Financeiro: Sua função não dá acesso a esta área. Peça a um administrador.');
    await expect(financeiro).toHaveAttribute('aria-describedby', /.+/);
    await page.keyboard.press('Escape');
    await expect(hint).toHaveCount(0);
    await nav.getByRole('button', { name: 'Jurídico' }).hover();
    await expect(page.getByRole('tooltip')).toContainText('Jurídico: Sua função não dá acesso a esta área.');
    await expect(nav.getByRole('link', { name: 'Comercial' })).toBeVisible();
  });

  test('at 360 px the menu is a drawer: it opens, Escape closes it and focus goes back', async ({ page, request }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const admin = await createCompanyWithAdmin(request, `Padaria Pão Quente Comércio de Alimentos e Bebidas Ltda ${Date.now()}`);
    await signInByApi(page, admin.email, admin.password);
    await page.goto('/empresa');
    await expect(page.getByTestId('company-name')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const opener = page.getByRole('button', { name: 'Abrir menu' });
    await opener.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer.getByRole('link', { name: 'Financeiro' })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toHaveCount(0);
    await expect(opener).toBeFocused();
    // A link in the drawer navigates and closes it.
    await opener.click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Financeiro' }).click();
    await expect(page).toHaveURL(/\/financeiro$/);
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
