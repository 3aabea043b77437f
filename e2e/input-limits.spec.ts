import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/api.ts';
import { authUi, expectFieldError } from './support/auth-ui.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

/** Limits the forms say before the server refuses (decisions 0363 and 0365). */
test.describe('limits shown in the forms', () => {
  test('sign-up: a name near its limit shows the count; past it, the message, and nothing is sent', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/auth');
    const ui = authUi(page);
    await ui.openSignup();
    const name = ui.signupForm.getByLabel('Nome', { exact: true });
    await name.fill('a'.repeat(85));
    await expect(ui.signupForm.getByText('85 de 100 caracteres')).toBeVisible();
    const email = uniqueEmail('longo');
    await ui.signUp({ firstName: 'a'.repeat(101), lastName: 'Souza', email, password: 'segredo123' });
    await expectFieldError(name, 'O nome pode ter no máximo 100 caracteres.');
    await expectAccessible(page);
    expect(await e2eSql('SELECT 1 FROM "user" WHERE email = $1', [email])).toEqual([]);
  });

  test('Financeiro: 120 instalments from 30/12/2099 are refused up front, naming the last due date', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request);
    await page.goto('/financeiro?aba=contas-a-pagar');
    await page.getByRole('button', { name: 'Nova conta a pagar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova conta a pagar' });
    await dialog.getByLabel('Descrição').fill('Equipamento');
    await dialog.getByLabel('Forma').selectOption('installments');
    await dialog.getByLabel('Número de parcelas').fill('120');
    await dialog.getByLabel('Valor total (R$)').fill('12.000,00');
    await dialog.getByLabel('Vencimento da 1ª parcela').fill('2099-12-30');
    // Said while the plan is typed, and again on "Salvar"; nothing is sent.
    await expect(dialog.getByText(/^A última parcela venceria em 30\/11\/2109/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByRole('alert')).toContainText('A última parcela venceria em 30/11/2109');
    expect(await e2eSql('SELECT 1 FROM fin_entries WHERE company_id = $1', [admin.companyId])).toEqual([]);
  });
});
