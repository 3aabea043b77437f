import { expect, type Page, test } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { firstLink, uniqueEmail, waitForMail } from './support/api.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { shotsAt } from './support/shots.ts';
import { expectAccessible } from './support/team.ts';

// A seal that failed is started again from the envelope's page (decision 0721).

async function contractPdf() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= 2; i++) doc.addPage().drawText(`Contrato de manutenção - página ${i}`, { x: 50, y: 760, size: 16, font });
  return Buffer.from(await doc.save());
}

/** A sent envelope with one signer who confirmed the code through the signing page's API: the next call signs it. */
async function sentAndConfirmed(page: Page, title: string) {
  const email = uniqueEmail('rita');
  const created = await page.request.post('/api/assinaturas/envelopes', {
    data: { title, signingOrder: 'simultanea', expiresOn: new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10), signers: [{ name: 'Rita Moraes', email, role: 'assinar' }] },
  });
  const { id } = (await created.json()) as { id: string };
  const up = await page.request.post(`/api/files?entityType=signature_envelope&entityId=${id}&kind=document`, { headers: { 'x-file-name': 'contrato.pdf', 'content-type': 'application/pdf' }, data: await contractPdf() });
  const { id: fileId } = (await up.json()) as { id: string };
  expect((await page.request.post(`/api/assinaturas/envelopes/${id}/document`, { data: { fileId } })).status()).toBe(200);
  expect((await page.request.post(`/api/assinaturas/envelopes/${id}/send`)).status()).toBe(200);
  const token = new URL(firstLink((await waitForMail(page.request, email, 'pede sua assinatura')).text)).pathname.split('/').pop()!;
  const pub = `/api/public/assinaturas/sign/${token}`;
  expect((await page.request.post(`${pub}/code`)).status()).toBe(200);
  const code = /(\d{6})/.exec((await waitForMail(page.request, email, 'Seu código para assinar')).subject)![1]!;
  expect((await page.request.post(`${pub}/code/confirm`, { data: { code } })).status()).toBe(200);
  return { id, fileId, sign: () => page.request.post(`${pub}/sign`, { data: { accept: true, signature: { kind: 'typed', text: 'Rita Moraes' } } }) };
}

test('a failed seal shows on the envelope and Tentar novamente seals it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInNewPerson(page, { firstName: 'Júlia', lastName: 'Advogada' });
  const company = await createCompanyByApi(page.request);
  await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

  // 'Finalizando' while the job works: its stage and bar (a run held at its second step).
  const working = await sentAndConfirmed(page, 'Contrato em finalização');
  const [run] = await e2eSql<{ id: string }>("INSERT INTO job_runs (company_id, kind, status, stage, done, total) VALUES ($1, 'esign.seal', 'running', 'Selando o PDF', 1, 4) RETURNING id", [company.id]);
  await e2eSql("UPDATE signature_envelopes SET status = 'finalizando', sealing_run_id = $2 WHERE id = $1", [working.id, run!.id]);
  await e2eSql("UPDATE signature_signers SET status = 'assinado', signed_at = now(), signature_text = 'Rita Moraes' WHERE envelope_id = $1", [working.id]);
  await page.goto(`/juridico/assinaturas/${working.id}`);
  await expect(page.getByRole('region', { name: 'Finalização do documento' })).toContainText('Selando o PDF');
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await expectAccessible(page);
  await shotsAt(page, 'esign-finalizando');

  // The original out of reach: the job fails with its reason, and the page says so live.
  const failing = await sentAndConfirmed(page, 'Contrato de manutenção');
  await page.goto(`/juridico/assinaturas/${failing.id}`);
  await e2eSql("UPDATE files SET storage_key = storage_key || '.fora' WHERE id = $1", [failing.fileId]);
  expect((await failing.sign()).status()).toBe(200);
  const failed = page.getByTestId('sealing-failed');
  await expect(failed).toContainText('A finalização do documento falhou', { timeout: 20_000 });
  await expect(failed).toContainText('O documento original do envelope não foi encontrado.');
  await expectAccessible(page);
  await shotsAt(page, 'esign-finalizacao-falhou');
  // The list says it too (decision 0754): not 'Finalizando' but the failure.
  await page.goto('/juridico/assinaturas');
  const row = page.getByTestId('envelope-row').filter({ hasText: 'Contrato de manutenção' });
  await expect(row.getByText('Falha ao finalizar', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expectAccessible(page);
  await shotsAt(page, 'esign-lista-falha');
  await page.goto(`/juridico/assinaturas/${failing.id}`);
  await expect(failed).toBeVisible({ timeout: 20_000 });

  await e2eSql("UPDATE files SET storage_key = left(storage_key, -5) WHERE id = $1", [failing.fileId]);
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  const header = page.locator('header').filter({ has: page.getByRole('heading', { name: 'Contrato de manutenção' }) });
  await expect(header.getByText('Assinado', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Baixar PDF assinado' })).toBeVisible();
  await expect(failed).toHaveCount(0);
});
