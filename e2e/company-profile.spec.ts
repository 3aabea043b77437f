import { shot } from './support/shots.ts';
import { expect, test, type Page } from '@playwright/test';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function adminWithCompany(page: Page) {
  await signInNewPerson(page, { firstName: 'Helena', lastName: 'Costa' });
  const company = await createCompanyByApi(page.request);
  await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
  return company;
}

test.describe('/empresa-perfil', () => {
  test('shows the registration data and lets the admin edit the company', async ({ page }) => {
    const company = await adminWithCompany(page);
    await page.goto('/empresa');
    await page.getByTestId('company-profile-link').click();
    await expect(page).toHaveURL(/\/empresa-perfil$/);

    await expect(page.getByTestId('profile-razao-social')).toHaveText('AURORA FICTICIA PANIFICADORA LTDA');
    await expect(page.getByTestId('profile-situacao')).toHaveText('ATIVA');
    await expect(page.getByTestId('profile-abertura')).toHaveText('15/03/2019');
    await expect(page.getByTestId('profile-atividade')).toContainText('1091-1/02');
    await expect(page.getByLabel('Telefone / WhatsApp')).toHaveValue('(11) 98765-4321');
    await expect(page.getByLabel('CEP')).toHaveValue('04571-000');
    await expectAccessible(page);

    const save = page.getByRole('button', { name: 'Salvar alterações' });
    await expect(save).toBeDisabled();
    await page.getByLabel('Nome da empresa').fill('');
    await page.getByLabel('Nome fantasia').focus();
    await expect(page.getByRole('alert').filter({ hasText: 'Nome da empresa obrigatório' })).toBeVisible();
    await page.getByLabel('Nome da empresa').fill('Padaria Aurora Centro');
    await page.getByLabel('UF').selectOption('RJ');
    await save.click();
    await expect(toast(page, 'Dados da empresa atualizados')).toBeVisible();
    await expect(save).toBeDisabled();

    const [row] = await e2eSql('SELECT name, state FROM companies WHERE id = $1', [company.id]);
    expect(row).toEqual({ name: 'Padaria Aurora Centro', state: 'RJ' });
  });

  test("an incomplete phone or CEP: 'Telefone inválido' / 'CEP inválido' under the field, nothing saved", async ({ page }) => {
    const company = await adminWithCompany(page);
    await page.goto('/empresa-perfil');
    const phone = page.getByLabel('Telefone / WhatsApp');
    const cep = page.getByLabel('CEP');
    await expect(phone).toHaveValue('(11) 98765-4321');
    for (const [field, digits] of [[phone, '113040'], [cep, '0457']] as const) {
      await field.click();
      await field.press('ControlOrMeta+a');
      await field.press('Backspace');
      await field.pressSequentially(digits);
    }
    await expect(phone).toHaveValue('(11) 3040');
    await page.getByLabel('Cidade').focus();
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Telefone inválido' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'CEP inválido' })).toBeVisible();
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await shot(page, `company-invalid-phone-cep-${width}`);
    }
    const [row] = await e2eSql('SELECT phone, cep FROM companies WHERE id = $1', [company.id]);
    expect(row).toEqual({ phone: '11987654321', cep: '04571000' });
  });

  test('refreshes the registry data from the CNPJ lookup', async ({ page }) => {
    const company = await adminWithCompany(page);
    await e2eSql(`UPDATE companies SET situacao = 'BAIXADA' WHERE id = $1`, [company.id]);
    await page.goto('/empresa-perfil');
    await expect(page.getByTestId('profile-situacao')).toHaveText('BAIXADA');
    await page.getByTestId('company-refresh').click();
    await expect(toast(page, 'Dados atualizados pela Receita Federal')).toBeVisible();
    await expect(page.getByTestId('profile-situacao')).toHaveText('ATIVA');
  });

  test('is closed to a member who is not an admin', async ({ page, browser }) => {
    const adminContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const adminPage = await adminContext.newPage();
    const company = await adminWithCompany(adminPage);
    await adminContext.close();

    const seller = await signInNewPerson(page, { firstName: 'Rui', lastName: 'Vendas' });
    const [{ id }] = await e2eSql<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [seller.email]);
    await e2eSql(`INSERT INTO company_members (user_id, company_id, role) VALUES ($1, $2, 'vendas')`, [id, company.id]);
    await e2eSql('UPDATE profiles SET company_id = $2, onboarding_completed = true WHERE id = $1', [id, company.id]);

    await page.goto('/empresa-perfil');
    await expect(page.getByTestId('company-profile')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Salvar alterações' })).toHaveCount(0);
    await page.goto('/empresa');
    await expect(page.getByTestId('company-name')).toBeVisible();
    await expect(page.getByTestId('company-profile-link')).toHaveCount(0);
  });
});
