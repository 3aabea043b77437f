// /empresa's 'Primeiros passos' panel (decision 0088): trial and plan, the steps that apply
// to the person, checked as they are done, dismissed for good.
import { expect, test, type Page } from '@playwright/test';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';

async function expectNoSeriousA11yIssues(page: Page) {
  expect(describeViolations(await seriousViolations(page, (axe) => axe.include('[data-testid="getting-started"]')))).toEqual([]);
}

const panel = (page: Page) => page.getByTestId('getting-started');
const step = (page: Page, id: string) => panel(page).getByTestId(`step-${id}`);

test.describe('Primeiros passos on /empresa', () => {
  test('an admin: trial and plan, steps checked as done, dismissed and still dismissed after reload', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Helena', lastName: 'Prado' });
    await createCompanyByApi(page.request);
    await page.goto('/empresa');

    await expect(panel(page)).toBeVisible();
    await expect(panel(page).getByRole('heading', { name: 'Primeiros passos' })).toBeVisible();
    await expect(page.getByTestId('getting-started-trial')).toHaveText(/^Teste grátis: 1[45] dias restantes · /);
    await expect(step(page, 'company')).toHaveAttribute('data-done', 'true');
    await expect(step(page, 'onboarding')).toHaveAttribute('data-done', 'false');
    await expect(step(page, 'onboarding').getByRole('link', { name: /Continuar configuração/ })).toHaveAttribute('href', '/onboarding');
    await expect(step(page, 'team')).toHaveAttribute('data-done', 'false');
    await expect(step(page, 'profile')).toBeVisible();
    await expectNoSeriousA11yIssues(page);

    // Onboarding finished and a colleague invited: both steps are checked.
    const done = await page.request.post('/api/onboarding/complete', { data: { profile: 'entrepreneur', areas: ['sales'], plan: 'annual' } });
    expect(done.status(), await done.text()).toBe(200);
    const invite = await page.request.post('/api/invitations', { data: { email: `colega.${Date.now()}@exemplo.com.br`, role: 'vendas' } });
    expect(invite.status(), await invite.text()).toBeLessThan(300);
    await page.reload();
    await expect(step(page, 'onboarding')).toHaveAttribute('data-done', 'true');
    await expect(step(page, 'onboarding').getByRole('link')).toHaveCount(0);
    await expect(step(page, 'team')).toHaveAttribute('data-done', 'true');
    await expect(page.getByTestId('getting-started-trial')).toContainText('Plano Anual');
    await expect(page.getByTestId('getting-started-progress')).toHaveText(/^3 de 4 concluídos$/);

    await page.getByRole('button', { name: 'Ocultar primeiros passos' }).click();
    await expect(panel(page)).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('company-name')).toBeVisible();
    await expect(panel(page)).toHaveCount(0);
  });

  test('a member who is not an admin sees only what applies to them', async ({ page }) => {
    const person = await signInNewPerson(page, { firstName: 'Caio', lastName: 'Nunes' });
    const company = await createCompanyByApi(page.request);
    await e2eSql(
      `UPDATE company_members SET role = 'vendas' WHERE company_id = $1 AND user_id = (SELECT id FROM "user" WHERE email = $2)`,
      [company.id, person.email],
    );
    await page.goto('/empresa');
    await expect(panel(page)).toBeVisible();
    await expect(step(page, 'company')).toBeVisible();
    await expect(step(page, 'profile')).toBeVisible();
    await expect(step(page, 'onboarding')).toHaveCount(0);
    await expect(step(page, 'team')).toHaveCount(0);
  });
});
