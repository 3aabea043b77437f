import { expect, test, type Page } from '@playwright/test';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

async function companyOwner(page: Page, plan: string | null = 'annual') {
  await signInNewPerson(page, { firstName: 'Rui', lastName: 'Barros' });
  const company = await createCompanyByApi(page.request);
  await e2eSql('UPDATE companies SET onboarding_completed = true, plan_type = $2 WHERE id = $1', [company.id, plan]);
  return company;
}

const waitForLiveStream = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);

test.describe('plans', () => {
  test('the plans page shows the spec figures in pt-BR money, the trial, the current plan and Modo de teste', async ({ page }) => {
    await companyOwner(page, 'annual');
    for (const path of ['/plans', '/planos']) {
      await page.goto(path);
      await expect(page.getByTestId('test-mode-banner')).toContainText('Modo de teste');
      const monthly = page.getByTestId('plan-monthly');
      const annual = page.getByTestId('plan-annual');
      await expect(monthly.getByTestId('price-monthly')).toHaveText(/^R\$\s250,00$/);
      await expect(monthly).toContainText('/mês');
      await expect(annual.getByTestId('price-annual')).toHaveText(/^R\$\s2\.200,00$/);
      await expect(annual).toContainText('/ano');
      await expect(annual.getByTestId('annual-equivalent')).toHaveText(/Cerca de R\$\s183\/mês · economize R\$\s800 por ano \(27%\)/);
      for (const card of [monthly, annual]) {
        await expect(card).toContainText('30 moedas por mês (não acumulam)');
        await expect(card).toContainText('Até 10 colaboradores');
        await expect(card).toContainText(/R\$\s25,00 por colaborador adicional/);
        await expect(card).toContainText('Todas as funcionalidades');
      }
      await expect(annual.getByTestId('plan-current')).toHaveText('Plano atual');
      await expect(monthly.getByTestId('plan-current')).toHaveCount(0);
      await expect(page.getByTestId('trial-days-left')).toHaveText('Faltam 15 dias');
      await expect(page.getByText('Teste grátis de 15 dias')).toBeVisible();
      await expect(page.getByText(/50 moedas de boas-vindas/).first()).toBeVisible();
      await expect(page.getByText(/a cobrança é\s+automática/).first()).toBeVisible();
    }
    await expectAccessible(page);
  });

  test('before a company exists the plans page still says Modo de teste and nothing can be bought', async ({ page }) => {
    await signInNewPerson(page);
    await page.goto('/planos');
    await expect(page.getByTestId('test-mode-banner')).toContainText('Modo de teste');
    await expect(page.getByTestId('price-monthly')).toHaveText(/^R\$\s250,00$/);
    await expect(page.getByRole('button', { name: 'Assinar plano Mensal' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Assinar plano Anual' })).toBeDisabled();
    await expect(page.getByTestId('plans-no-company').getByRole('link', { name: 'vincule sua empresa' })).toHaveAttribute('href', '/company-welcome');
  });
});

test.describe('coins and billing', () => {
  test('a sandbox purchase raises the header balance live and shows in payments and the ledger', async ({ page }) => {
    const company = await companyOwner(page);
    const stream = waitForLiveStream(page);
    await page.goto('/comprar-moedas');
    await stream;
    await expect(page.getByTestId('header-balance')).toHaveText('50');
    await expect(page.getByTestId('test-mode-banner')).toBeVisible();
    await expect(page.getByTestId('package-coins_150').getByTestId('package-price')).toHaveText(/^R\$\s135,00$/);
    await expectAccessible(page);

    await page.getByTestId('package-coins_150').getByRole('button', { name: /Comprar/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento de teste' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Modo de teste');
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(/^R\$\s135,00$/);
    await dialog.getByRole('radio', { name: 'Pix' }).check();
    await dialog.getByRole('button', { name: /Confirmar pagamento/ }).click();

    await expect(page.getByTestId('header-balance')).toHaveText('200');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/comprar-moedas$/);
    const [row] = await e2eSql<{ balance: number; sum: number }>(
      'SELECT currency_amount AS balance, (SELECT SUM(amount)::int FROM coin_ledger WHERE company_id = c.id) AS sum FROM companies c WHERE id = $1',
      [company.id],
    );
    expect(row).toEqual({ balance: 200, sum: 200 });

    await page.goto('/billing');
    await expect(page.getByTestId('test-mode-banner')).toBeVisible();
    await expect(page.getByTestId('payment-row').first()).toContainText('Pacote Equipe · 150 moedas');
    await expect(page.getByTestId('payment-row').first()).toContainText('Pago');
    const purchase = page.getByTestId('ledger-row').first();
    await expect(purchase).toContainText('Compra do Pacote Equipe (150 moedas)');
    await expect(purchase).toContainText('Rui Barros');
    await expect(purchase).toContainText('+150');
    await expect(purchase).toContainText('200');
  });

  test('the billing page shows status, trial, collaborators and filters the ledger', async ({ page }) => {
    const company = await companyOwner(page);
    await e2eSql(
      `WITH upd AS (UPDATE companies SET currency_amount = currency_amount - 5 WHERE id = $1 RETURNING currency_amount)
       INSERT INTO coin_ledger (company_id, amount, kind, reason, balance_after) SELECT $1, -5, 'debit', 'Resumo de reunião', currency_amount FROM upd`,
      [company.id],
    );
    await page.goto('/billing');
    await expect(page.getByTestId('billing-plan')).toHaveText('Plano Anual');
    await expect(page.getByTestId('subscription-status')).toHaveText('Período de teste');
    await expect(page.getByTestId('billing-trial')).toContainText('Faltam 15 dias');
    await expect(page.getByTestId('billing-next-charge')).toContainText('Nenhuma cobrança agendada');
    await expect(page.getByTestId('billing-collaborators')).toContainText('1 de 10 incluídos');
    await expect(page.getByTestId('ledger-row')).toHaveCount(2);
    await expectAccessible(page);

    await page.getByLabel('Tipo', { exact: true }).selectOption('debit');
    await expect(page.getByTestId('ledger-row')).toHaveCount(1);
    await expect(page.getByTestId('ledger-row')).toContainText('Resumo de reunião');
    await page.getByLabel('Tipo', { exact: true }).selectOption('');
    await page.getByLabel('De', { exact: true }).fill('2020-01-01');
    await page.getByLabel('Até', { exact: true }).fill('2020-01-31');
    await expect(page.getByText('Nenhum lançamento com esses filtros')).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page.getByTestId('ledger-row')).toHaveCount(2);
  });

  test('subscribing in the sandbox during the trial schedules the first charge for the trial end', async ({ page }) => {
    await companyOwner(page, 'monthly');
    await page.goto('/billing');
    await page.getByRole('button', { name: 'Assinar plano Mensal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento de teste' });
    await expect(dialog.getByTestId('sandbox-amount')).toHaveText(/^R\$\s250,00$/);
    await dialog.getByRole('button', { name: /Confirmar pagamento/ }).click();
    await expect(page.getByText('Assinatura confirmada')).toBeVisible();
    await expect(page.getByTestId('billing-next-charge')).toContainText(/R\$\s250,00/);
    await expect(page.getByTestId('billing-next-charge')).toContainText('automática');
  });
});
