import { expect, test, type Page } from '@playwright/test';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

async function newCompanyOwner(page: Page) {
  await signInNewPerson(page, { firstName: 'Lia', lastName: 'Moraes' });
  return createCompanyByApi(page.request);
}

test.describe('onboarding', () => {
  test('three steps with every validation message, Back, the Recommendado badge, and finishing on /empresa', async ({ page }) => {
    const company = await newCompanyOwner(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText('Passo 1 de 3')).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Passo 1 de 3' })).toBeVisible();
    await expect(page.getByText('Gerencio meu próprio negócio')).toBeVisible();
    for (const label of ['Empreendedor', 'Gestor', 'Diretor', 'Outro']) await expect(page.getByRole('radio', { name: new RegExp(`^${label}`) })).toBeVisible();
    await expectAccessible(page);

    // Step 1 requires a profile.
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Selecione seu perfil' })).toBeVisible();
    await expect(page.getByText('Passo 1 de 3')).toBeVisible();
    await page.getByText('Diretor', { exact: true }).click();
    await expect(page.getByText('Selecione seu perfil')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continuar' }).click();

    // Step 2 requires at least one of the nine areas.
    await expect(page.getByText('Passo 2 de 3')).toBeVisible();
    await expect(page.getByRole('checkbox')).toHaveCount(9);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Selecione pelo menos uma área' })).toBeVisible();
    await expectAccessible(page);

    // Back keeps what was chosen.
    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page.getByText('Passo 1 de 3')).toBeVisible();
    await expect(page.getByRole('radio', { name: /^Diretor/ })).toBeChecked();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Vendas', { exact: true }).click();
    const recommendation = page.waitForResponse((r) => r.url().endsWith('/api/onboarding/recommend-plan'));
    await page.getByRole('button', { name: 'Continuar' }).click();
    expect((await recommendation).status()).toBe(200);

    // Step 3: the recommended plan (a director → annual) starts selected, with the reason above; the selected plan carries the badge.
    await expect(page.getByText('Passo 3 de 3')).toBeVisible();
    const annual = page.getByRole('radio', { name: /Plano Anual/ });
    await expect(annual).toBeChecked();
    await expect(page.getByTestId('recommended-badge')).toHaveText('Recomendado');
    await expect(page.locator('label', { has: annual }).getByTestId('recommended-badge')).toBeVisible();
    await expect(page.getByTestId('recommendation-reason')).toContainText('Para quem planeja o ano da empresa, o plano anual economiza R$ 800 por ano (27%).');
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Voltar' }).click();
    await expect(page.getByText('Passo 2 de 3')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /^Vendas/ })).toBeChecked();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Plano Mensal', { exact: true }).click();
    await expect(page.getByRole('radio', { name: /Plano Mensal/ })).toBeChecked();
    // The badge follows the choice (spec §4): one badge, on the plan now selected.
    await expect(page.getByTestId('recommended-badge')).toHaveCount(1);
    await expect(page.locator('label', { has: page.getByRole('radio', { name: /Plano Mensal/ }) }).getByTestId('recommended-badge')).toBeVisible();
    await expect(page.locator('label', { has: annual }).getByTestId('recommended-badge')).toHaveCount(0);
    await page.getByRole('button', { name: 'Concluir' }).click();

    await expect(page).toHaveURL(/\/empresa$/);
    const [row] = await e2eSql<{ onboarding_profile: string; onboarding_areas: string[]; plan_type: string; onboarding_completed: boolean; profile_done: boolean }>(
      `SELECT c.onboarding_profile, c.onboarding_areas, c.plan_type, c.onboarding_completed, p.onboarding_completed AS profile_done
         FROM companies c JOIN profiles p ON p.company_id = c.id WHERE c.id = $1`,
      [company.id],
    );
    expect(row).toEqual({ onboarding_profile: 'director', onboarding_areas: ['sales'], plan_type: 'monthly', onboarding_completed: true, profile_done: true });
    // Done: / no longer leads to onboarding.
    await page.goto('/');
    await expect(page).toHaveURL(/\/empresa$/);
  });

  test('when the recommendation fails, monthly is selected (with the badge, as the selected plan) and no reason', async ({ page }) => {
    await newCompanyOwner(page);
    await page.route('**/api/onboarding/recommend-plan', (route) => route.fulfill({ status: 500, json: { error: 'Erro interno' } }));
    await page.goto('/onboarding');
    await page.getByText('Gestor', { exact: true }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Marketing', { exact: true }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Passo 3 de 3')).toBeVisible();
    await expect(page.getByRole('radio', { name: /Plano Mensal/ })).toBeChecked();
    await expect(page.getByTestId('recommendation-reason')).toHaveCount(0);
    await expect(page.getByTestId('recommended-badge')).toHaveCount(1);
    await expect(page.locator('label', { has: page.getByRole('radio', { name: /Plano Mensal/ }) }).getByTestId('recommended-badge')).toBeVisible();
  });

  test("a failed save shows 'Erro ao salvar preferências'; a failed reload after saving shows 'Erro ao finalizar'", async ({ page }) => {
    const company = await newCompanyOwner(page);
    await page.goto('/onboarding');
    await page.getByText('Outro', { exact: true }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Jurídico', { exact: true }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByTestId('recommended-badge')).toBeVisible();

    await page.route('**/api/onboarding/complete', (route) => route.fulfill({ status: 500, json: { error: 'Erro interno. Tente novamente em alguns instantes.' } }));
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect(page.getByText('Erro ao salvar preferências')).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.unroute('**/api/onboarding/complete');

    await page.route('**/api/me', (route) => route.fulfill({ status: 500, json: { error: 'Erro interno' } }));
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect(page.getByText('Erro ao finalizar')).toBeVisible();
    await expect(page).toHaveURL(/\/onboarding$/);
    const [row] = await e2eSql<{ onboarding_completed: boolean }>('SELECT onboarding_completed FROM companies WHERE id = $1', [company.id]);
    expect(row!.onboarding_completed).toBe(true); // saved; only the reload failed
  });

  test("without a company: 'Empresa não encontrada'", async ({ page }) => {
    await signInNewPerson(page);
    await page.goto('/onboarding');
    await expect(page.getByRole('alert').filter({ hasText: 'Empresa não encontrada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vincular empresa' })).toHaveAttribute('href', '/company-welcome');
  });
});
