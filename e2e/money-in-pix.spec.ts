import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { makeA1 } from '../apps/server/test/support/test-certificates.ts';
import { startFakePixPsp } from '../apps/server/test/support/fake-pix-psp.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test.describe('money in by Pix', () => {
  test('a Pix key, a receivable charged by Pix, its payment page paid, and the receivable turns Recebido live', async ({ page, browser }) => {
    test.setTimeout(120_000);
    await createCompanyWithAdmin(page.request, 'Oficina Pix Ltda');
    const account = await page.request.post('/api/finance/accounts', { data: { name: 'Banco Inter PJ', kind: 'checking', openingBalanceCents: 0, openingDate: today() } });
    expect(account.status(), await account.text()).toBe(201);

    // The company's Pix key, in Cadastros.
    await page.goto('/financeiro?aba=cadastros');
    await page.getByRole('button', { name: 'Nova chave Pix' }).click();
    const keyDialog = page.getByRole('dialog', { name: 'Nova chave Pix' });
    await keyDialog.getByLabel('Tipo de chave').selectOption('email');
    await keyDialog.getByLabel('Chave', { exact: true }).fill('financeiro@');
    await keyDialog.getByRole('button', { name: 'Cadastrar chave' }).click();
    await expect(keyDialog.getByRole('alert')).toHaveText('E-mail inválido para chave Pix.');
    await keyDialog.getByLabel('Chave', { exact: true }).fill('Financeiro@Oficina.com.br');
    await expectAccessible(page);
    await keyDialog.getByRole('button', { name: 'Cadastrar chave' }).click();
    await expect(toast(page, 'Chave Pix cadastrada.')).toBeVisible();
    await expect(page.getByText('financeiro@oficina.com.br')).toBeVisible();
    await expect(page.getByText('Padrão', { exact: true })).toBeVisible();

    const created = await page.request.post('/api/finance/entries', { data: { kind: 'receivable', description: 'Revisão da frota', amountCents: 1500_00, dueDate: today() } });
    expect(created.status(), await created.text()).toBe(201);

    // Charge it: QR code and copia e cola, then the payment link.
    await page.goto('/financeiro?aba=contas-a-receber');
    const row = page.getByRole('table', { name: 'Contas a receber' }).getByRole('row').filter({ hasText: 'Revisão da frota' });
    await row.getByRole('button', { name: 'Cobrar Revisão da frota' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cobrar por Pix' });
    await dialog.getByRole('button', { name: 'Gerar QR code Pix' }).click();
    await expect(dialog.getByTestId('pix-qr')).toBeVisible();
    const code = await dialog.getByLabel('Pix copia e cola').inputValue();
    expect(code).toMatch(/^000201.*br\.gov\.bcb\.pix.*financeiro@oficina\.com\.br.*54071500\.00.*6304[0-9A-F]{4}$/);
    await dialog.getByRole('button', { name: 'Gerar link de pagamento' }).click();
    await expect(toast(page, 'Link de pagamento gerado.')).toBeVisible();
    const url = await dialog.getByTestId('payment-link').inputValue();
    expect(url).toMatch(/\/pagar\/[A-Za-z0-9_-]{44}$/);
    await expectAccessible(page);

    // The customer opens the page without an account.
    const customer = await browser.newContext();
    const payer = await customer.newPage();
    await payer.goto(url);
    await expect(payer.getByRole('heading', { name: 'Oficina Pix Ltda' })).toBeVisible();
    await expect(payer.getByTestId('payment-amount')).toHaveText('R$ 1.500,00');
    await expect(payer.getByLabel('Pix copia e cola')).toHaveValue(code);
    await expectAccessible(payer);

    // The payment arrives (the local simulator, through the one settlement): the receivable turns Recebido live.
    const paid = await payer.request.post(`/api/public/payments/${url.split('/pagar/')[1]}/simulate-payment`, { data: { payerName: 'Cliente da Silva' } });
    expect(paid.status(), await paid.text()).toBe(200);
    await expect(dialog.getByTestId('charge-paid')).toContainText('pago por Cliente da Silva');
    await page.keyboard.press('Escape');
    await expect(row).toContainText('Recebido');
    await payer.reload();
    await expect(payer.getByText('Pagamento recebido. Obrigado!')).toBeVisible();

    // A link that does not exist says so in Portuguese.
    await payer.goto(`/pagar/${'x'.repeat(44)}`);
    await expect(payer.getByTestId('payment-error')).toHaveText('Este link de pagamento não existe ou foi cancelado.');
    await expectAccessible(payer);
    await customer.close();
  });

  test('dynamic Pix through the bank’s API Pix: the charge shows the PSP’s code and turns Recebido live when the fake PSP pays', async ({ page }) => {
    test.setTimeout(60_000);
    const psp = await startFakePixPsp({ caFile: path.join(process.env.E2E_DATA_DIR!, 'fake-pix-psp-ca.pem') });
    try {
      const cert = makeA1({ name: 'CLIENTE API PIX', password: 'senha-do-banco' });
      psp.trust(cert.certificatePem);
      await createCompanyWithAdmin(page.request, 'Oficina Pix Dinâmico Ltda');
      const account = await page.request.post('/api/finance/accounts', { data: { name: 'Banco API', kind: 'checking', openingBalanceCents: 0, openingDate: today() } });
      const { id: accountId } = (await account.json()) as { id: string };
      expect((await page.request.post('/api/finance/pix/keys', { data: { accountId, type: 'email', key: 'pix@oficina.com.br', isDefault: true } })).status()).toBe(201);
      const saved = await page.request.put(`/api/finance/pix-api/accounts/${accountId}`, { data: { baseUrl: psp.baseUrl, clientId: psp.clientId, clientSecret: psp.clientSecret, pixKey: 'pix@oficina.com.br' } });
      expect(saved.status(), await saved.text()).toBe(200);
      const uploaded = await page.request.post(`/api/finance/pix-api/accounts/${accountId}/certificate`, { multipart: { file: { name: 'banco.pfx', mimeType: 'application/x-pkcs12', buffer: cert.pfx }, password: cert.password } });
      expect(uploaded.status(), await uploaded.text()).toBe(200);
      expect(((await uploaded.json()) as { webhook: { error: string | null } }).webhook.error).toBeNull();
      expect((await page.request.post('/api/finance/entries', { data: { kind: 'receivable', description: 'Manutenção mensal', amountCents: 420_00, dueDate: today() } })).status()).toBe(201);

      await page.goto('/financeiro?aba=contas-a-receber');
      const row = page.getByRole('table', { name: 'Contas a receber' }).getByRole('row').filter({ hasText: 'Manutenção mensal' });
      await row.getByRole('button', { name: 'Cobrar Manutenção mensal' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cobrar por Pix' });
      await dialog.getByRole('button', { name: 'Gerar QR code Pix' }).click();
      await expect(dialog.getByTestId('pix-qr')).toBeVisible();
      const [cob] = [...psp.cobs.values()];
      await expect(dialog.getByLabel('Pix copia e cola')).toHaveValue(String(cob!.answer.pixCopiaECola));
      const paid = await psp.pay(cob!.txid, { payerName: 'Cliente Dinâmico' });
      expect(paid.webhookStatus).toBe(200);
      await expect(dialog.getByTestId('charge-paid')).toContainText('pago por Cliente Dinâmico');
      await page.keyboard.press('Escape');
      await expect(row).toContainText('Recebido');
      expect(psp.violations).toEqual([]);
    } finally {
      await psp.close();
    }
  });
});

test.describe('money in by boleto', () => {
  test('Asaas configured, a boleto issued from the charge dialog, shown on /pagar, paid through the webhook: Pago live; then part of it refunded', async ({ page, browser }) => {
    test.setTimeout(90_000);
    await createCompanyWithAdmin(page.request, 'Gráfica Boleto Ltda');
    const account = await page.request.post('/api/finance/accounts', { data: { name: 'Conta Asaas', kind: 'checking', openingBalanceCents: 0, openingDate: today() } });
    expect(account.status(), await account.text()).toBe(201);
    const person = await page.request.post('/api/parties/people', { data: { name: 'Joana Pagadora', cpf: '529.982.247-25', emails: ['joana@cliente.com.br'] } });
    expect(person.status(), await person.text()).toBe(201);
    const created = await page.request.post('/api/finance/entries', { data: { kind: 'receivable', description: 'Cartões de visita', amountCents: 480_00, dueDate: today(), personId: (await person.json()).id } });
    expect(created.status(), await created.text()).toBe(201);
    const entryId = (await created.json()).entries[0].id as string;

    // Asaas in Cadastros: the key is tried and Sede registers its webhook there by itself.
    await page.goto('/financeiro?aba=cadastros');
    const card = page.getByTestId('boleto-provider-card');
    await card.getByLabel('Chave de API do Asaas').fill(`$aact_hmlg_${Date.now()}MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJl`);
    await card.getByRole('button', { name: 'Salvar e testar a chave' }).click();
    await expect(toast(page, 'Asaas configurado: a chave foi aceita.')).toBeVisible();
    await expect(card.getByTestId('asaas-webhook-state')).toContainText('Webhook registrado no Asaas');
    await expectAccessible(page);

    // 'Emitir boleto' in the receivable's charge dialog.
    await page.goto('/financeiro?aba=contas-a-receber');
    const row = page.getByRole('table', { name: 'Contas a receber' }).getByRole('row').filter({ hasText: 'Cartões de visita' });
    await row.getByRole('button', { name: 'Cobrar Cartões de visita' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cobrar por Pix' });
    await dialog.getByTestId('issue-boleto').click();
    await expect(dialog.getByTestId('boleto-line')).toHaveValue(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    await expect(dialog.getByRole('link', { name: 'Baixar boleto (PDF)' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Gerar link de pagamento' }).click();
    const url = await dialog.getByTestId('payment-link').inputValue();

    // The customer's page: linha digitável to copy and 'Baixar boleto'.
    const customer = await browser.newContext();
    const payer = await customer.newPage();
    await payer.goto(url);
    await expect(payer.getByTestId('payment-boleto-line')).toHaveValue(await dialog.getByTestId('boleto-line').inputValue());
    await expect(payer.getByRole('link', { name: 'Baixar boleto' })).toBeVisible();
    await expectAccessible(payer);
    await customer.close();

    // Asaas (the fake) pays and posts PAYMENT_RECEIVED with the token: settled once, live.
    const boleto = await (await page.request.get(`/api/finance/boleto/entries/${entryId}`)).json();
    const fakeAsaas = `http://127.0.0.1:${process.env.E2E_CNPJ_PORT ?? 3101}/asaas`;
    const paid = await page.request.post(`${fakeAsaas}/_control/pay`, { data: { paymentId: boleto.boleto.externalId } });
    expect(await paid.json()).toMatchObject({ status: 200, body: { outcome: 'settled' } });
    await expect(dialog.getByTestId('boleto-status')).toHaveText('Pago');
    await expect(dialog.getByTestId('charge-paid')).toContainText('R$ 480,00');

    // 'Devolver' part of it: refunded at Asaas, listed as Devolvido, a paid payable in Financeiro.
    await page.keyboard.press('Escape');
    await expect(row).toContainText('Recebido');
    await row.getByRole('button', { name: 'Devolver Cartões de visita' }).click();
    const refund = page.getByRole('dialog', { name: 'Devolver recebimento' });
    await expect(refund.getByLabel('Valor a devolver (R$)')).toHaveValue('480,00');
    await refund.getByLabel('Valor a devolver (R$)').fill('100,00');
    await refund.getByLabel('Motivo').fill('Desconto combinado');
    await expectAccessible(page);
    await refund.getByRole('button', { name: /^Devolver/ }).click();
    await expect(toast(page, 'Devolução de R$ 100,00 feita.')).toBeVisible();
    await expect(refund.getByTestId('refund-status')).toHaveText('Devolvido');
    await expect(refund.getByLabel('Valor a devolver (R$)')).toHaveValue('380,00');
    const payables = (await (await page.request.get('/api/finance/entries?kind=payable')).json()) as { entries: Array<{ description: string; amountCents: number; status: string }> };
    expect(payables.entries.filter((e) => e.description === 'Devolução — Cartões de visita')).toEqual([expect.objectContaining({ amountCents: 100_00, status: 'paid' })]);
  });
});
