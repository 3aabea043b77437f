import { expect, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { firstLink, uniqueEmail, waitForMail } from './support/api.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { shot, shots } from './support/shots.ts';
import { expectAccessible } from './support/team.ts';

async function contractPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++) {
    const page = doc.addPage();
    page.drawText(`Contrato de prestação de serviços - página ${i}`, { x: 50, y: 760, size: 16, font });
    page.drawText('Cláusula 1ª. As partes contratam os serviços de limpeza diária.', { x: 50, y: 720, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

test.describe('assinatura eletrônica', () => {
  test('envelope from a PDF → the signer signs on a phone with the code from the mailbox → "Assinado" live → the verification says intact', async ({ page, browser }) => {
    test.setTimeout(process.env.SHOTS ? 240_000 : 120_000);
    await signInNewPerson(page, { firstName: 'Júlia', lastName: 'Advogada' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

    await page.goto('/juridico/assinaturas');
    await expect(page.getByRole('heading', { name: 'Nenhum envelope enviado' })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'esign-empty');

    const signerEmail = uniqueEmail('maria');
    await page.getByRole('button', { name: 'Criar o primeiro envelope' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo envelope' });
    await dialog.getByLabel('Título').fill('Contrato de limpeza');
    await dialog.getByLabel('Documento (PDF)').setInputFiles({ name: 'contrato.pdf', mimeType: 'application/pdf', buffer: await contractPdf() });
    await dialog.getByLabel('Nome').fill('Maria Conceição');
    await dialog.getByLabel('E-mail').fill(signerEmail);
    await dialog.getByLabel('CPF (opcional)').fill('529.982.247-25');
    await expectAccessible(page);
    await shots(page, 'esign-new');
    await dialog.getByRole('button', { name: 'Criar rascunho' }).click();
    await expect(page).toHaveURL(/\/juridico\/assinaturas\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Contrato de limpeza' })).toBeVisible();
    await expect(page.getByText('contrato.pdf · 2 páginas')).toBeVisible();
    await page.getByRole('button', { name: 'Enviar para assinatura' }).click();
    const header = page.locator('header').filter({ has: page.getByRole('heading', { name: 'Contrato de limpeza' }) });
    await expect(header.getByText('Enviado', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // The signer, on a phone, in a browser of their own (no account).
    const phone = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });
    const signer = await phone.newPage();
    const link = firstLink((await waitForMail(page.request, signerEmail, 'pede sua assinatura')).text);
    await signer.goto(link);
    await expect(signer.getByRole('heading', { name: 'Contrato de limpeza' })).toBeVisible();
    await expect(signer.getByTestId('pdf-pages')).toHaveAttribute('data-state', 'ready', { timeout: 20_000 });
    await expect(signer.getByRole('img', { name: 'Contrato de limpeza: página 2 de 2' })).toBeVisible();
    await expectAccessible(signer);
    await shots(signer, 'esign-sign-page');
    await signer.getByRole('button', { name: 'Enviar código por e-mail' }).click();
    const code = /(\d{6})/.exec((await waitForMail(page.request, signerEmail, 'Seu código para assinar')).subject)![1]!;
    await signer.getByLabel('Código de confirmação').fill(code);
    await signer.getByRole('button', { name: 'Confirmar código' }).click();
    await expect(signer.getByRole('heading', { name: 'Sua assinatura' })).toBeVisible();
    await expect(signer.getByLabel('Nome como assinatura')).toHaveValue('Maria Conceição');
    await signer.getByRole('checkbox').check();
    await expectAccessible(signer);
    await shots(signer, 'esign-sign-step');
    await signer.getByRole('button', { name: 'Assinar documento' }).click();
    // The last signature answers at once while a job seals (decision 0623); the page reads it again until sealed.
    await expect(signer.getByText('Assinatura registrada').or(signer.getByText('Documento assinado'))).toBeVisible();
    await expect(signer.getByRole('link', { name: /Verificar o documento/ })).toBeVisible({ timeout: 20_000 });
    await expect(signer.getByText('Documento assinado')).toBeVisible();
    await expectAccessible(signer);

    // The sender's page turns 'Assinado' by itself (live), with the sealed PDF.
    await expect(header.getByText('Assinado', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('link', { name: 'Baixar PDF assinado' })).toBeVisible();
    await shots(page, 'esign-envelope');
    await page.goto('/juridico/assinaturas');
    await expect(page.getByRole('link', { name: 'Contrato de limpeza' }).first()).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'esign-list');

    // The public verification, as anyone opens it from the certificate page.
    await signer.getByRole('link', { name: /Verificar o documento/ }).click();
    await expect(signer.getByTestId('verification')).toContainText('Documento íntegro');
    await expect(signer.getByTestId('verification')).toContainText('Maria Conceição');
    await expectAccessible(signer);
    await shots(signer, 'esign-verify');
    await phone.close();
  });

  test('placing fields: drag from the palette onto a page, nudge by keyboard, initials on every page, saved and locked once sent', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Júlia', lastName: 'Advogada' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const created = await page.request.post('/api/assinaturas/envelopes', {
      data: {
        title: 'Contrato com campos',
        expiresOn: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10),
        signers: [
          { name: 'Maria Conceição', email: uniqueEmail('maria'), role: 'assinar' },
          { name: 'José Araújo', email: uniqueEmail('jose'), role: 'testemunha' },
        ],
      },
    });
    const { id } = (await created.json()) as { id: string };
    const up = await page.request.post(`/api/files?entityType=signature_envelope&entityId=${id}&kind=document`, { headers: { 'x-file-name': 'contrato.pdf', 'content-type': 'application/pdf' }, data: await contractPdf() });
    const { id: fileId } = (await up.json()) as { id: string };
    expect((await page.request.post(`/api/assinaturas/envelopes/${id}/document`, { data: { fileId } })).status()).toBe(200);

    await page.goto(`/juridico/assinaturas/${id}`);
    const editor = page.getByTestId('field-editor');
    await expect(editor.getByTestId('pdf-pages')).toHaveAttribute('data-state', 'ready', { timeout: 10_000 });
    // Mouse: drag 'Assinatura' from the palette onto page 1 (a tall window keeps both in view).
    await page.setViewportSize({ width: 1280, height: 1600 });
    const palette = editor.getByRole('button', { name: 'Adicionar campo Assinatura' });
    await palette.scrollIntoViewIfNeeded();
    const target = editor.locator('[data-testid="field-page"][data-page="1"]');
    const box = (await target.boundingBox())!;
    await palette.hover();
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.4, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.5, { steps: 4 });
    await page.mouse.up();
    await expect(target.getByTestId('placed-field')).toHaveAttribute('data-type', 'assinatura');
    // Keyboard: José's initials on page 1 by the button, moved with the arrows, on every page.
    await editor.getByLabel('Campos de').selectOption({ label: 'José Araújo' });
    await editor.getByRole('button', { name: 'Adicionar campo Rubrica' }).press('Enter');
    const initials = editor.locator('[data-page="1"] [data-type="rubrica"]');
    await initials.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    await editor.getByLabel('Assinar em todas as páginas').check();
    await expect(editor.getByText('2 campos · alterações não salvas')).toBeVisible();
    await expectAccessible(page);
    await editor.getByRole('button', { name: 'Salvar campos' }).click();
    await expect(editor.getByText('2 campos', { exact: true })).toBeVisible();
    if (process.env.SHOTS) {
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await shot(page, `esign-fields-${width}`);
      }
    }
    const saved = await e2eSql<{ type: string; page: number; all_pages: boolean; x: number }>('SELECT type, page, all_pages, x FROM signature_fields WHERE envelope_id = $1 ORDER BY position', [id]);
    expect(saved.map((f) => [f.type, f.page, f.all_pages])).toEqual([
      ['assinatura', 1, false],
      ['rubrica', 1, true],
    ]);
    expect(saved[1]!.x).toBeCloseTo(0.15, 2);
    await page.getByRole('button', { name: 'Enviar para assinatura' }).click();
    await expect(page.getByText('2 campos posicionados no documento (travados após o envio).')).toBeVisible();
    await expect(editor).toHaveCount(0);
  });
});
