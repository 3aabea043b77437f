import { expect, test, type Page } from '@playwright/test';
import { seriousViolations as axeViolations } from './support/axe.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

async function seriousViolations(page: Page) {
  return (await axeViolations(page)).map((v) => v.id);
}

test.describe('/empresa-perfil: Todos os dados da empresa', () => {
  test('the admin exports everything (progress to 100 %, download), requests the closure and cancels it', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Teresa', lastName: 'Lima' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    await page.goto('/empresa-perfil');
    const card = page.getByTestId('company-data');
    await expect(card.getByRole('heading', { name: 'Todos os dados da empresa' })).toBeVisible();

    // Export: the platform job runs (its progress follows it live), then 'Exportação pronta' and the ZIP downloads.
    await card.getByRole('button', { name: 'Exportar todos os dados' }).click();
    await expect(card.getByText('Exportação pronta.')).toBeVisible();
    const link = card.getByTestId('company-export-download');
    await expect(link).toContainText('Baixar ZIP');
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^dados-da-empresa-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await download.path();
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(zip).subarray(0, 2).toString('latin1')).toBe('PK');
    expect(await seriousViolations(page)).toEqual([]);

    // Closure: the confirm button waits for the company's name.
    await card.getByRole('button', { name: 'Encerrar conta da empresa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Encerrar conta da empresa?' });
    const confirm = dialog.getByRole('button', { name: 'Encerrar conta' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Nome da empresa').fill('Outro nome');
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel('Nome da empresa').fill(company.name);
    expect(await seriousViolations(page)).toEqual([]);
    await confirm.click();
    await expect(toast(page, 'Encerramento da conta solicitado.')).toBeVisible();
    const [row] = await e2eSql<{ erase_after: Date }>('SELECT erase_after FROM companies WHERE id = $1', [company.id]);
    const day = new Date(row!.erase_after).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
    await expect(card.getByTestId('company-closure-scheduled')).toContainText(`A conta será encerrada em ${day}`);
    await expect(page.getByTestId('closure-banner')).toContainText(`A conta será encerrada em ${day}`);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Cancelar encerramento' }).click();
    await expect(toast(page, 'Encerramento cancelado')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Encerrar conta da empresa' })).toBeVisible();
    await expect(page.getByTestId('closure-banner')).toHaveCount(0);
    expect(await e2eSql('SELECT erase_after FROM companies WHERE id = $1', [company.id])).toEqual([{ erase_after: null }]);
  });
});
