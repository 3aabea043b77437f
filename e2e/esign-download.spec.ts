import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContextOptions, expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { firstLink, uniqueEmail, waitForMail } from './support/api.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { shots, shotsAt } from './support/shots.ts';
import { expectAccessible } from './support/team.ts';

// Two people sign a Jurídico contract and a CRM quote end to end; the sealed PDF downloaded from
// the sender's page passes poppler's signature check (pdfsig), as a PDF reader's would.

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

async function contractPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 3; i++) {
    const page = doc.addPage();
    page.drawText(`Contrato de fornecimento - página ${i}`, { x: 50, y: 760, size: 16, font });
    page.drawText('Cláusula 1ª. A padaria fornece pães diariamente ao mercado.', { x: 50, y: 720, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

/** poppler's check of the PDF's signatures (Debian's poppler-utils). */
function pdfsig(file: string) {
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}

/** One signer, in a browser of their own without an account: the link and the code from the mailbox, then typed or drawn. */
async function signByLink(browser: Browser, sender: Page, who: { email: string; name: string; title: RegExp | string; device: BrowserContextOptions; drawn?: boolean; shot?: string }) {
  const context = await browser.newContext(who.device);
  const signer = await context.newPage();
  await signer.goto(firstLink((await waitForMail(sender.request, who.email, 'pede sua assinatura')).text));
  await expect(signer.getByRole('heading', { name: who.title })).toBeVisible();
  await expect(signer.getByTestId('pdf-pages')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
  // Every signer of the e2e writes from 127.0.0.1: the limit of codes per address (10 in 10 minutes,
  // esign-public/routes.ts) counts this signer alone, not the tests before it on the same server.
  await e2eSql("DELETE FROM rate_limits WHERE key LIKE 'esign:codePerIp:%'");
  await signer.getByRole('button', { name: 'Enviar código por e-mail' }).click();
  const code = /(\d{6})/.exec((await waitForMail(sender.request, who.email, 'Seu código para assinar')).subject)![1]!;
  await signer.getByLabel('Código de confirmação').fill(code);
  await signer.getByRole('button', { name: 'Confirmar código' }).click();
  await expect(signer.getByRole('heading', { name: /Sua (assinatura|aprovação)/ })).toBeVisible();
  if (who.drawn) {
    await signer.getByRole('radio', { name: 'Desenhar' }).click();
    const pad = signer.getByRole('img', { name: 'Área para desenhar a assinatura' });
    const box = (await pad.boundingBox())!;
    await signer.mouse.move(box.x + 20, box.y + box.height * 0.6);
    await signer.mouse.down();
    for (const [dx, dy] of [[60, -30], [110, 10], [170, -25], [230, 15]] as const) await signer.mouse.move(box.x + dx, box.y + box.height * 0.6 + dy, { steps: 4 });
    await signer.mouse.up();
  }
  await signer.getByRole('checkbox').check();
  await expect(signer.getByRole('button', { name: 'Recusar assinar' })).toBeVisible();
  await expectAccessible(signer);
  if (who.shot) await shotsAt(signer, who.shot);
  await signer.getByRole('button', { name: /(Assinar|Aprovar) documento/ }).click();
  await expect(signer.getByText(/Documento (assinado|aprovado)/)).toBeVisible({ timeout: 20_000 });
  await context.close();
}

/** 'Baixar PDF assinado' on the envelope's page, saved to a temporary file; pdfsig's report of it. */
async function downloadAndCheck(page: Page) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Baixar PDF assinado' }).click()]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sede-e2e-signed-')), download.suggestedFilename() || 'assinado.pdf');
  await download.saveAs(file);
  const report = pdfsig(file);
  expect(report).toContain('Total document signed');
  expect(report).toContain('Signature is Valid.');
  return { file, report };
}

/**
 * The race of a CI run (decision 0743): the page's first list of the entity's files is asked before
 * the upload and answered after the page has handled the upload's 201. The upload waits until the
 * server has answered that list (so the list lacks the file), and the answer reaches the page only
 * after the upload's; before the fix the page took it for the list after the upload, and 'Novo
 * envelope' never offered the PDF.
 */
async function answerFirstFileListAfterUpload(page: Page, entityType: string) {
  const isFiles = (url: URL) => url.pathname === '/api/files';
  let listAsked = false;
  let listAnswered!: () => void;
  const answered = new Promise<void>((resolve) => (listAnswered = resolve));
  let uploadHandled!: () => void;
  const handled = new Promise<void>((resolve) => (uploadHandled = resolve));
  page.on('requestfinished', (r) => {
    if (r.method() === 'POST' && isFiles(new URL(r.url()))) uploadHandled();
  });
  await page.route(isFiles, async (route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      await answered;
      return route.fallback();
    }
    if (listAsked || new URL(request.url()).searchParams.get('entityType') !== entityType) return route.fallback();
    listAsked = true;
    const response = await route.fetch();
    listAnswered();
    await handled;
    // The 201's XMLHttpRequest load event and the page's refresh of the list come right after.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fulfill({ response });
  });
}

test.describe('assinatura eletrônica: dois signatários, PDF selado verificado', () => {
  test('a Jurídico contract: sent from its page to two people, signed on a phone (typed) and a desktop (drawn), the sealed PDF kept with the contract and valid in pdfsig', async ({ page, browser }) => {
    test.setTimeout(process.env.SHOTS ? 360_000 : 240_000);
    await signInNewPerson(page, { firstName: 'Júlia', lastName: 'Advogada' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const [contract] = await e2eSql<{ id: string }>("insert into contracts (company_id, title) values ($1, 'Fornecimento de pães') returning id", [company.id]);
    await answerFirstFileListAfterUpload(page, 'contract');
    // The race above needs the browser to ask for the file list: a page the server renders comes with it (decision 0769).
    await page.context().addCookies([{ name: 'sede_ssr', value: '0', url: test.info().project.use.baseURL! }]);
    await page.goto(`/juridico/contrato/${contract!.id}`);
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'fornecimento.pdf', mimeType: 'application/pdf', buffer: await contractPdf() });
    // In the list of the contract's files, not only in the upload's progress ('Enviando fornecimento.pdf').
    await expect(page.getByRole('list', { name: 'Arquivos do contrato' }).getByText('fornecimento.pdf'), 'the PDF just sent is in the contract’s files').toBeVisible({ timeout: 15_000 });

    const [maria, jose] = [uniqueEmail('maria'), uniqueEmail('jose')];
    await page.getByRole('button', { name: 'Enviar para assinatura' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo envelope' });
    await expect(dialog.getByLabel('Título')).toHaveValue('Fornecimento de pães');
    const contractFile = dialog.getByLabel('Arquivo do contrato');
    await expect(contractFile.locator('option', { hasText: 'fornecimento.pdf' }), '‘Novo envelope’ offers the PDF just sent').toHaveCount(1, { timeout: 10_000 });
    await contractFile.selectOption({ label: 'fornecimento.pdf' }, { timeout: 5_000 });
    const rows = dialog.getByTestId('signer-row');
    await rows.nth(0).getByLabel('Nome').fill('Maria Conceição');
    await rows.nth(0).getByLabel('E-mail').fill(maria);
    await dialog.getByRole('button', { name: 'Adicionar signatário' }).click();
    await rows.nth(1).getByLabel('Nome').fill('José Araújo');
    await rows.nth(1).getByLabel('E-mail').fill(jose);
    await shots(page, 'esign-new-envelope-from-contract');
    await dialog.getByRole('button', { name: 'Criar rascunho' }).click();
    await expect(page).toHaveURL(/\/juridico\/assinaturas\/[0-9a-f-]{36}$/);
    await expect(page.getByText('fornecimento.pdf · 3 páginas')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar para assinatura' }).click();
    const header = page.locator('header').filter({ has: page.getByRole('heading', { name: 'Fornecimento de pães' }) });
    await expect(header.getByText('Enviado', { exact: true })).toBeVisible();

    await signByLink(browser, page, { email: maria, name: 'Maria Conceição', title: 'Fornecimento de pães', device: PHONE, shot: 'esign-two-signers-typed' });
    await expect(header.getByText('Parcialmente assinado', { exact: true })).toBeVisible({ timeout: 20_000 });
    await signByLink(browser, page, { email: jose, name: 'José Araújo', title: 'Fornecimento de pães', device: DESKTOP, drawn: true, shot: 'esign-two-signers-drawn' });

    // Live on the sender's page; the download verifies.
    await expect(header.getByText('Assinado', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await shotsAt(page, 'esign-two-signers-envelope');
    const { report } = await downloadAndCheck(page);
    expect(report).toMatch(/Common Name: Sede/);

    // The sealed PDF is in the contract's register.
    await page.goto(`/juridico/contrato/${contract!.id}`);
    await expect(page.getByText(/assinado\.pdf/).first()).toBeVisible();
  });

  test('a CRM quote sent to the client and a partner: both sign, the quote is accepted, its deal won, the sealed PDF valid in pdfsig', async ({ page, browser }) => {
    test.setTimeout(process.env.SHOTS ? 360_000 : 240_000);
    await signInNewPerson(page, { firstName: 'Paulo', lastName: 'Vendas' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const { pipelines } = (await (await page.request.get('/api/crm/pipelines')).json()) as { pipelines: Array<{ id: string }> };
    const deal = await page.request.post('/api/crm/deals', { data: { title: 'Mercado Central', valueCents: 50_000, pipelineId: pipelines[0]!.id } });
    expect(deal.status()).toBe(201);
    const { id: dealId } = (await deal.json()) as { id: string };
    const validUntil = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const quote = await page.request.post(`/api/crm-quotes/deals/${dealId}/quotes`, {
      data: { validUntil, conditions: 'À vista', items: [{ description: 'Pão francês (cento)', unit: 'cento', quantityMilli: 3000, unitPriceCents: 5000, discountCents: 0 }] },
    });
    expect(quote.status()).toBe(201);
    const { id: quoteId, number } = (await quote.json()) as { id: string; number: number };
    // Two signers at once through the API (the web dialog sends to one person: decision 0591).
    const [cliente, socio] = [uniqueEmail('cliente'), uniqueEmail('socio')];
    const sent = await page.request.post(`/api/crm-quotes/quotes/${quoteId}/signatures`, {
      data: {
        signers: [
          { name: 'Clara Compradora', email: cliente, role: 'assinar' },
          { name: 'Sérgio Sócio', email: socio, role: 'aprovar' },
        ],
        signingOrder: 'sequencial',
        winDeal: true,
      },
    });
    expect(sent.status()).toBe(201);
    const { id: envelopeId } = (await sent.json()) as { id: string };

    const title = `Orçamento nº ${number} — Mercado Central`;
    await signByLink(browser, page, { email: cliente, name: 'Clara Compradora', title, device: PHONE });
    await signByLink(browser, page, { email: socio, name: 'Sérgio Sócio', title, device: PHONE, drawn: true });

    await page.goto(`/juridico/assinaturas/${envelopeId}`);
    const header = page.locator('header').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(header.getByText('Assinado', { exact: true })).toBeVisible({ timeout: 20_000 });
    await downloadAndCheck(page);

    const [row] = await e2eSql<{ quote: string; deal: string; files: number }>(
      "SELECT q.status AS quote, d.status AS deal, (SELECT count(*)::int FROM files f WHERE f.entity_type = 'quote' AND f.entity_id = q.id::text AND f.deleted_at IS NULL) AS files FROM crm_quotes q JOIN deals d ON d.id = q.deal_id WHERE q.id = $1",
      [quoteId],
    );
    expect(row).toEqual({ quote: 'aceito', deal: 'won', files: 1 });
  });
});
