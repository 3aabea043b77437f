import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

test.describe('/empresa-perfil: Arquivos da empresa', () => {
  test('the admin uploads an image (thumbnail), is refused a renamed executable, shares a link and deletes', async ({ page, context, browser }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInNewPerson(page, { firstName: 'Helena', lastName: 'Costa' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    await page.goto('/empresa-perfil');
    const card = page.getByTestId('company-files');
    await expect(card.getByText('Nenhum arquivo ainda.')).toBeVisible();

    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
    await card.getByTestId('file-input').setInputFiles({ name: 'Logotipo da padaria.png', mimeType: 'image/png', buffer: png });
    const row = card.getByTestId('file-row').filter({ hasText: 'Logotipo da padaria.png' });
    await expect(row).toBeVisible();
    await expect(row).toContainText('KB');
    // The thumbnail loaded (a decoded image, not a broken one).
    const thumb = row.locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

    // An executable named .pdf: refused by its content, in Portuguese, nothing listed.
    const elf = readFileSync(process.execPath).subarray(0, 100_000);
    await card.getByTestId('file-input').setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: Buffer.from(elf) });
    await expect(card.getByTestId('file-error')).toContainText('contrato.pdf: Arquivos executáveis não são permitidos.');
    await expect(card.getByTestId('file-row')).toHaveCount(1);

    await expectAccessible(page);

    // "Compartilhar": a link anyone may open without a session, that expires and can be disabled.
    await row.getByRole('button', { name: 'Compartilhar Logotipo da padaria.png' }).click();
    const share = page.getByRole('dialog', { name: 'Compartilhar arquivo' });
    await share.getByRole('button', { name: 'Criar e copiar link' }).click();
    await expect(toast(page, 'Link copiado')).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/arquivo\/s_[A-Za-z0-9_-]{43}$/);
    await expect(share.getByRole('list', { name: 'Links ativos' }).getByRole('listitem')).toHaveCount(1);
    await page.keyboard.press('Escape');
    // The link is a page (decision 0392): the file's name, its preview and 'Baixar', whose bytes are the file.
    const stranger = await browser.newContext();
    const sp = await stranger.newPage();
    await sp.goto(url);
    await expect(sp.getByRole('heading', { name: 'Logotipo da padaria.png' })).toBeVisible();
    const download = await stranger.request.get(await sp.getByRole('link', { name: 'Baixar' }).getAttribute('href').then((h) => new URL(h!, url).toString()));
    expect(download.status()).toBe(200);
    expect(Buffer.from(await download.body()).equals(png)).toBe(true);

    await row.getByRole('button', { name: 'Excluir Logotipo da padaria.png' }).click();
    const ask = page.getByRole('dialog', { name: 'Excluir "Logotipo da padaria.png"?' });
    await expect(ask).toContainText('Links compartilhados deixam de funcionar.');
    await ask.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Arquivo excluído')).toBeVisible();
    await expect(card.getByTestId('file-row')).toHaveCount(0);
    await sp.reload();
    await expect(sp.getByTestId('shared-file-error')).toHaveText('Link de arquivo inválido.');
    await stranger.close();
    const rows = await e2eSql('SELECT count(*)::int AS n FROM files WHERE company_id = $1 AND deleted_at IS NULL', [company.id]);
    expect(rows[0]!.n).toBe(0);
  });
});
