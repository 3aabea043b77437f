import { shot } from './support/shots.ts';
import { expect, test, type Page } from '@playwright/test';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';

/**
 * Every onboarding and billing screen at desktop and phone widths: nothing overflows the
 * viewport horizontally. Screenshots go to SHOTS_DIR when set (for design review).
 */
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 360, height: 740 },
] as const;

async function check(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows horizontally by ${overflow}px`).toBeLessThanOrEqual(0);
  await shot(page, name);
}

for (const vp of VIEWPORTS) {
  test(`onboarding and billing screens fit a ${vp.width}px viewport (${vp.name})`, async ({ page }) => {
    await page.setViewportSize({ width: vp.width, height: vp.height });
    await signInNewPerson(page, { firstName: 'Bia', lastName: 'Lima' });
    const company = await createCompanyByApi(page.request);

    await page.goto('/onboarding');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByText('Selecione seu perfil')).toBeVisible();
    await check(page, `${vp.name}-onboarding-1`);
    await page.getByText('Empreendedor', { exact: true }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    for (const area of ['Vendas', 'Marketing', 'Atendimento', 'Financeiro']) await page.getByText(area, { exact: true }).click();
    await check(page, `${vp.name}-onboarding-2`);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByTestId('recommended-badge')).toBeVisible();
    await check(page, `${vp.name}-onboarding-3`);
    await page.getByRole('button', { name: 'Concluir' }).click();
    await expect(page).toHaveURL(/\/empresa$/);

    await page.goto('/planos');
    await expect(page.getByTestId('plan-current')).toBeVisible();
    await check(page, `${vp.name}-plans`);

    await page.goto('/comprar-moedas');
    await expect(page.getByTestId('package-coins_50')).toBeVisible();
    await check(page, `${vp.name}-buy-coins`);
    await page.getByTestId('package-coins_500').getByRole('button', { name: /Comprar/ }).click();
    await expect(page.getByTestId('sandbox-checkout')).toBeVisible();
    await check(page, `${vp.name}-buy-coins-checkout`);
    await page.getByRole('button', { name: /Confirmar pagamento/ }).click();
    await expect(page.getByTestId('header-balance')).toHaveText('550');

    await e2eSql(
      `WITH upd AS (UPDATE companies SET currency_amount = currency_amount - 3 WHERE id = $1 RETURNING currency_amount)
       INSERT INTO coin_ledger (company_id, amount, kind, reason, actor_id, balance_after)
       SELECT $1, -3, 'debit', 'Análise de contrato com IA', c.created_by, upd.currency_amount FROM upd, companies c WHERE c.id = $1`,
      [company.id],
    );
    await page.goto('/billing');
    await expect(page.getByTestId('ledger-row')).toHaveCount(3);
    await check(page, `${vp.name}-billing`);
  });
}
