import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FAKE_OPENAI_URL } from '../playwright.config.ts';
import { toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';
import { CONTRACT_V1, CONTRACT_V2, contractDocx, contractPdf } from '../apps/server/test/legal/contract-versions.ts';

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

  test('Novo contrato checks the CNPJ as it is typed and shows the company found', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Cora', lastName: 'Cadastro' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    await page.goto('/juridico');
    await page.getByRole('button', { name: 'Cadastrar o primeiro contrato' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo contrato' });
    const cnpj = dialog.getByLabel('CNPJ da outra parte');
    const status = dialog.getByTestId('cnpj-status');
    // Formatted as typed; wrong check digits are said at once, before saving.
    await cnpj.pressSequentially('98765432000199');
    await expect(cnpj).toHaveValue('98.765.432/0001-99');
    await expect(status.getByRole('alert')).toHaveText('CNPJ inválido: confira os números.');
    await expect(cnpj).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    // A valid one is looked up: the company's name shows up.
    await cnpj.fill('');
    await cnpj.pressSequentially('98765432000198');
    await expect(status).toContainText('AURORA FICTICIA PANIFICADORA LTDA (PADARIA AURORA) · SAO PAULO/SP');
    await expect(cnpj).not.toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await shots(page, 'juridico-cnpj');
    // One the registry does not know is said too; a short one is said when leaving the field.
    await cnpj.fill('');
    await cnpj.pressSequentially('98765432000279');
    await expect(status).toContainText('Empresa não encontrada. Confira o CNPJ.');
    await cnpj.fill('');
    await cnpj.pressSequentially('1234');
    await dialog.getByLabel('Título').click();
    await expect(status.getByRole('alert')).toHaveText('O CNPJ deve ter exatamente 14 dígitos.');
    await dialog.getByLabel('Título').fill('Contrato com CNPJ curto');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(dialog.getByRole('alert').first()).toContainText('CNPJ da outra parte');
    expect(await e2eSql('select id from contracts where company_id = $1', [company.id])).toEqual([]);

    await cnpj.fill('');
    await cnpj.pressSequentially('98765432000198');
    await expect(status).toContainText('AURORA FICTICIA');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page).toHaveURL(/\/juridico\/contrato\/[0-9a-f-]{36}$/);
    await expect(page.getByText('PADARIA AURORA · 98.765.432/0001-98')).toBeVisible();
  });

  test('comparing the signed PDF with the DOCX: only the words that changed are marked, word by word', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Vera', lastName: 'Versões' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const [c] = await e2eSql<{ id: string }>("insert into contracts (company_id, title) values ($1, 'Limpeza e conservação') returning id", [company.id]);
    await page.goto(`/juridico/contrato/${c!.id}`);
    const input = page.locator('input[type="file"]').first();
    await input.setInputFiles({ name: 'contrato-assinado.pdf', mimeType: 'application/pdf', buffer: (await contractPdf(CONTRACT_V1, 250)).bytes });
    await expect(page.getByText('contrato-assinado.pdf').first()).toBeVisible();
    await input.setInputFiles({ name: 'contrato-negociado.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await contractDocx(CONTRACT_V2) });
    await expect(page.getByText('contrato-negociado.docx').first()).toBeVisible();

    await page.getByLabel('Versão anterior').selectOption({ label: 'contrato-assinado.pdf' });
    await page.getByLabel('Versão nova').selectOption({ label: 'contrato-negociado.docx' });
    const comparison = page.getByTestId('comparison');
    await expect(comparison.getByTestId('diff-summary')).toHaveText('12 palavras incluídas · 6 palavras removidas');
    const changes = comparison.getByRole('region', { name: 'Diferenças entre as versões' });
    await expect(changes.locator('del')).toHaveText(['[removido: 30]', '[removido: trinta]', '[removido: 10]', '[removido: dez]', '[removido: Manaus]', '[removido: AM]']);
    await expect(changes.locator('ins')).toHaveText(['[incluído: 60]', '[incluído: sessenta]', '[incluído: 2]', '[incluído: dois]', '[incluído: inclusive os de eventuais subcontratados, ]', '[incluído: São Paulo]', '[incluído: SP]']);
    // Long unchanged stretches are folded around the changes, and unfold.
    const unfold = changes.getByRole('button', { name: /Mostrar \d+ palavras sem mudança/ }).first();
    await expect(unfold).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await comparison.scrollIntoViewIfNeeded();
    await shots(page, 'juridico-compare');
    await unfold.click();
    await expect(changes).toContainText('A CONTRATADA obriga-se a prestar serviços de limpeza');

    // The same PDF against a DOCX of the same text: nothing changed, though lines and hyphens differ.
    await input.setInputFiles({ name: 'contrato-original.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: await contractDocx(CONTRACT_V1) });
    await expect(page.getByText('contrato-original.docx').first()).toBeVisible();
    await page.getByLabel('Versão nova').selectOption({ label: 'contrato-original.docx' });
    await expect(comparison.getByTestId('diff-summary')).toHaveText('O texto é o mesmo nas duas versões (quebras de linha, hifenização e espaços não contam como mudança).');
    await expect(changes.locator('ins, del')).toHaveCount(0);
  });

  test("with the person's own AI key the analysis says it costs no coins, and charges none", async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Olga', lastName: 'Chave' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const [c] = await e2eSql<{ id: string }>("insert into contracts (company_id, title) values ($1, 'Contrato com chave própria') returning id", [company.id]);
    await page.goto(`/juridico/contrato/${c!.id}`);
    await page.evaluate((url) => localStorage.setItem('sede:ai-key', JSON.stringify({ key: 'sk-chave-da-olga-1234', baseUrl: `${url}/v1` })), FAKE_OPENAI_URL);
    await page.reload();
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: fixture('contrato.pdf') });
    const analyse = page.getByRole('button', { name: 'Analisar contrato · sem moedas (sua chave de IA)' });
    await expect(analyse).toBeEnabled();
    await expect(page.getByTestId('paid-action-description')).toHaveText('Usa a sua chave de IA: nenhuma moeda é cobrada.');
    await expect(page.getByText(/5 moedas/)).toHaveCount(0);
    await expectAccessible(page);
    // The longer label wraps on a phone instead of leaving the card.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shots(page, 'juridico-own-key');
    await analyse.click();
    await expect(page.getByTestId('analysis-result')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('analysis-result')).toContainText('Análise feita pela IA a partir do PDF de 2 páginas. Não substitui a revisão de um advogado.');
    await expect(page.getByTestId('header-balance')).toHaveText('50');
  });
});
