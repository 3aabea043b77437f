import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { type FakePixPsp, startFakePixPsp } from '../apps/server/test/support/fake-pix-psp.ts';
import { makeA1 } from '../apps/server/test/support/test-certificates.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const inDays = (n: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + n * 86_400_000));
const SCREENS = process.env.SCREENS_DIR;
// Screenshots at a phone's width too (SCREEN_WIDTH=390).
if (process.env.SCREEN_WIDTH) test.use({ viewport: { width: Number(process.env.SCREEN_WIDTH), height: 844 } });

/** A company whose default Pix key's account charges through the fake PSP's API Pix, and a customer with a CPF. */
async function companyWithPixApi(page: Page, psp: FakePixPsp) {
  const cert = makeA1({ name: 'CLIENTE API PIX', password: 'senha-do-banco' });
  psp.trust(cert.certificatePem);
  await createCompanyWithAdmin(page.request, 'Academia Recorrente Ltda');
  const account = await page.request.post('/api/finance/accounts', { data: { name: 'Banco API', kind: 'checking', agency: '0001', accountNumber: '123456-7', openingBalanceCents: 0, openingDate: inDays(0) } });
  const { id: accountId } = (await account.json()) as { id: string };
  expect((await page.request.post('/api/finance/pix/keys', { data: { accountId, type: 'email', key: 'pix@academia.com.br', isDefault: true } })).status()).toBe(201);
  expect((await page.request.put(`/api/finance/pix-api/accounts/${accountId}`, { data: { baseUrl: psp.baseUrl, clientId: psp.clientId, clientSecret: psp.clientSecret, pixKey: 'pix@academia.com.br' } })).status()).toBe(200);
  const uploaded = await page.request.post(`/api/finance/pix-api/accounts/${accountId}/certificate`, { multipart: { file: { name: 'banco.pfx', mimeType: 'application/x-pkcs12', buffer: cert.pfx }, password: cert.password } });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const person = await page.request.post('/api/parties/people', { data: { name: 'Joana Aluna', cpf: '529.982.247-25' } });
  expect(person.status(), await person.text()).toBe(201);
  const { id: personId } = (await person.json()) as { id: string };
  return { personId };
}

test('Pix Automático: authorisation asked from the receivable, approved and paid live through the fake PSP, then cancelled', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const psp = await startFakePixPsp({ caFile: path.join(process.env.E2E_DATA_DIR!, 'fake-pix-psp-ca.pem') });
  try {
    const { personId } = await companyWithPixApi(page, psp);
    const created = await page.request.post('/api/finance/entries', { data: { kind: 'receivable', description: 'Mensalidade academia', amountCents: 149_90, dueDate: inDays(5), recurrence: 'monthly', occurrences: 3, personId } });
    expect(created.status(), await created.text()).toBe(201);
    const { entries } = (await created.json()) as { entries: { id: string }[] };

    await page.goto('/financeiro?aba=contas-a-receber');
    // The list is a table on a desktop and cards on a phone: the first occurrence's 'Cobrar' either way.
    await page.getByRole('button', { name: 'Cobrar Mensalidade academia' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Cobrar por Pix' });
    const section = dialog.getByTestId('pix-automatic-section');
    await section.getByLabel('Banco do cliente').selectOption({ label: 'Nubank' });
    await section.getByLabel('Conta do cliente').fill('98765-4');
    await section.scrollIntoViewIfNeeded();
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/pix-automatic-form-${page.viewportSize()!.width}.png` });
    await section.getByRole('button', { name: 'Pedir autorização' }).click();
    await expect(section.getByTestId('pix-automatic-status')).toHaveText('Aguardando autorização');
    await expect(section).toContainText('Cobrança mensal de R$ 149,90 de Joana Aluna (***.***.247-25)');
    await expectAccessible(page);

    // The customer authorises in their bank's app: the rec webhook turns it 'Autorizado' live and the first occurrence is sent.
    const [rec] = [...psp.automatic.recs.values()];
    expect(await psp.automatic.approve(rec!.idRec)).toBe(200);
    await expect(section.getByTestId('pix-automatic-status')).toHaveText('Autorizado');
    await expect(section.getByRole('list', { name: 'Cobranças do Pix Automático' })).toContainText('Aguardando pagamento');
    const [cobr] = [...psp.automatic.cobrs.values()];
    expect((await psp.automatic.payCobr(cobr!.txid)).webhookStatus).toBe(200);
    await expect(section.getByRole('list', { name: 'Cobranças do Pix Automático' })).toContainText('Pago');
    await section.scrollIntoViewIfNeeded();
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/pix-automatic-approved-${page.viewportSize()!.width}.png` });
    await expectAccessible(page);

    await section.getByRole('button', { name: 'Cancelar Pix Automático' }).click();
    await page.getByRole('dialog', { name: 'Cancelar o Pix Automático?' }).getByRole('button', { name: 'Cancelar Pix Automático' }).click();
    await expect(section.getByTestId('pix-automatic-status')).toHaveText('Cancelado');
    await expect(section.getByRole('button', { name: 'Pedir autorização' })).toBeVisible();
    expect(psp.automatic.recs.get(rec!.idRec)!.status).toBe('CANCELADA');
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/pix-automatic-cancelled-${page.viewportSize()!.width}.png` });

    // Asked again by QR Code (Jornada 2): the customer reads it in any bank's app; approved, it goes away.
    await section.getByRole('radio', { name: 'QR Code que o cliente lê no app de qualquer banco' }).check();
    await expect(section.getByLabel('Conta do cliente')).toBeHidden();
    await section.getByRole('button', { name: 'Gerar QR Code de autorização' }).click();
    await expect(section.getByTestId('pix-automatic-status')).toHaveText('Aguardando autorização');
    const qr = section.getByTestId('pix-automatic-qr');
    await expect(qr.getByTestId('pix-qr')).toBeVisible();
    const second = [...psp.automatic.recs.values()].find((r) => r.idRec !== rec!.idRec)!;
    await expect(qr.getByLabel('Pix copia e cola')).toHaveValue(new RegExp(second.loc!.location.replace(/[./]/g, '\\$&')));
    await qr.scrollIntoViewIfNeeded();
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/pix-automatic-qr-${page.viewportSize()!.width}.png` });
    await expectAccessible(page);
    // The payment link of the next occurrence (the first is paid) shows the customer the same QR, beside that occurrence's Pix.
    const qrCode = await qr.getByLabel('Pix copia e cola').inputValue();
    const link = await page.request.post(`/api/finance/pix/entries/${entries[1]!.id}/link`);
    expect(link.ok(), await link.text()).toBe(true);
    const { url } = (await link.json()) as { url: string };
    const customer = await browser.newContext({ viewport: page.viewportSize()! });
    const payer = await customer.newPage();
    await payer.goto(url);
    const offer = payer.getByTestId('payment-automatic');
    await expect(offer).toContainText('Autorize uma vez a cobrança mensal de R$ 149,90 de Academia Recorrente Ltda');
    await expect(offer.getByLabel('Pix copia e cola')).toHaveValue(qrCode);
    await expectAccessible(payer);
    if (SCREENS) await payer.screenshot({ path: `${SCREENS}/pix-automatic-payment-page-${page.viewportSize()!.width}.png`, fullPage: true });
    await customer.close();
    expect(await psp.automatic.approve(second.idRec)).toBe(200);
    await expect(section.getByTestId('pix-automatic-status')).toHaveText('Autorizado');
    await expect(qr).toBeHidden();
    expect(psp.violations).toEqual([]);
  } finally {
    await psp.close();
  }
});

test('Pix Automático in one QR Code: the customer pays the first occurrence and authorises the next ones (Jornada 3)', async ({ page }) => {
  test.setTimeout(120_000);
  const psp = await startFakePixPsp({ caFile: path.join(process.env.E2E_DATA_DIR!, 'fake-pix-psp-ca.pem') });
  try {
    const { personId } = await companyWithPixApi(page, psp);
    const created = await page.request.post('/api/finance/entries', { data: { kind: 'receivable', description: 'Plano anual de suporte', amountCents: 89_90, dueDate: inDays(0), recurrence: 'monthly', occurrences: 3, personId } });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/financeiro?aba=contas-a-receber');
    await page.getByRole('button', { name: 'Cobrar Plano anual de suporte' }).first().click();
    const section = page.getByRole('dialog', { name: 'Cobrar por Pix' }).getByTestId('pix-automatic-section');
    await section.getByRole('radio', { name: 'QR Code que paga a primeira parcela e autoriza as próximas' }).check();
    await section.getByRole('button', { name: 'Gerar QR Code da primeira parcela' }).click();
    await expect(section.getByTestId('pix-automatic-status')).toHaveText('Aguardando autorização');
    const qr = section.getByTestId('pix-automatic-qr');
    await expect(qr).toContainText('ao pagar a primeira parcela (R$ 89,90');
    await expect(section.getByTestId('pix-automatic-first-payment')).toContainText('Aguardando pagamento');
    // The QR Composto the PSP answered for the recurrence with the first occurrence's cob.
    const [rec] = [...psp.automatic.recs.values()];
    const txid = (rec!.body.ativacao as { dadosJornada: { txid: string } }).dadosJornada.txid;
    await expect(qr.getByLabel('Pix copia e cola')).toHaveValue(String(psp.cobs.get(txid)!.answer.pixCopiaECola));
    await qr.scrollIntoViewIfNeeded();
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/pix-automatic-first-payment-${page.viewportSize()!.width}.png` });
    await expectAccessible(page);

    // Scanned: paid and authorised in one step, both shown live.
    expect((await psp.pay(txid, { payerName: 'Joana Aluna' })).webhookStatus).toBe(200);
    expect(await psp.automatic.approve(rec!.idRec)).toBe(200);
    await expect(section.getByTestId('pix-automatic-status')).toHaveText('Autorizado');
    await expect(section.getByTestId('pix-automatic-first-payment')).toContainText('Pago');
    await expect(qr).toBeHidden();
    await section.scrollIntoViewIfNeeded();
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/pix-automatic-first-payment-paid-${page.viewportSize()!.width}.png` });
    expect(psp.violations).toEqual([]);
  } finally {
    await psp.close();
  }
});
