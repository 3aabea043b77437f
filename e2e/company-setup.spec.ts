import { expect, test, type Page } from '@playwright/test';
import { CNPJ_SCENARIOS, createCompanyByApi, randomCnpj, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

const mask = (c: string) => `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}`;

/** A confirmed, signed-in person without a company, on the page's browser context. */
async function signedInWithoutCompany(page: Page, firstName = 'Marina') {
  return signInNewPerson(page, { firstName, lastName: 'Albuquerque' });
}

const cnpjInput = (page: Page) => page.getByLabel('CNPJ', { exact: true });
const searchButton = (page: Page) => page.getByRole('button', { name: 'Buscar CNPJ' });
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continuar' });
const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function searchCnpj(page: Page, cnpj: string) {
  await cnpjInput(page).fill(cnpj);
  await searchButton(page).click();
}

test.describe('company welcome and setup', () => {
  test('welcome → setup → success → /team-invite, against the fake provider', async ({ page }) => {
    await signedInWithoutCompany(page, 'Marina');
    await page.goto('/company-welcome');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Olá, Marina!');
    const steps = page.getByRole('list', { name: 'Passos' }).getByRole('listitem');
    await expect(steps).toHaveCount(3);
    await expect(steps.nth(0)).toContainText('Vincular empresa');
    await expect(steps.nth(1)).toContainText('Convidar equipe (opcional)');
    await expect(steps.nth(2)).toContainText('Pronto!');
    await expect(page.getByText('Processo rápido • Menos de 2 minutos')).toBeVisible();
    await expect(page.getByText('50 moedas grátis para começar')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Vamos começar!' }).click();
    await expect(page).toHaveURL(/\/company-setup$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vincular Empresa' })).toBeVisible();
    await expect(page.getByText('Passo 1 de 3')).toBeVisible();
    await expectAccessible(page);

    // Search stays disabled until the CNPJ is complete; the mask stops at 18 characters.
    const cnpj = randomCnpj();
    await expect(searchButton(page)).toBeDisabled();
    await cnpjInput(page).pressSequentially(cnpj.slice(0, 10));
    await expect(searchButton(page)).toBeDisabled();
    await cnpjInput(page).pressSequentially(`${cnpj.slice(10)}999`);
    await expect(cnpjInput(page)).toHaveValue(mask(cnpj));
    await expect(continueButton(page)).toBeDisabled();
    await searchButton(page).click();

    const card = page.getByTestId('found-company');
    await expect(card).toContainText('AURORA FICTICIA PANIFICADORA LTDA');
    await expect(card.getByTestId('found-fantasia')).toHaveText('PADARIA AURORA');
    await expect(card.getByTestId('found-address')).toHaveText('RUA DAS ACACIAS, 123, JARDIM PRIMAVERA');
    await expect(card.getByTestId('found-city')).toHaveText('SAO PAULO/SP');
    await expect(continueButton(page)).toBeDisabled();

    await page.getByLabel('WhatsApp').pressSequentially('11987654321');
    await expect(page.getByLabel('WhatsApp')).toHaveValue('(11) 98765-4321');
    await expect(continueButton(page)).toBeDisabled();
    await page.getByLabel('E-mail profissional').fill('contato@padariaaurora.com.br');
    await expect(continueButton(page)).toBeEnabled();

    await continueButton(page).click();
    const createdAt = Date.now();
    await expect(toast(page, 'Empresa cadastrada com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/company-setup$/); // stays for 1 s
    await page.waitForURL('**/team-invite');
    // The page waits 1 s after success; click() itself may return late on a loaded machine,
    // so the bound leaves room for that while still catching a missing delay.
    expect(Date.now() - createdAt).toBeGreaterThanOrEqual(600);

    // The account now has the company, as its admin, with the welcome coins.
    const me = await (await page.request.get('/api/me')).json();
    expect(me.company).toMatchObject({ cnpj, name: 'PADARIA AURORA', currency_amount: 50 });
    expect(me.membership.role).toBe('admin');
    // And the routing rules did not bounce the page after the auth state was refreshed.
    await page.waitForTimeout(500);
    await expect(page).toHaveURL(/\/team-invite$/);
  });

  test('accepts the alphanumeric CNPJ, typed in lower case', async ({ page }) => {
    await signedInWithoutCompany(page);
    await page.goto('/company-setup');
    await cnpjInput(page).pressSequentially('12abc34501de35');
    await expect(cnpjInput(page)).toHaveValue('12.ABC.345/01DE-35');
    await searchButton(page).click();
    await expect(page.getByTestId('found-company')).toContainText('12.ABC.345/01DE-35');
  });

  test('Back goes to /company-welcome', async ({ page }) => {
    await signedInWithoutCompany(page);
    await page.goto('/company-setup');
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page).toHaveURL(/\/company-welcome$/);
  });

  test.describe('each setup message in its case', () => {
    test.beforeEach(async ({ page }) => {
      await signedInWithoutCompany(page);
      await page.goto('/company-setup');
    });

    test('CNPJ inválido', async ({ page }) => {
      await searchCnpj(page, '98.765.432/0001-99');
      await expect(page.getByRole('alert').filter({ hasText: 'CNPJ inválido' })).toBeVisible();
      await expect(toast(page, 'CNPJ inválido')).toBeVisible();
      await expect(cnpjInput(page)).toHaveAttribute('aria-invalid', 'true');
    });

    test('Empresa não encontrada / Verifique o CNPJ e tente novamente: kept on the page within 5 s', async ({ page }) => {
      await searchCnpj(page, CNPJ_SCENARIOS.notFound);
      const problem = page.getByTestId('lookup-problem');
      await expect(problem).toHaveAttribute('data-kind', 'not_found', { timeout: 5000 });
      await expect(problem).toHaveAttribute('role', 'alert');
      await expect(problem).toContainText('Empresa não encontrada');
      await expect(problem).toContainText('Verifique o CNPJ e tente novamente');
      await expect(problem.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
      await expect(page.getByTestId('found-company')).toHaveCount(0);
    });

    test('Erro na busca (every provider down): a distinct message with Tentar novamente, within 5 s', async ({ page }) => {
      await searchCnpj(page, CNPJ_SCENARIOS.allDown);
      const problem = page.getByTestId('lookup-problem');
      await expect(problem).toHaveAttribute('data-kind', 'unavailable', { timeout: 5000 });
      await expect(problem).toContainText('Erro na busca');
      await expect(problem).toContainText('Não foi possível buscar os dados da empresa');
      await expect(problem).not.toContainText('Empresa não encontrada');
      await expect(toast(page, 'Empresa não encontrada')).toHaveCount(0);
      // Retrying asks again and answers again (the same failure here).
      await problem.getByRole('button', { name: 'Tentar novamente' }).click();
      await expect(page.getByTestId('lookup-problem')).toHaveAttribute('data-kind', 'unavailable', { timeout: 5000 });
    });

    test('Erro na busca (providers rate-limited): said within 5 s, and a later success clears it', async ({ page }) => {
      await searchCnpj(page, CNPJ_SCENARIOS.rateLimited);
      const problem = page.getByTestId('lookup-problem');
      await expect(problem).toHaveAttribute('data-kind', 'rate_limited', { timeout: 5000 });
      await expect(problem).toContainText('Erro na busca');
      await expect(problem).toContainText('excesso de buscas');
      await expect(problem.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
      await expectAccessible(page);

      // The providers' Retry-After is 1 s: a later search of a company that exists finds it.
      const cnpj = randomCnpj();
      await expect(async () => {
        await searchCnpj(page, cnpj);
        await expect(page.getByTestId('found-company')).toBeVisible({ timeout: 5000 });
      }).toPass({ timeout: 15_000 });
      await expect(page.getByTestId('lookup-problem')).toHaveCount(0);
    });

    test('a later success clears a not-found and a failed search', async ({ page }) => {
      await searchCnpj(page, CNPJ_SCENARIOS.allDown);
      await expect(page.getByTestId('lookup-problem')).toBeVisible({ timeout: 5000 });
      await searchCnpj(page, CNPJ_SCENARIOS.notFound);
      await expect(page.getByTestId('lookup-problem')).toHaveAttribute('data-kind', 'not_found', { timeout: 5000 });
      await searchCnpj(page, randomCnpj());
      await expect(page.getByTestId('found-company')).toBeVisible({ timeout: 5000 });
      await expect(page.getByTestId('lookup-problem')).toHaveCount(0);
      await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(0);
    });

    test('under the disabled Continue, what is still missing', async ({ page }) => {
      const missing = page.getByTestId('continue-missing');
      await expect(missing).toHaveText('Para continuar, falta: informe o CNPJ da empresa, informe o WhatsApp, informe o e-mail profissional.');
      await expect(continueButton(page)).toBeDisabled();
      await expect(continueButton(page)).toHaveAccessibleDescription(/Para continuar, falta/);
      await searchCnpj(page, randomCnpj());
      await expect(page.getByTestId('found-company')).toBeVisible();
      await page.getByLabel('WhatsApp').fill('11987654321');
      await expect(missing).toHaveText('Para continuar, falta: informe o e-mail profissional.');
      await page.getByLabel('E-mail profissional').fill('contato@empresa.com.br');
      await expect(missing).toHaveCount(0);
      await expect(continueButton(page)).toBeEnabled();
    });

    test('WhatsApp obrigatório and Email profissional obrigatório', async ({ page }) => {
      await page.getByLabel('WhatsApp').focus();
      await page.getByLabel('E-mail profissional').focus();
      await cnpjInput(page).focus();
      await expect(page.getByRole('alert').filter({ hasText: 'WhatsApp obrigatório' })).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: 'Email profissional obrigatório' })).toBeVisible();
    });

    test('Empresa não selecionada', async ({ page }) => {
      await page.getByLabel('WhatsApp').fill('11987654321');
      await page.getByLabel('E-mail profissional').fill('contato@empresa.com.br');
      await expect(page.getByTestId('company-not-selected')).toContainText('Empresa não selecionada');
      await expect(continueButton(page)).toBeDisabled();
    });

    test('Erro ao cadastrar empresa: the CNPJ belongs to another workspace', async ({ page, browser }) => {
      const cnpj = randomCnpj();
      const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const otherPage = await other.newPage();
      await signedInWithoutCompany(otherPage, 'Outra');
      await createCompanyByApi(otherPage.request, { cnpj });
      await other.close();

      await searchCnpj(page, cnpj);
      await expect(page.getByTestId('found-company')).toBeVisible();
      await page.getByLabel('WhatsApp').fill('11987654321');
      await page.getByLabel('E-mail profissional').fill('contato@empresa.com.br');
      await continueButton(page).click();
      const t = toast(page, 'Erro ao cadastrar empresa');
      await expect(t).toBeVisible();
      await expect(t).toContainText('administrador');
      await expect(t).toContainText('convite');
      await expect(page).toHaveURL(/\/company-setup$/);
      await expect(continueButton(page)).toBeEnabled(); // the person can correct and retry
    });

    test('Sessão inválida when the session ended before submitting', async ({ page }) => {
      await searchCnpj(page, randomCnpj());
      await expect(page.getByTestId('found-company')).toBeVisible();
      await page.getByLabel('WhatsApp').fill('11987654321');
      await page.getByLabel('E-mail profissional').fill('contato@empresa.com.br');
      await page.context().clearCookies();
      await continueButton(page).click();
      await expect(toast(page, 'Sessão inválida')).toBeVisible();
    });

    test('Erro inesperado when the answer cannot be understood', async ({ page }) => {
      await searchCnpj(page, randomCnpj());
      await expect(page.getByTestId('found-company')).toBeVisible();
      await page.getByLabel('WhatsApp').fill('11987654321');
      await page.getByLabel('E-mail profissional').fill('contato@empresa.com.br');
      await page.route('**/api/companies', (route) => route.fulfill({ status: 201, contentType: 'application/json', body: 'null' }));
      await continueButton(page).click();
      await expect(toast(page, 'Erro inesperado')).toBeVisible();
    });
  });

  test('a double submit creates the company once', async ({ page }) => {
    await signedInWithoutCompany(page);
    await page.goto('/company-setup');
    await searchCnpj(page, randomCnpj());
    await expect(page.getByTestId('found-company')).toBeVisible();
    await page.getByLabel('WhatsApp').fill('11987654321');
    await page.getByLabel('E-mail profissional').fill('contato@empresa.com.br');
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/companies') posts++;
    });
    await continueButton(page).dblclick();
    await page.getByLabel('E-mail profissional').press('Enter');
    await expect(toast(page, 'Empresa cadastrada com sucesso!')).toBeVisible();
    await expect(toast(page, 'Erro ao cadastrar empresa')).toHaveCount(0);
    expect(posts).toBe(1);
  });

  test.describe('OAuth return', () => {
    test('success: tokens cleaned, e-mail prefilled, Google title, then /onboarding', async ({ page }) => {
      const user = await signedInWithoutCompany(page);
      await page.goto('/company-setup?oauth=true');
      await expect(page.getByRole('heading', { level: 1, name: 'Bem-vindo! Vamos configurar sua empresa' })).toBeVisible();
      await expect(page).toHaveURL(/\/company-setup$/);
      await expect(page.getByTestId('oauth-success')).toBeVisible();
      await expect(page.getByLabel('E-mail profissional')).toHaveValue(user.email);

      await searchCnpj(page, randomCnpj());
      await expect(page.getByTestId('found-company')).toBeVisible();
      await page.getByLabel('WhatsApp').fill('11987654321');
      await continueButton(page).click();
      await expect(toast(page, 'Empresa cadastrada com sucesso!')).toBeVisible();
      await page.waitForURL('**/onboarding');
    });

    test('error: Erro ao conectar com Google / Tente novamente for 6 s', async ({ page }) => {
      await signedInWithoutCompany(page);
      await page.goto('/company-setup?oauth=true&error=server_error');
      const t = toast(page, 'Erro ao conectar com Google');
      await expect(t).toBeVisible();
      await expect(t).toContainText('Tente novamente');
      await expect(page).toHaveURL(/\/company-setup$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Vincular Empresa' })).toBeVisible();
      await page.mouse.move(0, 0); // sonner pauses while hovered
      await page.waitForTimeout(4800); // past the default 4 s
      await expect(t).toBeVisible();
      await expect(t).toHaveCount(0, { timeout: 3000 });
    });

    test('access_denied: Acesso negado', async ({ page }) => {
      await signedInWithoutCompany(page);
      await page.goto('/company-setup?oauth=true&error=access_denied');
      await expect(toast(page, 'Acesso negado')).toBeVisible();
      await expect(toast(page, 'Erro ao conectar com Google')).toHaveCount(0);
    });

    test('a failed Google sign-in (no session) still shows the error, on the way to /auth', async ({ page }) => {
      await page.goto('/company-setup?oauth=true&error=access_denied');
      await page.waitForURL('**/auth');
      await expect(toast(page, 'Acesso negado')).toBeVisible();
    });
  });
});
