import { expect, test } from '@playwright/test';
import { createCompanyWithAdmin } from './support/team.ts';

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const dir = '/work/screens/pix';

test('screens', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await createCompanyWithAdmin(page.request, 'Oficina Mecânica São Jorge Ltda');
  const account = await (await page.request.post('/api/finance/accounts', { data: { name: 'Banco Inter PJ', kind: 'checking', openingBalanceCents: 0, openingDate: today() } })).json();
  await page.request.post('/api/finance/pix/keys', { data: { accountId: account.id, type: 'cnpj', key: '11.222.333/0001-81' } });
  await page.request.post('/api/finance/pix/keys', { data: { accountId: account.id, type: 'phone', key: '(11) 98765-4321' } });
  await page.request.post('/api/finance/pix/keys', { data: { accountId: account.id, type: 'evp', key: '71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d' } });
  const entry = (await (await page.request.post('/api/finance/entries', { data: { kind: 'receivable', description: 'Revisão completa da frota — dezembro', amountCents: 1500_00, dueDate: today() } })).json()).entries[0];
  await page.request.post('/api/finance/entries', { data: { kind: 'receivable', description: 'Troca de óleo', amountCents: 250_00, dueDate: today() } });
  const { url } = await (await page.request.post(`/api/finance/pix/entries/${entry.id}/link`, { data: {} })).json();
  for (const [w, h, tag] of [[1280, 800, 'desktop'], [375, 812, 'phone']] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/financeiro?aba=cadastros');
    await expect(page.getByText('Chaves Pix')).toBeVisible();
    await page.getByText('Chaves Pix').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/keys-${tag}.png` });
    await page.getByRole('button', { name: 'Nova chave Pix' }).click();
    await page.screenshot({ path: `${dir}/key-dialog-${tag}.png` });
    await page.keyboard.press('Escape');
    await page.goto('/financeiro?aba=contas-a-receber');
    await page.getByRole('button', { name: 'Cobrar Revisão completa da frota — dezembro' }).click();
    await expect(page.getByTestId('pix-qr')).toBeVisible();
    await page.screenshot({ path: `${dir}/charge-${tag}.png`, fullPage: true });
    await page.getByTestId('charge-dialog').evaluate((el) => el.scrollTo(0, 10_000));
    await page.screenshot({ path: `${dir}/charge-bottom-${tag}.png` });
    await page.keyboard.press('Escape');
    await page.screenshot({ path: `${dir}/receivables-${tag}.png` });
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const payer = await ctx.newPage();
    await payer.goto(url);
    await expect(payer.getByTestId('pix-qr')).toBeVisible();
    await payer.screenshot({ path: `${dir}/pay-${tag}.png`, fullPage: true });
    await payer.goto(`/pagar/${'x'.repeat(44)}`);
    await expect(payer.getByTestId('payment-error')).toBeVisible();
    await payer.screenshot({ path: `${dir}/pay-dead-${tag}.png` });
    await ctx.close();
  }
  await page.request.post(`/api/public/payments/${url.split('/pagar/')[1]}/simulate-payment`, { data: { payerName: 'Cliente da Silva' } });
  for (const [w, h, tag] of [[1280, 800, 'desktop'], [375, 812, 'phone']] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const payer = await ctx.newPage();
    await payer.goto(url);
    await expect(payer.getByText('Pagamento recebido. Obrigado!')).toBeVisible();
    await payer.screenshot({ path: `${dir}/pay-paid-${tag}.png` });
    await ctx.close();
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/financeiro?aba=contas-a-receber');
    await page.getByRole('button', { name: /^Baixas de Revisão/ }).waitFor();
    await page.screenshot({ path: `${dir}/receivables-paid-${tag}.png` });
  }
});
