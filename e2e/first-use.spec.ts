// "First use" (decision 0087): an anonymous visit logs no error, the page has a meta description, an
// empty sign-up marks every empty required field, and a success clears earlier error toasts.
import { expect, test } from '@playwright/test';
import { authUi } from './support/auth-ui.ts';
import { randomCnpj, signInNewPerson } from './support/company.ts';

test.describe('first use', () => {
  test('an anonymous visit to /auth logs no console error (no 401 from /api/me)', async ({ page }) => {
    const errors: string[] = [];
    const unauthorized: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('response', (r) => {
      if (r.status() === 401) unauthorized.push(r.url());
    });
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
    // Whatever the app asks at start has been answered.
    await page.waitForLoadState('networkidle');
    expect(unauthorized).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a signed-in visit still loads the person (the session hint is only a shortcut)', async ({ page }) => {
    await signInNewPerson(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/company-(welcome|setup)$/);
    // Signed out elsewhere (cookies gone, hint left): the next visit is anonymous, not stuck.
    await page.context().clearCookies();
    await page.goto('/');
    await expect(page).toHaveURL(/\/auth/);
  });

  test('the page has a meta description', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /gestão da sua empresa/);
  });

  test('an empty sign-up marks every empty required field and keeps the spec message', async ({ page }) => {
    await page.goto('/auth');
    const ui = authUi(page);
    await ui.openSignup();
    const form = ui.signupForm;
    await form.getByLabel('Nome', { exact: true }).fill('Ana');
    await form.getByRole('button', { name: 'Criar conta', exact: true }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Por favor, preencha todos os campos obrigatórios' })).toBeVisible();
    const nome = form.getByLabel('Nome', { exact: true });
    await expect(nome).not.toHaveAttribute('aria-invalid', 'true');
    const borderOf = (l: typeof nome) => l.evaluate((el) => getComputedStyle(el).borderTopColor);
    const normalBorder = await borderOf(nome);
    for (const label of ['Sobrenome', 'E-mail', 'Senha', 'Confirmar senha']) {
      const input = form.getByLabel(label, { exact: true });
      await expect(input, label).toHaveAttribute('aria-invalid', 'true');
      expect(await borderOf(input), `${label} has the red border`).not.toBe(normalBorder);
    }
    await expect(form.getByRole('alert').filter({ hasText: 'Por favor, preencha todos os campos obrigatórios' })).toHaveCount(1);
    // Filling one clears its mark only.
    await form.getByLabel('Sobrenome', { exact: true }).fill('Souza');
    await expect(form.getByLabel('Sobrenome', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByLabel('E-mail', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  });

  test('a success toast dismisses the earlier error toast', async ({ page }) => {
    await signInNewPerson(page);
    await page.goto('/company-setup');
    // 'CNPJ inválido' is a toast; then a company is created: its success toast comes alone.
    await page.getByLabel('CNPJ', { exact: true }).fill('98.765.432/0001-99');
    await page.getByRole('button', { name: 'Buscar CNPJ' }).click();
    const errorToast = page.locator('[data-sonner-toast][data-type="error"]');
    await expect(errorToast).toHaveCount(1);
    await page.getByLabel('CNPJ', { exact: true }).fill(randomCnpj());
    await page.getByRole('button', { name: 'Buscar CNPJ' }).click();
    await expect(page.getByTestId('found-company')).toBeVisible();
    await page.getByLabel('WhatsApp').fill('11987654321');
    await page.getByLabel('E-mail profissional').fill('contato@empresa.com.br');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="success"]')).toBeVisible();
    await expect(errorToast).toHaveCount(0);
  });
});
