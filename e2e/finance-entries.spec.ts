import { expect, request, test, type Page } from '@playwright/test';
import { makeA1 } from '../apps/server/test/support/test-certificates.ts';
import { FAKE_SEFIN_URL } from '../playwright.config.ts';
import { e2eSql, randomCnpj } from './support/company.ts';
import { shot, shots } from './support/shots.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test.describe('/financeiro: contas a pagar', () => {
  test('enter a payable in 3 installments, settle one partly with interest, bulk settle the rest; the tab survives a reload', async ({ page }) => {
    test.setTimeout(120_000);
    // Confirming the sign-up signs the admin in within the page's context.
    const admin = await createCompanyWithAdmin(page.request);
    const account = await page.request.post('/api/finance/accounts', { data: { name: 'Banco Inter PJ', kind: 'checking', openingBalanceCents: 500000, openingDate: today() } });
    expect(account.status(), await account.text()).toBe(201);

    await page.goto('/financeiro?aba=contas-a-pagar');
    await expect(page.getByRole('tab', { name: 'Contas a pagar' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('heading', { name: 'Nenhuma conta a pagar ainda' })).toBeVisible();
    await expectAccessible(page);

    // New payable: R$ 1.000,00 in 3 installments (remainder on the first).
    await page.getByRole('button', { name: 'Nova conta a pagar' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Nova conta a pagar' });
    await dialog.getByLabel('Descrição').fill('Notebook da recepção');
    await dialog.getByLabel('Forma').selectOption('installments');
    await dialog.getByLabel('Número de parcelas').fill('3');
    await dialog.getByLabel('Valor total (R$)').fill('1.000,00');
    await dialog.getByLabel('Vencimento da 1ª parcela').fill(today());
    await dialog.getByLabel('Categoria').selectOption({ label: 'Móveis e computadores' });
    // A supplier not registered yet: created here by its CNPJ (the platform's lookup fills it).
    await dialog.getByRole('button', { name: 'Cadastrar empresa pelo CNPJ' }).click();
    await dialog.getByLabel('CNPJ', { exact: true }).fill('123');
    await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('CNPJ inválido.');
    const cnpj = randomCnpj();
    await dialog.getByLabel('CNPJ', { exact: true }).fill(cnpj);
    await dialog.getByRole('button', { name: 'Cadastrar', exact: true }).click();
    await expect(dialog.getByRole('button', { name: /^Remover / })).toBeVisible();
    await expect(dialog.getByText('1ª parcela de R$ 333,34 e 2x de R$ 333,33, uma por mês.')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, '3 lançamentos criados.')).toBeVisible();
    const rows = page.getByRole('table', { name: 'Contas a pagar' }).getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.nth(1)).toContainText('(1/3)');
    await expect(rows.nth(1)).toContainText('R$ 333,34');
    const [org] = await e2eSql<{ n: number }>('SELECT count(*)::int AS n FROM fin_entries e JOIN organizations o ON o.id = e.organization_id WHERE e.company_id = $1 AND o.cnpj = $2', [admin.companyId, cnpj]);
    expect(org).toEqual({ n: 3 });
    await expect(page.getByLabel('Totais do filtro')).toContainText('R$ 1.000,00');

    // Partial payment of the first installment with interest.
    await rows.nth(1).getByRole('button', { name: 'Pagar: Notebook da recepção' }).click();
    const settle = page.getByRole('dialog', { name: 'Pagar: Notebook da recepção' });
    await settle.getByLabel('Valor principal (R$)').fill('100,00');
    await settle.getByLabel('Juros (R$)').fill('5,50');
    await expect(settle.getByText('Total pago: R$ 105,50')).toBeVisible();
    await expectAccessible(page);
    await settle.getByRole('button', { name: 'Confirmar baixa' }).click();
    await expect(toast(page, 'Baixa parcial registrada. Em aberto: R$ 233,34.')).toBeVisible();
    await expect(rows.nth(1)).toContainText('R$ 233,34');
    const [payment] = await e2eSql<{ amount_cents: string; interest_cents: string }>(
      'SELECT p.amount_cents, p.interest_cents FROM fin_payments p JOIN fin_entries e ON e.id = p.entry_id WHERE e.company_id = $1',
      [admin.companyId],
    );
    expect(payment).toEqual({ amount_cents: '10000', interest_cents: '550' });

    // Bulk settle everything still open.
    await page.getByRole('checkbox', { name: 'Selecionar todos em aberto' }).check();
    await page.getByRole('button', { name: 'Baixar selecionados' }).click();
    const bulk = page.getByRole('dialog', { name: 'Baixar selecionados' });
    await expect(bulk).toContainText('3 lançamento(s), R$ 900,00 em aberto');
    await bulk.getByRole('button', { name: 'Baixar 3' }).click();
    await expect(toast(page, '3 lançamento(s) baixado(s): R$ 900,00.')).toBeVisible();
    await expect(rows.filter({ hasText: 'Pago' })).toHaveCount(3);

    // Filters and the tab live in the URL: a reload keeps them.
    await page.getByLabel('Situação').selectOption('paid');
    await expect(page).toHaveURL(/aba=contas-a-pagar.*situacao=paid|situacao=paid.*aba=contas-a-pagar/);
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Contas a pagar' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Situação')).toHaveValue('paid');
    await expect(page.getByRole('table', { name: 'Contas a pagar' }).getByRole('row')).toHaveCount(4);
    await expectAccessible(page);

    // Cadastros: the account's balance moved by what was paid (5.000,00 − 1.005,50).
    await page.getByRole('tab', { name: 'Cadastros' }).click();
    await expect(page).toHaveURL(/aba=cadastros/);
    await expect(page.getByText('R$ 3.994,50')).toBeVisible();
    await expect(page.getByText('Simples Nacional (DAS)')).toBeVisible();
    await expectAccessible(page);
  });
  test('issue the NFS-e of a receivable (signed, sent over mTLS to the fake Sefin, e-mailed to the customer), then cancel it', async ({ page }) => {
    const admin = await createCompanyWithAdmin(page.request, 'Estúdio Nota Fiscal Ltda');
    const [company] = await e2eSql<{ cnpj: string }>('SELECT cnpj FROM companies WHERE id = $1', [admin.companyId]);
    const cert = makeA1({ cnpj: company!.cnpj });
    const sefin = await request.newContext({ ignoreHTTPSErrors: true });
    expect((await sefin.post(`${FAKE_SEFIN_URL}/__control/trust`, { data: { pem: cert.certificatePem } })).status()).toBe(200);
    await sefin.dispose();
    const upload = await page.request.post('/api/finance/nfse/certificate', { multipart: { file: { name: 'empresa.pfx', mimeType: 'application/x-pkcs12', buffer: cert.pfx }, password: cert.password } });
    expect(upload.status(), await upload.text()).toBe(201);
    const settings = await page.request.put('/api/finance/nfse/settings', {
      data: { environment: 'restricted', municipalityCode: '3550308', municipalRegistration: '12345678', regime: 'simples', serie: '1', services: [{ code: '010101', description: 'Desenvolvimento de sistemas', issRate: 2 }] },
    });
    expect(settings.status(), await settings.text()).toBe(200);
    const [org] = await e2eSql<{ id: string }>(`INSERT INTO organizations (company_id, razao_social, cnpj, email) VALUES ($1, 'Tomador Serviços Ltda', $2, 'nf@tomador.com.br') RETURNING id`, [admin.companyId, randomCnpj()]);
    const created = await page.request.post('/api/finance/entries', { data: { kind: 'receivable', description: 'Sistema de agendamento', amountCents: 2400_00, dueDate: today(), organizationId: org!.id } });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto('/financeiro?aba=contas-a-receber');
    await page.getByRole('button', { name: 'Editar Sistema de agendamento' }).click();
    const dialog = page.getByRole('dialog', { name: /Sistema de agendamento|Editar/ });
    const note = dialog.getByRole('region', { name: 'Nota fiscal (NFS-e)' });
    await note.getByRole('button', { name: 'Emitir nota' }).click();
    await expect(toast(page, 'Nota fiscal nº 1 emitida.')).toBeVisible();
    await expect(note.getByText('Emitida', { exact: true })).toBeVisible();
    await expect(note).toContainText(/Chave de acesso: \d{50}/);
    await expect(note.getByTestId('nfse-deliveries')).toContainText('Enviada para nf@tomador.com.br');
    await expect(note.getByRole('link', { name: /DANFSe/ })).toBeVisible();
    await shots(page, 'nfse-issued');
    await expectAccessible(page);

    await note.getByRole('button', { name: 'Cancelar nota' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancelar nota fiscal' });
    await cancel.getByLabel('Motivo do cancelamento').fill('Serviço faturado em duplicidade');
    await cancel.getByRole('button', { name: 'Cancelar nota' }).click();
    await expect(toast(page, 'Nota fiscal cancelada.')).toBeVisible();
    await expect(note.getByText('Cancelada', { exact: true })).toBeVisible();
    await expect(note).toContainText('Motivo do cancelamento: Serviço faturado em duplicidade');
    const [row] = await e2eSql<{ status: string }>('SELECT status FROM nfse_invoices WHERE company_id = $1', [admin.companyId]);
    expect(row).toEqual({ status: 'cancelled' });
  });
});

test.describe('/financeiro: inadimplência e régua de cobrança', () => {
  test('the overdue list with days late and a total; the rule refuses negative days and is saved; a customer is paused from their row', async ({ page }) => {
    test.setTimeout(60_000);
    const admin = await createCompanyWithAdmin(page.request, 'Oficina Régua Ltda');
    const minus = (n: number) => new Date(Date.parse(`${today()}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const [org] = await e2eSql<{ id: string }>(`INSERT INTO organizations (company_id, razao_social, email) VALUES ($1, 'Cliente Atrasado Ltda', 'cliente@atrasado.com.br') RETURNING id`, [admin.companyId]);
    await e2eSql(
      `INSERT INTO fin_entries (company_id, kind, description, amount_cents, due_date, competence_date, organization_id)
       VALUES ($1, 'receivable', 'Consultoria de outubro', 120000, $2, $2, $4), ($1, 'receivable', 'Manutenção de novembro', 35050, $3, $3, $4)`,
      [admin.companyId, minus(40), minus(5), org!.id],
    );

    await page.goto('/financeiro?aba=inadimplencia');
    await expect(page.getByRole('tab', { name: 'Inadimplência' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('overdue-total')).toContainText('2 contas vencidas · Total em aberto R$ 1.550,50');
    const rows = page.getByRole('table', { name: 'Contas vencidas' }).getByRole('row');
    await expect(rows.nth(1)).toContainText('Cliente Atrasado Ltda');
    await expect(rows.nth(1)).toContainText('40 dias de atraso');
    await expect(rows.nth(2)).toContainText('5 dias de atraso');
    await expect(page.getByText('Cadastre uma chave Pix padrão em Cadastros')).toBeVisible();

    const rule = page.getByTestId('dunning-settings');
    await rule.getByLabel('Dias depois do vencimento').fill('1, -2');
    await rule.getByRole('button', { name: 'Salvar régua' }).click();
    await expect(rule.getByRole('alert')).toContainText('Os dias dos lembretes não podem ser negativos nem zero');
    await rule.getByLabel('Dias depois do vencimento').fill('2, 10');
    await rule.getByRole('button', { name: 'Salvar régua' }).click();
    await expect(toast(page, 'Régua de cobrança salva.')).toBeVisible();
    await expect(rule.getByTestId('dunning-summary')).toHaveText('Envia: 3 dias antes, no dia do vencimento, 2 dias depois, 10 dias depois.');

    await rows.nth(1).getByRole('button', { name: 'Pausar a régua de Cliente Atrasado Ltda' }).click();
    await expect(toast(page, 'Régua pausada para Cliente Atrasado Ltda.')).toBeVisible();
    await expect(rule.getByRole('heading', { name: 'Clientes com a régua pausada' })).toBeVisible();
    await expect(rows.nth(2)).toContainText('Pausada');
    await expectAccessible(page);
    await shots(page, 'financeiro-inadimplencia');
    if (process.env.SHOTS) {
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'financeiro-inadimplencia-390');
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // What the rule sent shows on the receivable, in its 'Cobrar' dialog.
    await e2eSql(
      `INSERT INTO fin_dunning_messages (company_id, entry_id, step, channel, status, recipient, sent_at)
       SELECT company_id, id, 3, 'email', 'sent', 'cliente@atrasado.com.br', now() FROM fin_entries WHERE company_id = $1 AND description = 'Manutenção de novembro'`,
      [admin.companyId],
    );
    await page.goto('/financeiro?aba=contas-a-receber');
    await page.getByRole('table', { name: 'Contas a receber' }).getByRole('row').filter({ hasText: 'Manutenção de novembro' }).getByRole('button', { name: 'Cobrar Manutenção de novembro' }).click();
    const history = page.getByRole('dialog', { name: 'Cobrar por Pix' }).getByTestId('dunning-history');
    await expect(history).toContainText('3 dias depois · E-mail');
    await expect(history).toContainText('Enviado');
    await expect(history).toContainText('A régua está pausada para este cliente.');
    await shots(page, 'financeiro-cobrar-historico');
  });
});
