import { expect, test, type Page } from '@playwright/test';
import PDFDocument from 'pdfkit';
import { FAKE_OPENAI_URL } from '../playwright.config.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

/** The fake OpenAI's mode and fixed answer for the reading prompt only (the e2e server's platform AI, shared by parallel tests). */
const READING = 'finance-document-reading_v1';
async function fakeAi(control: { modeFor?: Record<string, string | null>; answerFor?: Record<string, unknown> }) {
  const res = await fetch(`${FAKE_OPENAI_URL}/__control`, { method: 'POST', body: JSON.stringify(control) });
  expect(res.ok).toBe(true);
}

function boletoPdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text('Boleto bancário — Fornecedor Encontrado Ltda CNPJ 98.765.432/0001-98');
    doc.text('Vencimento 15/12/2026  Valor do documento R$ 1.234,56');
    doc.text('34191.79001 01043.510047 91020.150008 8 12340000123456');
    doc.end();
  });
}

const ledger = async (companyId: string) =>
  (await e2eSql<{ kind: string; amount: number }>("SELECT kind, amount FROM coin_ledger WHERE company_id = $1 AND kind IN ('debit', 'refund') ORDER BY id", [companyId])).map((r) => `${r.kind} ${r.amount}`);

test.afterEach(async () => {
  await fakeAi({ modeFor: { [READING]: null }, answerFor: { [READING]: null } });
});

test.describe('/financeiro: conta a pagar lida pela IA (ai.invoice_reading)', () => {
  test('a boleto PDF fills the payable, the new supplier is created by its CNPJ, the PDF becomes the attachment, the balance drops by the price', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Leitura de Boletos Ltda');
    await e2eSql('UPDATE companies SET currency_amount = 10 WHERE id = $1', [admin.companyId]);
    await fakeAi({
      answerFor: {
        [READING]: {
        amountCents: 123456,
        dueDate: '2026-12-15',
        supplierCnpj: '98.765.432/0001-98',
        supplierName: 'Fornecedor Encontrado Ltda',
        barcode: '00190500954014481606906809350314337370000000100',
        documentNumber: 'NF 4521',
        description: 'Boleto de energia de dezembro',
        },
      },
    });

    await page.goto('/financeiro?aba=contas-a-pagar');
    await expect(page.getByTestId('header-balance')).toHaveText('10');
    await page.getByRole('button', { name: 'Nova conta a pagar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova conta a pagar' });
    await dialog.getByTestId('read-document-file').setInputFiles({ name: 'boleto-energia.pdf', mimeType: 'application/pdf', buffer: await boletoPdf() });
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Ler boleto ou nota fiscal · 1 moeda' }).click();
    await expect(toast(page, 'Documento lido')).toBeVisible();

    await expect(dialog.getByLabel('Descrição')).toHaveValue('Boleto de energia de dezembro');
    await expect(dialog.getByLabel('Valor (R$)')).toHaveValue('1.234,56');
    await expect(dialog.getByLabel('Vencimento', { exact: true })).toHaveValue('2026-12-15');
    await expect(dialog.getByLabel('Linha digitável do boleto')).toHaveValue('00190500954014481606906809350314337370000000100');
    await expect(dialog.getByLabel('Nº do documento')).toHaveValue('NF 4521');
    await expect(dialog.getByTestId('pending-attachments')).toContainText('boleto-energia.pdf');
    await expect(page.getByTestId('header-balance')).toHaveText('9');
    expect(await ledger(admin.companyId)).toEqual(['debit -1']);

    // The supplier is not registered yet: offered, and created by its CNPJ through the platform's parties.
    await expect(dialog.getByTestId('new-supplier-offer')).toContainText('98.765.432/0001-98');
    await dialog.getByRole('button', { name: 'Cadastrar fornecedor' }).click();
    await expect(dialog.getByTestId('new-supplier-offer')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /^Remover / }).first()).toBeVisible();
    await expectAccessible(page);

    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(toast(page, 'Lançamento criado.')).toBeVisible();
    const [saved] = await e2eSql<{ id: string; amount_cents: number; due_date: string; barcode: string; cnpj: string }>(
      "SELECT e.id, e.amount_cents::int AS amount_cents, to_char(e.due_date, 'YYYY-MM-DD') AS due_date, e.barcode, o.cnpj FROM fin_entries e JOIN organizations o ON o.id = e.organization_id WHERE e.company_id = $1",
      [admin.companyId],
    );
    expect(saved).toMatchObject({ amount_cents: 123456, due_date: '2026-12-15', barcode: '00190500954014481606906809350314337370000000100', cnpj: '98765432000198' });
    // The PDF is the entry's attachment (uploaded right after the create), and the reading's company copy is gone.
    await expect
      .poll(async () => (await e2eSql<{ entity_type: string; name: string }>('SELECT entity_type, name FROM files WHERE company_id = $1 AND deleted_at IS NULL ORDER BY entity_type', [admin.companyId])).map((f) => `${f.entity_type} ${f.name}`))
      .toEqual(['fin_entry boleto-energia.pdf']);
    const [{ n }] = (await e2eSql<{ n: number }>("SELECT count(*)::int AS n FROM files WHERE company_id = $1 AND entity_type = 'fin_entry' AND entity_id = $2 AND deleted_at IS NULL", [admin.companyId, saved!.id])) as [{ n: number }];
    expect(n).toBe(1);
  });

  test('a malformed AI answer is refunded: nothing filled, the same balance', async ({ page }) => {
    const admin = await createCompanyWithAdmin(page.request, 'Leitura Malformada Ltda');
    await e2eSql('UPDATE companies SET currency_amount = 10 WHERE id = $1', [admin.companyId]);
    await fakeAi({ modeFor: { [READING]: 'malformed' } });
    await page.goto('/financeiro?aba=contas-a-pagar');
    await page.getByRole('button', { name: 'Nova conta a pagar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova conta a pagar' });
    await dialog.getByTestId('read-document-file').setInputFiles({ name: 'boleto.pdf', mimeType: 'application/pdf', buffer: await boletoPdf() });
    await dialog.getByRole('button', { name: 'Ler boleto ou nota fiscal · 1 moeda' }).click();
    await expect(toast(page, 'Nenhuma moeda foi cobrada.')).toBeVisible();
    await expect(dialog.getByLabel('Valor (R$)')).toHaveValue('');
    await expect(dialog.getByLabel('Descrição')).toHaveValue('');
    expect(await ledger(admin.companyId)).toEqual(['debit -1', 'refund 1']);
    await expect(page.getByTestId('header-balance')).toHaveText('10');
    const [{ amount }] = (await e2eSql<{ amount: number }>('SELECT currency_amount AS amount FROM companies WHERE id = $1', [admin.companyId])) as [{ amount: number }];
    expect(amount).toBe(10);
  });
});

test.describe('/financeiro: contas a receber', () => {
  test('a receivable with a customer, received, shows in the cash flow as realised', async ({ page }) => {
    test.setTimeout(120_000);
    await createCompanyWithAdmin(page.request, 'Recebíveis Ltda');
    const account = await page.request.post('/api/finance/accounts', { data: { name: 'Conta Recebimentos', kind: 'checking', openingBalanceCents: 0, openingDate: today() } });
    expect(account.status(), await account.text()).toBe(201);

    await page.goto('/financeiro?aba=contas-a-receber');
    await expect(page.getByRole('tab', { name: 'Contas a receber' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Nenhuma conta a receber ainda' })).toBeVisible();
    await page.getByRole('button', { name: 'Nova conta a receber' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova conta a receber' });
    // Receivables are not read by the AI (payables only).
    await expect(dialog.getByTestId('read-document')).toHaveCount(0);
    await dialog.getByLabel('Descrição').fill('Consultoria de novembro');
    await dialog.getByLabel('Valor (R$)').fill('2.500,00');
    await dialog.getByLabel('Vencimento', { exact: true }).fill(today());
    await dialog.getByLabel('Pessoa (CPF)').check();
    await dialog.getByRole('button', { name: 'Cadastrar pessoa' }).click();
    await dialog.getByLabel('Nome', { exact: true }).fill('Joana Cliente');
    await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await expect(dialog.getByRole('button', { name: /^Remover / }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click();
    await expect(toast(page, 'Lançamento criado.')).toBeVisible();

    const rows = page.getByRole('table', { name: 'Contas a receber' }).getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('Joana Cliente');
    await expect(rows.nth(1)).toContainText('R$ 2.500,00');
    await expectAccessible(page);

    await rows.nth(1).getByRole('button', { name: 'Receber: Consultoria de novembro' }).click();
    const settle = page.getByRole('dialog', { name: 'Receber: Consultoria de novembro' });
    await settle.getByLabel('Data do recebimento').fill(today());
    await expect(settle.getByText('Total recebido: R$ 2.500,00')).toBeVisible();
    await settle.getByRole('button', { name: 'Confirmar baixa' }).click();
    await expect(toast(page, 'Conta recebida.')).toBeVisible();
    await expect(rows.nth(1)).toContainText('Recebido');

    await page.goto('/financeiro?aba=fluxo-de-caixa&agrupar=month');
    const table = page.getByTestId('cash-flow-table');
    const month = table.getByRole('row').nth(1);
    await expect(month.getByRole('cell').nth(0)).toHaveText('R$ 2.500,00'); // Entradas realizadas
    await expect(month.getByRole('cell').nth(2)).toHaveText('R$ 0,00'); // Entradas previstas
    await expect(page.getByRole('listitem').filter({ hasText: 'Conta Recebimentos' })).toContainText('R$ 0,00 → R$ 2.500,00');
    await expectAccessible(page);
  });
});
