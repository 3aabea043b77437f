import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makeOfx } from '@sede/shared/finance/ofx-sample';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { signInByApi } from './support/api.ts';
import { toast } from './support/auth-ui.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

/** Screenshots for the closing note when SHOTS=<dir> is set (1280 px and 375 px). */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.waitForTimeout(300); // charts re-measure on resize (screenshots only, not an assertion)
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

const ofx = (transactions: { date: string; amount: string; fitId: string; memo: string }[]) => makeOfx({ bankId: '0341', acctId: '123456', transactions });

test.describe('/financeiro: extratos, conciliação e fluxo de caixa', () => {
  test('imports an OFX, confirms a suggested match, creates an entry for an unmatched line; the cash flow chart and table', async ({ page, request }) => {
    // Four screens of Financeiro walked through, each checked by axe.
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(request, 'Padaria Financeira Ltda');
    const today = todayInBrazil();
    const [account] = await e2eSql<{ id: string }>(
      `insert into fin_accounts (company_id, name, bank_code, account_number, opening_balance_cents, opening_date) values ($1, 'Itaú PJ', '341', '12345-6', 500000, '2024-01-01') returning id`,
      [admin.companyId],
    );
    await e2eSql(`insert into fin_categories (company_id, name, kind, dre_group) values ($1, 'Vendas', 'income', 'receita_bruta'), ($1, 'Tarifas bancárias', 'expense', 'despesas_financeiras')`, [admin.companyId]);
    const lineDay = addDays(today, -3);
    await e2eSql(`insert into fin_entries (company_id, kind, description, amount_cents, due_date, competence_date) values ($1, 'payable', 'Conta de luz', 25000, $2, $2)`, [admin.companyId, addDays(today, -2)]);
    await e2eSql(`insert into fin_entries (company_id, kind, description, amount_cents, due_date, competence_date, account_id) values ($1, 'receivable', 'Venda para cliente Beta', 180000, $2, $2, $3)`, [
      admin.companyId,
      addDays(today, 10),
      account!.id,
    ]);

    await signInByApi(page, admin.email, admin.password);
    await page.goto('/financeiro?aba=extratos');
    await expect(page.getByRole('tab', { name: 'Extratos e conciliação' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Nenhuma transação aqui')).toBeVisible();

    await page.getByTestId('statement-file').setInputFiles({
      name: 'extrato-itau.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(ofx([
        { date: lineDay, amount: '-250,00', fitId: 'A1', memo: 'PAG CONTA LUZ' },
        { date: lineDay, amount: '-39,90', fitId: 'A2', memo: 'TARIFA PACOTE' },
      ]), 'latin1'),
    });
    await expect(toast(page, '2 transação(ões) importada(s)')).toBeVisible();
    // The import history: file, account, period, lines, duplicates, who, when.
    const history = page.getByTestId('import-history').getByTestId('import-row');
    await expect(history).toHaveCount(1);
    await expect(history.first()).toContainText('extrato-itau.ofx');
    await expect(history.first()).toContainText('Itaú PJ');
    await expect(history.first().getByRole('cell').nth(2)).toHaveText('2');
    await expect(history.first().getByRole('cell').nth(4)).toHaveText('0');
    const lines = page.getByTestId('statement-line');
    await expect(lines).toHaveCount(2);

    // The suggestion: the payable of the same amount two days apart, confirmed in one click.
    const luz = lines.filter({ hasText: 'PAG CONTA LUZ' });
    await expect(luz.getByTestId('line-suggestion')).toContainText('Conta de luz');
    await expectAccessible(page);
    await shots(page, 'statements');
    await luz.getByRole('button', { name: 'Confirmar' }).click();
    await expect(toast(page, 'Transação conciliada.')).toBeVisible();
    await expect(luz).toHaveAttribute('data-status', 'matched');
    await expect(luz).toContainText('Conciliada com: Conta de luz');

    // The unmatched line: a payable created with its category.
    const tarifa = lines.filter({ hasText: 'TARIFA PACOTE' });
    await tarifa.getByRole('button', { name: 'Criar conta a pagar' }).click();
    await tarifa.getByLabel('Categoria').selectOption({ label: 'Tarifas bancárias' });
    await tarifa.getByRole('button', { name: 'Criar lançamento' }).click();
    await expect(tarifa).toHaveAttribute('data-status', 'created');
    const [entry] = await e2eSql<{ status: string }>(`select status from fin_entries where company_id = $1 and description = 'TARIFA PACOTE'`, [admin.companyId]);
    expect(entry!.status).toBe('paid');

    // Re-importing the same file adds nothing.
    await page.getByTestId('statement-file').setInputFiles({
      name: 'extrato-itau.ofx',
      mimeType: 'application/x-ofx',
      buffer: Buffer.from(ofx([{ date: lineDay, amount: '-250,00', fitId: 'A1', memo: 'PAG CONTA LUZ' }]), 'latin1'),
    });
    await expect(toast(page, 'Nenhuma transação nova')).toBeVisible();

    // Cash flow: realised (the two payments) and projected (the receivable), chart and table; the state in the URL.
    await page.getByRole('tab', { name: 'Fluxo de caixa' }).click();
    await expect(page).toHaveURL(/aba=fluxo-de-caixa/);
    await page.getByRole('group', { name: 'Agrupar por' }).getByText('Dia', { exact: true }).click();
    await expect(page).toHaveURL(/agrupar=day/);
    await expect(page.getByTestId('cash-flow-chart')).toBeVisible();
    const table = page.getByTestId('cash-flow-table');
    await expect(table).toBeVisible();
    // 5.000,00 − 250,00 − 39,90 + 1.800,00 projected = 6.510,10 at the end of the period.
    await expect(page.getByTestId('cash-flow-closing')).toHaveText(/R\$\s6\.510,10/);
    await page.reload();
    await expect(page.getByRole('radio', { name: 'Dia' })).toBeChecked();
    await expectAccessible(page);
    await shots(page, 'cash-flow');

    await page.getByRole('tab', { name: 'Visão geral' }).click();
    await expect(page.getByTestId('kpi-balance')).toContainText(/R\$\s4\.710,10/);
    await expectAccessible(page);
    await shots(page, 'overview');

    await page.getByRole('tab', { name: 'DRE' }).click();
    await expect(page.getByTestId('dre-table')).toContainText('Lucro líquido');
    await expectAccessible(page);
    await shots(page, 'dre');
  });

  test("a bank CSV's balance lines are the bank's balance, shown against Sede's; never transactions (issue items 10, 12)", async ({ page, request }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(request, 'Padaria do Extrato Ltda');
    await e2eSql(`insert into fin_accounts (company_id, name, bank_code, account_number, opening_balance_cents, opening_date) values ($1, 'Itaú PJ', '341', '12345-6', 1000000, '2024-01-31')`, [admin.companyId]);
    await signInByApi(page, admin.email, admin.password);
    await page.goto('/financeiro?aba=extratos');
    await page.getByTestId('statement-file').setInputFiles({ name: 'extrato-itau.csv', mimeType: 'text/csv', buffer: readFileSync(new URL('../apps/server/test/fixtures/csv/itau.csv', import.meta.url)) });
    await expect(toast(page, '3 transação(ões) importada(s)')).toBeVisible();
    await expect(page.getByTestId('statement-line')).toHaveCount(3);
    await expect(page.getByTestId('statement-line').filter({ hasText: /SALDO/ })).toHaveCount(0);
    const balance = page.getByTestId('statement-balance');
    await expect(balance).toContainText(/Saldo no banco em 02\/02\/2024\s*R\$\s12\.410,10/);
    await expect(balance).toContainText(/Saldo no Sede na mesma data\s*R\$\s10\.000,00/);
    await expect(balance).toContainText(/Diferença\s*R\$\s2\.410,10/);
    await expectAccessible(page);
    await shots(page, 'statement-balance');
  });
});
