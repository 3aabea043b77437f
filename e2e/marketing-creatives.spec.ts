import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { FAKE_OPENAI_URL } from '../playwright.config.ts';
import { toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

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

const control = (body: unknown) => fetch(`${FAKE_OPENAI_URL}/__control`, { method: 'POST', body: JSON.stringify(body) });
const COPY = {
  captions: ['Verão chegou: pães frescos todo dia às 7h. Venha provar!', 'Seu café da manhã de verão começa aqui.'],
  hashtags: ['verao', 'padaria'],
  adVariants: [{ headline: 'Pão quentinho às 7h', text: 'Passe aqui e leve o seu.' }],
};

test.afterEach(async () => {
  await control({ answerFor: { 'creative-copy_v1': null } });
});

test.describe('/marketing/criativos: creatives and approval by the client', () => {
  test('a member creates a piece, writes its copy with AI, sends the link; the client approves without an account; the team sees it live', async ({ page, browser }) => {
    // A long journey through two browsers on a shared machine.
    test.setTimeout(120_000);
    await signInNewPerson(page, { firstName: 'Bia', lastName: 'Criativa' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    await control({ answerFor: { 'creative-copy_v1': COPY } });

    await page.goto('/marketing/criativos');
    await expect(page.getByRole('heading', { name: 'Produza e aprove os criativos' })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'marketing-creatives-empty');

    await page.getByRole('button', { name: 'Criar o primeiro criativo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova peça' });
    await dialog.getByLabel('Título').fill('Post do cardápio de verão');
    await dialog.getByLabel('Briefing').fill('Pães de verão, abertura às 7h, público do bairro.');
    await dialog.getByRole('button', { name: 'Criar peça' }).click();

    const sheet = page.getByTestId('piece-sheet');
    await expect(sheet.getByRole('heading', { name: 'Post do cardápio de verão' })).toBeVisible();
    await expect(page).toHaveURL(/\?peca=[0-9a-f-]{36}/);
    await expect(sheet.getByTestId('piece-status')).toContainText('Produção');
    await expectAccessible(page);
    await shots(page, 'marketing-creative-sheet-top');

    // The AI copy: price on the button, charged once; the person picks a caption into a new version.
    const generate = sheet.getByRole('button', { name: /Gerar texto · 2 moedas/ });
    await expect(generate).toBeEnabled();
    await generate.click();
    const result = sheet.getByTestId('ai-copy-result');
    await expect(result.getByText(COPY.captions[0]!)).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(/48/);
    // Paid for, so kept: after a reload the proposal is still there, with when it was made.
    await page.reload();
    await expect(result.getByText(COPY.captions[0]!)).toBeVisible();
    await expect(result.getByText(/Sugestões geradas em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText(/48/);
    await result.scrollIntoViewIfNeeded();
    await shots(page, 'marketing-creative-ai');
    await result.getByRole('button', { name: 'Usar esta legenda' }).first().click();
    await expect(sheet.getByLabel('Texto (legenda, corpo)')).toHaveValue(COPY.captions[0]!);
    await expect(sheet.getByLabel('Hashtags')).toHaveValue('#verao #padaria');
    // An image for the version, through the platform's files (thumbnail made on upload).
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 240, g: 170, b: 60 } } }).png().toBuffer();
    await sheet.getByTestId('file-input').setInputFiles({ name: 'arte-verao.png', mimeType: 'image/png', buffer: png });
    await expect(sheet.getByRole('checkbox', { name: 'arte-verao.png' })).toBeChecked();
    await sheet.getByRole('button', { name: 'Salvar nova versão' }).click();
    await expect(toast(page, 'Versão 1 salva')).toBeVisible();
    await expect(sheet.getByTestId('versions').getByText('texto da IA')).toBeVisible();

    // The approval link, shown once.
    await sheet.getByRole('button', { name: 'Gerar link de aprovação' }).click();
    const urlBox = sheet.getByTestId('approval-url');
    await expect(urlBox).toHaveValue(/\/aprovacao\/[A-Za-z0-9_-]{43}$/);
    const url = new URL(await urlBox.inputValue());
    await expect(sheet.getByTestId('piece-status')).toContainText('Revisão');
    await expectAccessible(page);
    await shots(page, 'marketing-creative-sheet');

    // The client, in a fresh browser without an account.
    const client = await browser.newContext({ viewport: { width: 375, height: 800 } });
    try {
      const cp = await client.newPage();
      await cp.goto(url.pathname);
      await expect(cp.getByRole('heading', { name: 'Post do cardápio de verão' })).toBeVisible();
      await expect(cp.getByText(COPY.captions[0]!)).toBeVisible();
      await expect(cp.getByText('#verao #padaria')).toBeVisible();
      // The image through a short-lived signed link of the platform's files.
      const img = cp.getByRole('img', { name: 'arte-verao.png' });
      await expect(img).toHaveAttribute('src', /^\/api\/public\/files\//);
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(600);
      await expectAccessible(cp);
      await expect.poll(() => cp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      if (process.env.SHOTS) await cp.screenshot({ path: `${process.env.SHOTS}/marketing-approval-public-375.png`, fullPage: true });

      // Asking for changes needs a comment; approving needs a name.
      await cp.getByLabel('Seu nome').fill('Marina do Cliente');
      await cp.getByRole('button', { name: 'Pedir alterações' }).click();
      await expect(cp.getByRole('alert')).toHaveText('Diga o que precisa mudar.');
      await cp.getByLabel('Comentário').fill('Perfeito, pode publicar.');
      await cp.getByRole('button', { name: 'Aprovar' }).click();
      await expect(cp.getByRole('status')).toContainText('Peça aprovada. Obrigado!');
      await expect(cp.getByRole('status')).toContainText('Marina do Cliente');
      await expectAccessible(cp);
      if (process.env.SHOTS) await cp.screenshot({ path: `${process.env.SHOTS}/marketing-approval-done-375.png`, fullPage: true });

      // A forged link: a clear refusal, nothing of the company.
      await cp.goto(`/aprovacao/${'A'.repeat(43)}`);
      await expect(cp.getByRole('alert')).toHaveText('Este link de aprovação é inválido.');
      await expect(cp.getByText('Post do cardápio')).toHaveCount(0);
      await expectAccessible(cp);
    } finally {
      await client.close();
    }

    // The team sees it live, without reloading.
    await expect(sheet.getByTestId('piece-status')).toContainText('Aprovado');
    await expect(sheet.getByTestId('approval-history')).toContainText('Aprovado pelo cliente');
    await expect(sheet.getByTestId('approval-history')).toContainText('Marina do Cliente');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('creative-card').first()).toContainText('Aprovado');
    await expect(page.getByTestId('creative-card').first().locator('img')).toHaveAttribute('src', /\/api\/files\/[0-9a-f-]{36}\/thumbnail/);
    await expectAccessible(page);
    await shots(page, 'marketing-creatives-list');
  });

  test('nothing to approve: the link button is off with the reason, and a link sent before shows no approve or reject buttons', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Agência Vazia E2E Ltda');
    const clients = (await (await page.request.get('/api/marketing/clients')).json()) as { clients: Array<{ id: string }> };
    const res = await page.request.post('/api/marketing/pieces', { data: { clientId: clients.clients[0]!.id, channel: 'instagram', title: 'Post ainda sem arte', status: 'producao' } });
    expect(res.status(), await res.text()).toBe(201);
    const piece = (await res.json()) as { id: string };
    const refused = await page.request.post(`/api/marketing/pieces/${piece.id}/approval-links`);
    expect([refused.status(), ((await refused.json()) as { code: string }).code]).toEqual([409, 'MARKETING_NOTHING_TO_APPROVE']);

    await page.goto(`/marketing/criativos?peca=${piece.id}`);
    const sheet = page.getByTestId('piece-sheet');
    const button = sheet.getByRole('button', { name: 'Gerar link de aprovação' });
    await expect(button).toBeDisabled({ timeout: 30_000 });
    await expect(button).toHaveAccessibleDescription('Crie uma versão da peça com texto ou arquivos antes de gerar o link de aprovação.');
    await sheet.getByTestId('approval-link-blocked').scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await shots(page, 'marketing-approval-link-blocked');

    // A link sent before the piece lost its content (made here in the database): the client sees why, and no decision.
    const token = 'Z'.repeat(43);
    const { createHash } = await import('node:crypto');
    await e2eSql(`INSERT INTO marketing_approval_links (company_id, piece_id, token_hash, expires_at, created_by) VALUES ($1, $2, $3, now() + interval '1 day', $4)`, [admin.companyId, piece.id, createHash('sha256').update(token).digest('hex'), admin.userId]);
    const client = await browser.newContext();
    try {
      const cp = await client.newPage();
      await cp.goto(`/aprovacao/${token}`);
      await expect(cp.getByRole('heading', { name: 'Post ainda sem arte' })).toBeVisible({ timeout: 30_000 });
      await expect(cp.getByTestId('approval-nothing')).toContainText('Não há nada para aprovar por enquanto');
      await expect(cp.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);
      await expect(cp.getByRole('button', { name: 'Pedir alterações' })).toHaveCount(0);
      await expectAccessible(cp);
      await shots(cp, 'marketing-approval-nothing');
    } finally {
      await client.close();
    }
  });

  test("'Comparar com a atual' marks what changed word by word, hashtags as a set, readable on a phone", async ({ page }) => {
    await createCompanyWithAdmin(page.request, 'Agência Comparação E2E Ltda');
    const clients = (await (await page.request.get('/api/marketing/clients')).json()) as { clients: Array<{ id: string }> };
    const res = await page.request.post('/api/marketing/pieces', { data: { clientId: clients.clients[0]!.id, channel: 'instagram', title: 'Post da liquidação', status: 'producao' } });
    expect(res.status(), await res.text()).toBe(201);
    const piece = (await res.json()) as { id: string };
    const version = async (copy: string, hashtags: string[]) => {
      const v = await page.request.post(`/api/marketing/pieces/${piece.id}/versions`, { data: { copy, hashtags } });
      expect(v.status(), await v.text()).toBe(201);
    };
    await version('Liquidação de inverno: até 30% de desconto em casacos e botas.\nSó nesta semana, na loja do centro.', ['liquidacao', 'inverno']);
    await version('Liquidação de inverno: até 50% de desconto em casacos, botas e cachecóis.\nSó nesta semana, nas lojas do centro e do shopping.', ['liquidacao', 'promocao']);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/marketing/criativos?peca=${piece.id}`);
    const versions = page.getByTestId('piece-sheet').getByTestId('versions');
    await versions.getByRole('button', { name: 'Comparar com a atual' }).click();
    const cmp = versions.getByTestId('version-comparison');
    await expect(cmp.getByText('Da versão 1 para a versão 2 (atual)')).toBeVisible();
    const text = cmp.getByTestId('diff-text');
    await expect(text.locator('del')).toHaveText(['[removido: 30]', '[removido: e]', '[removido: na loja]']);
    await expect(text.locator('ins')).toHaveText(['[incluído: 50]', '[incluído: ,]', '[incluído: e cachecóis]', '[incluído: nas lojas]', '[incluído: e do shopping]']);
    // Not by colour alone: struck through and underlined.
    await expect(text.locator('del').first()).toHaveCSS('text-decoration-line', 'line-through');
    await expect(text.locator('ins').first()).toHaveCSS('text-decoration-line', 'underline');
    await expect(cmp.getByTestId('diff-hashtags').locator('ins')).toHaveText('[incluído: #promocao]');
    await expect(cmp.getByTestId('diff-hashtags').locator('del')).toHaveText('[removido: #inverno]');
    await cmp.scrollIntoViewIfNeeded();
    await expectAccessible(page);
    if (process.env.SHOTS) await cmp.screenshot({ path: `${process.env.SHOTS}/marketing-version-compare-1280.png` });

    await page.setViewportSize({ width: 375, height: 800 });
    await cmp.scrollIntoViewIfNeeded();
    await expect.poll(() => cmp.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectAccessible(page);
    if (process.env.SHOTS) await cmp.screenshot({ path: `${process.env.SHOTS}/marketing-version-compare-375.png` });
  });
});
