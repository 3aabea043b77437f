import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';
import { shots } from './support/shots.ts';

/** A 1-second MP4 of one colour made by the registry's ffmpeg. */
function tinyMp4(): Buffer {
  const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  const dir = mkdtempSync(path.join(tmpdir(), 'sede-e2e-mp4-'));
  const out = path.join(dir, 'v.mp4');
  execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=green:s=320x240:d=1', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', out]);
  const bytes = readFileSync(out);
  rmSync(dir, { recursive: true, force: true });
  return bytes;
}

test.describe('/marketing/materiais', () => {
  test('uploads with progress into a folder, shows the thumbnails (a video\'s first frame live), copies and disables a share link', async ({ page, context, browser }) => {
    test.setTimeout(120_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInNewPerson(page, { firstName: 'Marina', lastName: 'Alves' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

    await page.goto('/marketing/materiais');
    await expect(page.getByRole('heading', { name: 'Materiais', level: 1 }).last()).toBeVisible();
    await expect(page.getByText(/^Nenhum material de .+ ainda$/)).toBeVisible();
    await expectAccessible(page);

    // A folder, then into it.
    await page.getByRole('button', { name: 'Nova pasta' }).click();
    await page.getByLabel('Nome da pasta').fill('Marca');
    await page.getByRole('button', { name: 'Criar pasta' }).click();
    await expect(toast(page, 'Pasta criada')).toBeVisible();
    await page.getByRole('list', { name: 'Subpastas' }).getByRole('button', { name: 'Marca' }).click();
    await expect(page).toHaveURL(/pasta=/);
    await expect(page.getByText('Pasta vazia')).toBeVisible();

    // A large photo over a slow uplink: the progress bar moves before the card appears.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1024 * 1024 });
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: { r: 128, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 95 }).toBuffer();
    expect(photo.length).toBeGreaterThan(1_500_000);
    await page.getByTestId('materials-file-input').setInputFiles({ name: 'Foto da fachada.jpg', mimeType: 'image/jpeg', buffer: photo });
    const progress = page.getByRole('progressbar', { name: 'Envio de Foto da fachada.jpg' });
    await expect(progress).toBeVisible();
    await expect.poll(async () => Number(await progress.getAttribute('aria-valuenow').catch(() => '0')), { timeout: 20_000 }).toBeGreaterThan(0);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    const card = page.getByTestId('material-card').filter({ hasText: 'Foto da fachada.jpg' });
    // Watched together: the toast lives a few seconds, the card may take longer on a busy machine.
    await Promise.all([expect(card).toBeVisible({ timeout: 30_000 }), expect(toast(page, 'Material enviado')).toBeVisible({ timeout: 30_000 })]);

    // An upload cancelled half-way: gone from the page, no error, nothing stored.
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await page.getByTestId('materials-file-input').setInputFiles({ name: 'Cancelada.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect(page.getByRole('progressbar', { name: 'Envio de Cancelada.jpg' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancelar envio de Cancelada.jpg' }).click();
    await expect(page.getByRole('progressbar', { name: 'Envio de Cancelada.jpg' })).toHaveCount(0);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByTestId('upload-error')).toHaveCount(0);
    await expect(page.getByTestId('material-card').filter({ hasText: 'Cancelada.jpg' })).toHaveCount(0);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => card.getByTestId('material-thumbnail').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

    // A video: its first frame arrives in the background and shows without reloading.
    await page.getByTestId('materials-file-input').setInputFiles({ name: 'Reels de lançamento.mp4', mimeType: 'video/mp4', buffer: tinyMp4() });
    const video = page.getByTestId('material-card').filter({ hasText: 'Reels de lançamento.mp4' });
    await expect(video).toBeVisible();
    await expect(video.getByTestId('material-thumbnail')).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => video.getByTestId('material-thumbnail').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(320);

    // A renamed executable is refused by its content.
    const elf = readFileSync(process.execPath).subarray(0, 100_000);
    await page.getByTestId('materials-file-input').setInputFiles({ name: 'logo.jpg', mimeType: 'image/jpeg', buffer: Buffer.from(elf) });
    await expect(page.getByTestId('upload-error')).toContainText('logo.jpg: Arquivos executáveis não são permitidos.');
    await expect(page.getByTestId('material-card')).toHaveCount(2);
    const files = await e2eSql<{ n: number }>("SELECT count(*)::int AS n FROM files WHERE company_id = $1 AND entity_type = 'marketing_material'", [company.id]);
    expect(files[0]!.n).toBe(2);
    await expectAccessible(page);

    // Share link: created, copied, opened without an account, then disabled.
    await card.getByRole('button', { name: 'Compartilhar Foto da fachada.jpg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compartilhar material' });
    await dialog.getByLabel('Validade').selectOption('168');
    await dialog.getByRole('button', { name: 'Criar e copiar link' }).click();
    await expect(toast(page, 'Link copiado')).toBeVisible();
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toMatch(/\/arquivo\/s_[A-Za-z0-9_-]{43}$/);
    await expect(dialog.getByTestId('share-url')).toHaveValue(url);
    await expectAccessible(page);
    const stranger = await browser.newContext();
    const bytesUrl = url.replace('/arquivo/', '/api/public/files/');
    const opened = await stranger.request.get(`${bytesUrl}?download=1`);
    expect(opened.status()).toBe(200);
    expect(Buffer.from(await opened.body()).equals(photo)).toBe(true);
    await dialog.getByRole('list', { name: 'Links ativos' }).getByRole('button', { name: 'Desativar' }).click();
    await expect(toast(page, 'Link desativado')).toBeVisible();
    await expect(dialog.getByText('Nenhum link ativo.')).toBeVisible();
    expect((await stranger.request.get(`${bytesUrl}/info`)).status()).toBe(410);
    await stranger.close();
    await page.keyboard.press('Escape');

    // The list view, and the search by name.
    await page.getByRole('button', { name: 'Lista' }).click();
    await expect(page.getByRole('table', { name: 'Materiais' }).locator('tbody tr')).toHaveCount(2);
    await page.getByLabel('Buscar por nome ou etiqueta').fill('reels');
    await expect(page.getByRole('table', { name: 'Materiais' }).locator('tbody tr')).toHaveCount(1);
    await expectAccessible(page);
  });

  test('tags typed once go on every file of the upload; a folder moves under another with what it holds', async ({ page }) => {
    test.setTimeout(90_000);
    await signInNewPerson(page, { firstName: 'Caio', lastName: 'Prado' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    await page.goto('/marketing/materiais');
    await expect(page.getByText(/^Nenhum material de .+ ainda$/)).toBeVisible();

    for (const name of ['Marca', 'Arquivo']) {
      await page.getByRole('button', { name: 'Nova pasta' }).click();
      await page.getByLabel('Nome da pasta').fill(name);
      await page.getByRole('button', { name: 'Criar pasta' }).click();
      await expect(page.getByRole('list', { name: 'Subpastas' }).getByRole('button', { name })).toBeVisible();
    }

    // A tag that breaks the rules: said at once, nothing is sent.
    const tags = page.getByLabel('Etiquetas para o envio');
    const image = async (r: number) => sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 90, b: 160 } } }).jpeg().toBuffer();
    await tags.fill('logo, <b>');
    await page.getByTestId('materials-file-input').setInputFiles([{ name: 'Recusada.jpg', mimeType: 'image/jpeg', buffer: await image(10) }]);
    await expect(page.getByRole('alert').filter({ hasText: 'Use até 20 etiquetas de até 40 caracteres' })).toBeVisible();
    await expect(tags).toHaveAttribute('aria-invalid', 'true');
    await expect(tags).toBeFocused();

    // Two files in one upload, both with the typed tags (lower case, without #).
    await tags.fill('Logo, #Campanha de Verão');
    await expect(tags).not.toHaveAttribute('aria-invalid');
    await page.getByTestId('materials-file-input').setInputFiles([
      { name: 'Logo claro.jpg', mimeType: 'image/jpeg', buffer: await image(220) },
      { name: 'Logo escuro.jpg', mimeType: 'image/jpeg', buffer: await image(30) },
    ]);
    for (const name of ['Logo claro.jpg', 'Logo escuro.jpg']) {
      const card = page.getByTestId('material-card').filter({ hasText: name });
      await expect(card).toBeVisible({ timeout: 20_000 });
      await expect(card.getByRole('list', { name: 'Etiquetas' }).getByRole('listitem')).toHaveText(['logo', 'campanha de verão']);
    }
    await expect(page.getByTestId('material-card')).toHaveCount(2);
    const rows = await e2eSql<{ tags: string[] }>('SELECT tags FROM marketing_materials WHERE company_id = $1', [company.id]);
    expect(rows.map((r) => r.tags)).toEqual([
      ['logo', 'campanha de verão'],
      ['logo', 'campanha de verão'],
    ]);
    await expect(page.getByLabel('Etiqueta', { exact: true })).toContainText('campanha de verão (2)');
    await expectAccessible(page);

    // "Marca" (with a material) moves under "Arquivo": its material goes with it.
    await page.getByRole('list', { name: 'Subpastas' }).getByRole('button', { name: 'Marca' }).click();
    // The folder's own (empty) list first: a file chosen while the library's list is replaced went nowhere (ci-run9).
    await expect(page.getByRole('heading', { name: 'Pasta vazia' })).toBeVisible();
    await tags.fill('');
    await page.getByTestId('materials-file-input').setInputFiles([{ name: 'Manual.jpg', mimeType: 'image/jpeg', buffer: await image(120) }]);
    await expect(page.getByTestId('material-card').filter({ hasText: 'Manual.jpg' })).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Mover para…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mover "Marca"' });
    await expect(dialog.getByRole('radio', { name: /Biblioteca/ })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /^Marca/ })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Mover' })).toBeDisabled();
    await expectAccessible(page);
    await dialog.getByRole('radio', { name: /^Arquivo/ }).check();
    await dialog.getByRole('button', { name: 'Mover' }).click();
    await expect(toast(page, 'Pasta movida')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    const crumbs = page.getByRole('navigation', { name: 'Pastas' });
    await expect(crumbs.getByRole('button').filter({ hasNotText: /pasta|Mover/ })).toHaveText(['Biblioteca', 'Arquivo', 'Marca']);
    await expect(crumbs.getByRole('button', { name: 'Marca' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('material-card').filter({ hasText: 'Manual.jpg' })).toBeVisible();
    await crumbs.getByRole('button', { name: 'Biblioteca' }).click();
    await expect(page.getByRole('list', { name: 'Subpastas' }).getByRole('button')).toHaveText(['Arquivo']);
    const moved = await e2eSql<{ parent: string }>("SELECT p.name AS parent FROM marketing_material_folders f JOIN marketing_material_folders p ON p.id = f.parent_id WHERE f.company_id = $1 AND f.name = 'Marca'", [company.id]);
    expect(moved).toEqual([{ parent: 'Arquivo' }]);
  });

  test('opens on every client when the team serves clients, says what the filter hides, and asks before storing a file twice', async ({ page }) => {
    // Three screens, each measured by axe and photographed at two widths: minutes on a shared machine.
    test.setTimeout(240_000);
    const admin = await createCompanyWithAdmin(page.request, 'Agência Vitrine E2E Ltda');
    const org = await page.request.post('/api/parties/organizations', { data: { razaoSocial: 'Cafeteria Grão Nobre Ltda', nomeFantasia: 'Grão Nobre' } });
    const client = await page.request.post('/api/marketing/clients', { data: { organizationId: ((await org.json()) as { id: string }).id } });
    expect(client.status(), await client.text()).toBe(201);
    const clientId = ((await client.json()) as { id: string }).id;
    const logo = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 120, g: 60, b: 20 } } }).jpeg().toBuffer();
    const sent = await page.request.post(`/api/marketing/materials?clientId=${clientId}`, { headers: { 'x-file-name': encodeURIComponent('Logo Grão Nobre.jpg'), 'content-type': 'image/jpeg' }, data: logo });
    expect(sent.status(), await sent.text()).toBe(201);

    // Every client's materials at first, named by client; sending asks for the client first.
    await page.goto('/marketing/materiais');
    await expect(page.getByLabel('Empresa cliente')).toHaveValue('todas', { timeout: 30_000 });
    const card = page.getByTestId('material-card').filter({ hasText: 'Logo Grão Nobre.jpg' });
    await expect(card).toContainText('Grão Nobre');
    await expect(page.getByRole('button', { name: 'Enviar arquivos' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Enviar arquivos' })).toHaveAccessibleDescription('Para enviar arquivos, escolha a empresa cliente no filtro abaixo.');
    await expectAccessible(page);
    await shots(page, 'materials-all-clients');

    // The agency's own library is empty: it says so by name, and that other clients have materials.
    await page.getByLabel('Empresa cliente').selectOption({ label: 'Agência Vitrine E2E Ltda' });
    await expect(page.getByRole('heading', { name: 'Nenhum material de Agência Vitrine E2E Ltda ainda' })).toBeVisible();
    await expect(page.getByText('Outras empresas clientes já têm materiais.', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'materials-own-empty');
    await page.getByRole('button', { name: 'Ver materiais de todas as empresas' }).click();
    await expect(card).toBeVisible();

    // The same file again into Grão Nobre: offered to keep both or skip; nothing stored meanwhile.
    await page.getByLabel('Empresa cliente').selectOption({ label: 'Grão Nobre' });
    await expect(card).toBeVisible();
    await page.getByTestId('materials-file-input').setInputFiles({ name: 'Logo de novo.jpg', mimeType: 'image/jpeg', buffer: logo });
    const offer = page.getByTestId('duplicate-offer');
    await expect(offer).toContainText('Logo de novo.jpg: Este arquivo já está na biblioteca desta empresa cliente como "Logo Grão Nobre.jpg".');
    await expectAccessible(page);
    await shots(page, 'materials-duplicate');
    const count = async () => (await e2eSql<{ n: number }>('SELECT count(*)::int AS n FROM marketing_materials WHERE company_id = $1', [admin.companyId]))[0]!.n;
    expect(await count()).toBe(1);
    await offer.getByRole('button', { name: /^Pular/ }).click();
    await expect(offer).toHaveCount(0);
    expect(await count()).toBe(1);
    await page.getByTestId('materials-file-input').setInputFiles({ name: 'Logo de novo.jpg', mimeType: 'image/jpeg', buffer: logo });
    await offer.getByRole('button', { name: /^Manter os dois/ }).click();
    await expect(page.getByTestId('material-card').filter({ hasText: 'Logo de novo.jpg' })).toBeVisible({ timeout: 20_000 });
    expect(await count()).toBe(2);
  });
});
