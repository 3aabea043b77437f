import { expect, test, type Page } from '@playwright/test';
import { FAKE_OPENAI_URL } from '../playwright.config.ts';
import { signOutThroughMenu, toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

/** The fake OpenAI's mode (ok, error_500, …) for the company summary's prompt only: parallel tests share the e2e server's platform AI. */
async function fakeAi(mode: string) {
  const res = await fetch(`${FAKE_OPENAI_URL}/__control`, { method: 'POST', body: JSON.stringify({ modeFor: { 'company-summary_v1': mode } }) });
  expect(res.ok).toBe(true);
}

async function adminWithCompany(page: Page) {
  const user = await signInNewPerson(page, { firstName: 'Rita', lastName: 'Moura' });
  const company = await createCompanyByApi(page.request);
  await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
  return { user, company };
}

const ledger = async (companyId: string) =>
  (
    await e2eSql<{ kind: string; amount: number }>("SELECT kind, amount FROM coin_ledger WHERE company_id = $1 AND kind IN ('debit', 'refund') ORDER BY id", [companyId])
  ).map((r) => `${r.kind} ${r.amount}`);

test.afterEach(async () => {
  await fakeAi('ok');
});

test.describe('paid actions', () => {
  test('a paid action that fails is refunded: same balance before and after, the ledger shows the reserve and the refund', async ({ page }) => {
    const { company } = await adminWithCompany(page);
    await page.goto('/empresa-perfil');
    const button = page.getByRole('button', { name: 'Gerar resumo · 1 moeda' });
    await expect(button).toBeVisible();
    await expect(page.getByTestId('paid-action-description')).toHaveText('Saldo depois: 49 moedas');
    await expect(page.getByTestId('header-balance')).toHaveText('50');
    await expectAccessible(page);

    await fakeAi('error_500');
    await button.click();
    await expect(toast(page, 'O provedor de IA está indisponível no momento. Tente novamente em alguns minutos. Nenhuma moeda foi cobrada.')).toBeVisible();
    expect(await ledger(company.id)).toEqual(['debit -1', 'refund 1']);
    await expect(page.getByTestId('header-balance')).toHaveText('50');
    await expect(page.getByTestId('paid-action-description')).toHaveText('Saldo depois: 49 moedas');

    // The provider is back: the same button works and charges once.
    await fakeAi('ok');
    await button.click();
    await expect(page.getByTestId('company-summary').getByText('Texto de exemplo gerado pela IA de teste.').first()).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('49');
    expect(await ledger(company.id)).toEqual(['debit -1', 'refund 1', 'debit -1']);
  });

  test('with too few coins the button is disabled and links to /comprar-moedas', async ({ page }) => {
    const { company } = await adminWithCompany(page);
    await e2eSql('UPDATE companies SET currency_amount = 0 WHERE id = $1', [company.id]);
    await page.goto('/empresa-perfil');
    const button = page.getByRole('button', { name: 'Gerar resumo · 1 moeda' });
    await expect(button).toBeDisabled();
    await expect(page.getByTestId('paid-action-description')).toContainText('Saldo insuficiente: esta ação custa 1 moeda e a empresa tem 0 moedas.');
    await page.getByRole('link', { name: 'Comprar moedas' }).last().click();
    await expect(page).toHaveURL(/\/comprar-moedas$/);
  });

  test('with no AI configured the AI button says how to configure it', async ({ page }) => {
    await adminWithCompany(page);
    // A server without platform AI (the e2e server has one: its status is answered here instead).
    await page.route('**/api/ai/status', (route) => route.fulfill({ json: { platform: false, model: null } }));
    // The browser must ask for it: a page the server renders comes with the server's real answer (decision 0769).
    await page.context().addCookies([{ name: 'sede_ssr', value: '0', url: test.info().project.use.baseURL! }]);
    await page.goto('/empresa-perfil');
    await expect(page.getByRole('button', { name: 'Gerar resumo · 1 moeda' })).toBeDisabled();
    await expect(page.getByTestId('paid-action-description')).toContainText(
      'Configure uma chave de IA em Meu perfil ou peça ao administrador para configurar a IA do servidor.',
    );
    await page.getByRole('link', { name: 'Configurar em Meu perfil' }).click();
    await expect(page).toHaveURL(/\/perfil#ia$/);
    await expect(page.locator('#ia').getByText('A IA do servidor não está configurada.')).toBeVisible();
  });

  test('Meu perfil → IA: a pasted key is tested, masked, used instead of coins, and removed', async ({ page }) => {
    const { company } = await adminWithCompany(page);
    await page.goto('/perfil');
    const section = page.locator('#ia');
    await expect(section.getByText('A IA do Sede está configurada neste servidor')).toBeVisible();
    await section.getByLabel('Chave de IA').fill('sk-minha-chave-e2e-1234');
    await section.getByLabel('Endereço da API (opcional)').fill(`${FAKE_OPENAI_URL}/v1`);
    await section.getByLabel('Modelo (opcional)').fill('modelo-pessoal');
    await section.getByRole('button', { name: 'Salvar e testar' }).click();
    await expect(section.getByTestId('ai-test-result')).toHaveText('Conexão funcionando (modelo modelo-pessoal).');
    await expect(section.getByTestId('ai-key-masked')).toHaveText('sk-••••1234');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('sede:ai-key')))!)).toEqual({
      key: 'sk-minha-chave-e2e-1234',
      baseUrl: `${FAKE_OPENAI_URL}/v1`,
      model: 'modelo-pessoal',
    });
    await expectAccessible(page);

    // With the own key the AI action costs no coins.
    await page.goto('/empresa-perfil');
    const button = page.getByRole('button', { name: 'Gerar resumo · sem moedas (sua chave de IA)' });
    await expect(page.getByTestId('paid-action-description')).toHaveText('Usa a sua chave de IA: nenhuma moeda é cobrada.');
    await button.click();
    await expect(page.getByTestId('company-summary').getByText('Texto de exemplo gerado pela IA de teste.').first()).toBeVisible();
    expect(await ledger(company.id)).toEqual([]);

    await page.goto('/perfil');
    await section.getByRole('button', { name: 'Remover chave' }).click();
    await expect(section.getByLabel('Chave de IA')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('sede:ai-key'))).toBeNull();

    // Signing out removes a kept key too (spec §4).
    await section.getByLabel('Chave de IA').fill('sk-outra-chave-5678');
    await section.getByLabel('Endereço da API (opcional)').fill(`${FAKE_OPENAI_URL}/v1`);
    await section.getByRole('button', { name: 'Salvar e testar' }).click();
    await expect(section.getByTestId('ai-key-masked')).toHaveText('sk-••••5678');
    await signOutThroughMenu(page);
    expect(await page.evaluate(() => localStorage.getItem('sede:ai-key'))).toBeNull();
  });
});
