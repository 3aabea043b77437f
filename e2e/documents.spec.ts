import { expect, test, type Page } from '@playwright/test';
import { toast } from './support/auth-ui.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, expectAccessible } from './support/team.ts';

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

test.describe('documents: shared editing, list, search, versions', () => {
  test('two people edit one document and see each other’s text; search finds it; a version is restored', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const admin = await createCompanyWithAdmin(page.request, 'Documentos Juntos Ltda');
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [admin.companyId]);
    const other = await browser.newContext({ baseURL });
    await createMember(other.request, admin.companyId, 'vendas');
    const res = await page.request.post('/api/documents', {
      data: { title: 'Ata da reunião de segunda', visibility: 'empresa', content: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Pauta: estoque.' }] }] } },
    });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };

    await page.goto('/documentacoes-geral');
    await expect(page.getByRole('link', { name: /Ata da reunião de segunda/ })).toBeVisible();
    await expectAccessible(page);

    await page.goto(`/document-editor/${id}`);
    const mine = page.getByRole('textbox', { name: /Texto de/ });
    await expect(mine).toContainText('Pauta: estoque.');
    await expect(page.getByRole('status').filter({ hasText: 'Conectado' })).toBeVisible();

    const bruno = await other.newPage();
    await bruno.goto(`/document-editor/${id}`);
    const theirs = bruno.getByRole('textbox', { name: /Texto de/ });
    await expect(theirs).toContainText('Pauta: estoque.');
    // Each sees who else is here.
    await expect(page.getByRole('list', { name: 'Também neste documento' })).toContainText('Bruno');
    await expect(bruno.getByRole('list', { name: 'Também neste documento' })).toBeVisible();

    await mine.click();
    await page.keyboard.press('End');
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Carla: conferir a farinha.');
    await expect(theirs).toContainText('Carla: conferir a farinha.');
    await theirs.click();
    await bruno.keyboard.press('Control+End');
    await bruno.keyboard.press('Enter');
    await bruno.keyboard.type('Bruno: pedido feito.');
    await expect(mine).toContainText('Bruno: pedido feito.');
    // Each sees where the other is: a caret in the colleague's colour with their name (decision 0306)…
    const brunosCaret = page.locator('[data-remote-caret]', { hasText: 'Bruno Membro' });
    await expect(brunosCaret).toBeVisible();
    await expect(bruno.locator('[data-remote-caret]', { hasText: 'Carla Admin' })).toBeVisible();
    // …right where Bruno is typing: at the end of his line.
    await expect(page.locator('.doc-editor .ProseMirror p', { has: brunosCaret })).toContainText('Bruno: pedido feito.');
    // …and what he selects.
    await bruno.keyboard.press('Shift+Home');
    await expect(page.locator('.remote-selection').filter({ hasText: 'Bruno: pedido feito.' })).toBeVisible();
    // The caret is not read out inside the text; the list of who is here says it in words.
    await expect(brunosCaret).toHaveAttribute('aria-hidden', 'true');
    await expectAccessible(page);
    await expectAccessible(bruno);
    await shots(page, 'document-editor-shared');
    await bruno.keyboard.press('End');

    // The server writes the text for search within seconds.
    await expect
      .poll(async () => ((await (await page.request.get('/api/documents?scope=geral&q=farinha')).json()) as { items: Array<{ id: string }> }).items.map((i) => i.id), { timeout: 15_000 })
      .toContain(id);
    await page.goto('/documentacoes-geral');
    await page.getByRole('searchbox', { name: 'Buscar documentos' }).fill('farinha');
    await expect(page.getByRole('link', { name: /Ata da reunião de segunda/ })).toBeVisible();

    // A version restore: both editors reload to the restored text.
    await page.goto(`/document-editor/${id}`);
    await expect(mine).toContainText('Bruno: pedido feito.');
    await page.getByRole('button', { name: 'Versões' }).click();
    const dialog = page.getByRole('dialog', { name: 'Histórico de versões' });
    await dialog.getByRole('button', { name: 'Salvar versão agora' }).click();
    await expect(toast(page, 'Versão salva.')).toBeVisible();
    await page.keyboard.press('Escape');
    await mine.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Texto que será desfeito.');
    await expect(theirs).toContainText('Texto que será desfeito.');
    await expect
      .poll(async () => JSON.stringify(await (await page.request.get(`/api/documents/${id}`)).json()), { timeout: 15_000 })
      .toContain('Texto que será desfeito.');
    await page.getByRole('button', { name: 'Versões' }).click();
    await dialog.getByRole('listitem').filter({ hasText: 'salva à mão' }).first().getByRole('button').click();
    await dialog.getByRole('button', { name: 'Restaurar esta versão' }).click();
    await expect(toast(page, 'Versão restaurada.')).toBeVisible();
    await expect(mine).toContainText('Bruno: pedido feito.');
    await expect(mine).not.toContainText('Texto que será desfeito.');
    await expect(theirs).not.toContainText('Texto que será desfeito.');
    await expect(theirs).toContainText('Bruno: pedido feito.');
    await other.close();
  });

  test('the creator page is accessible', async ({ page }) => {
    await createCompanyWithAdmin(page.request, 'Documentos Criador Ltda');
    await page.goto(`/document-creator/${crypto.randomUUID()}`);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page);
  });
});
