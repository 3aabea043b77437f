import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import pg from 'pg';
import { seedForeignDeals, seedMetricsFixture } from '../apps/server/test/crm/metrics-fixture.ts';
import { e2eDatabaseUrl, e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, expectAccessible } from './support/team.ts';

async function seed(companyId: string, owners: { seller: string; admin: string }) {
  const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 1 });
  try {
    return await seedMetricsFixture(pool, companyId, owners);
  } finally {
    await pool.end();
  }
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title });

test.describe('/metricas', () => {
  test('charts with seeded deals, the table toggle, the CSV download and a target set and shown', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Métricas Visuais Ltda');
    const other = await browser.newContext({ baseURL });
    const seller = await createMember(other.request, admin.companyId, 'vendas');
    await other.close();
    const third = await browser.newContext({ baseURL });
    const beta = await createCompanyWithAdmin(third.request, 'Outra Métrica Ltda');
    await third.close();
    await seed(admin.companyId, { seller: seller.userId, admin: admin.userId });
    const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 1 });
    await seedForeignDeals(pool, beta.companyId, beta.userId);
    await pool.end();

    await page.goto('/metricas?de=2026-01&ate=2026-03');
    await expect(page.getByRole('heading', { name: 'Métricas comerciais' })).toBeVisible();
    for (const title of ['Valor do funil por etapa', 'Conversão entre etapas', 'Ganhos e perdas por mês', 'Metas por vendedor', 'Receita por vendedor', 'Receita por origem', 'Ciclo médio de vendas', 'Faturado x recebido']) {
      await expect(card(page, title).getByRole('heading', { name: title })).toBeVisible();
    }
    // Every chart drew its bars (recharts SVG), described by its title and description; the admin also reads Financeiro: billed vs received (decision 0548).
    await expect(page.locator('.recharts-wrapper')).toHaveCount(8);
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
    const monthly = card(page, 'Ganhos e perdas por mês');
    await expect(monthly.getByRole('img', { name: 'Ganhos e perdas por mês' })).toBeVisible();
    await expect(monthly).toContainText('R$ 3.000,00 ganhos e R$ 500,00 perdidos');
    // KPIs: open pipeline (5.000 + 300.000 + 400.000 + 10.000 cents) and the average cycle.
    await expect(page.getByText('R$ 7.150,00', { exact: true })).toBeVisible();
    await expect(page.getByText('27,2 dias', { exact: true })).toBeVisible();
    await expectAccessible(page);

    // The table alternative: the same figures, Brasília months.
    await monthly.getByRole('button', { name: 'Ver tabela' }).click();
    await expect(monthly.getByRole('button', { name: 'Ver tabela' })).toHaveAttribute('aria-pressed', 'true');
    const table = monthly.getByRole('table', { name: 'Ganhos e perdas por mês' });
    await expect(table.getByRole('row', { name: /janeiro de 2026/ })).toContainText('R$ 1.000,00');
    await expect(table.getByRole('row', { name: /fevereiro de 2026/ })).toContainText('R$ 500,00');
    await expect(table.getByRole('row', { name: /março de 2026/ })).toContainText('R$ 2.000,00');
    await expectAccessible(page);

    // The CSV: BOM, ';', CRLF, reais with a decimal comma.
    const [download] = await Promise.all([page.waitForEvent('download'), monthly.getByRole('button', { name: 'Baixar CSV' }).click()]);
    expect(download.suggestedFilename()).toBe('ganhos-e-perdas-por-mes.csv');
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toBe('\uFEFFMês;Ganhos;Ganhos (R$);Perdidos;Perdidos (R$)\r\n2026-01;1;1000;0;0\r\n2026-02;0;0;1;500\r\n2026-03;1;2000;0;0\r\n');

    // A target for the seller in January: 50% reached.
    const targets = card(page, 'Metas por vendedor');
    await targets.getByRole('button', { name: 'Definir metas' }).click();
    const dialog = page.getByRole('dialog', { name: 'Definir metas' });
    await dialog.getByLabel('Mês').selectOption({ label: 'janeiro de 2026' });
    await dialog.getByLabel('Bruno Membro').fill('2.000,00');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Salvar metas' }).click();
    await expect(dialog).toBeHidden();
    await targets.getByRole('button', { name: 'Ver tabela' }).click();
    const row = targets.getByRole('row', { name: /Bruno Membro janeiro de 2026/ });
    await expect(row).toContainText('R$ 2.000,00');
    await expect(row).toContainText('R$ 1.000,00');
    await expect(row).toContainText('50%');
    const stored = await e2eSql<{ target_cents: string; month: string }>(`SELECT target_cents::text, to_char(month, 'YYYY-MM') AS month FROM crm_targets WHERE company_id = $1`, [admin.companyId]);
    expect(stored).toEqual([{ target_cents: '200000', month: '2026-01' }]);

    // Filters go to the URL; the other pipeline has only its own stage.
    await page.getByLabel('Funil', { exact: true }).selectOption({ label: 'Parcerias' });
    await expect(page).toHaveURL(/funil=/);
    await expect(card(page, 'Valor do funil por etapa')).toContainText('R$ 100,00 no total');
    await page.reload();
    await expect(page.getByLabel('Funil', { exact: true })).toHaveValue(/[0-9a-f-]{36}/);
    await expect(card(page, 'Valor do funil por etapa')).toContainText('R$ 100,00 no total');
  });

  test('without deals: what the page is for and a way to the kanban', async ({ page }) => {
    await createCompanyWithAdmin(page.request, 'Sem Negócios Ltda');
    await page.goto('/metricas');
    await expect(page.getByRole('heading', { name: 'Acompanhe as vendas da equipe' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Abrir o Kanban de leads' })).toHaveAttribute('href', '/kanban-leads');
    await expectAccessible(page);
  });
});
