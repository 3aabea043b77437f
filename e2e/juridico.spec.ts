import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

const fixture = (name: string) => readFileSync(new URL(`../apps/server/test/fixtures/analysis/${name}`, import.meta.url));

/** Screenshots for the closing note when SHOTS=<dir> is set (1280 px and 375 px). */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

test.describe('/juridico: contratos e análise com IA', () => {
  test('register a contract, upload it, analyse it (live progress, 5 coins), read the structured result', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Júlia', lastName: 'Advogada' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

    await page.goto('/juridico');
    await expect(page.getByRole('heading', { name: 'Nenhum contrato cadastrado' })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'juridico-empty');

    await page.getByRole('button', { name: 'Cadastrar o primeiro contrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo contrato' });
    await dialog.getByLabel('Título').fill('Limpeza da loja');
    await dialog.getByLabel('Valor total (R$)').fill('30.000,00');
    await dialog.getByLabel('Término').fill('2026-12-31');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page).toHaveURL(/\/juridico\/contrato\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Limpeza da loja' })).toBeVisible();

    await page.locator('input[type="file"]').first().setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: fixture('contrato.pdf') });
    await expect(page.getByText('contrato.pdf').first()).toBeVisible();
    const analyse = page.getByRole('button', { name: /Analisar contrato · 5 moedas/ });
    await expect(analyse).toBeEnabled();
    await analyse.click();
    await page.getByRole('button', { name: 'Confirmar · 5 moedas' }).click();
    await expect(toast(page, 'Análise iniciada.')).toBeVisible();
    const result = page.getByTestId('analysis-result');
    await expect(result).toBeVisible({ timeout: 20_000 });
    await expect(result.getByRole('heading', { name: /Cláusulas de risco/ })).toBeVisible();
    await expect(result.getByText('Risco alto').first()).toBeVisible();
    await expect(page.getByRole('button', { name: /Versão 1 · Pronto/ })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('45');
    expect((await e2eSql<{ n: number }>("select count(*)::int as n from paid_actions where company_id = $1 and action = 'ai.contract_analysis' and status = 'committed'", [company.id]))[0]!.n).toBe(1);
    await expectAccessible(page);
    // On a phone the structured result fits the screen (tables scroll inside their box).
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shots(page, 'juridico-contract');

    // Editing the register.
    await page.getByRole('button', { name: 'Editar' }).click();
    const edit = page.getByRole('dialog', { name: 'Editar contrato' });
    await expect(edit.getByLabel('Valor total (R$)')).toHaveValue('30.000,00');
    await edit.getByLabel('Aviso prévio (dias)').fill('1');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Contrato atualizado.')).toBeVisible();
    await expect(page.getByText('1 dia', { exact: true })).toBeVisible();

    // The register lists it.
    await page.getByRole('link', { name: 'Contratos' }).click();
    await expect(page.getByRole('link', { name: 'Limpeza da loja' }).first()).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'juridico-list');
  });

  test('a scanned PDF fails with a clear message and charges nothing', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Rui', lastName: 'Contratos' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const [c] = await e2eSql<{ id: string }>("insert into contracts (company_id, title) values ($1, 'Contrato digitalizado') returning id", [company.id]);
    await page.goto(`/juridico/contrato/${c!.id}`);
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'digitalizado.pdf', mimeType: 'application/pdf', buffer: fixture('digitalizado.pdf') });
    await expect(page.getByText('digitalizado.pdf').first()).toBeVisible();
    await page.getByRole('button', { name: /Analisar contrato · 5 moedas/ }).click();
    await page.getByRole('button', { name: 'Confirmar · 5 moedas' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'não tem camada de texto' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('header-balance')).toHaveText('50');
    await expectAccessible(page);
  });
});
