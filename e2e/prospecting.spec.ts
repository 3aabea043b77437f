import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { importReceita } from '../apps/server/src/modules/prospecting/importer/import.ts';
import { sampleFolder } from '../apps/server/test/support/receita.ts';
import { generateReceita } from '../apps/server/src/modules/prospecting/importer/generate.ts';
import { seedCompany } from '../apps/server/test/support/seed.ts';
import { createConfirmedUser, signInByApi } from './support/api.ts';
import { e2eDatabaseUrl, e2eDb, e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';
import { REL, relationsFolder } from '../apps/server/test/support/receita-relations.ts';

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

/** In SUPPORT_OPERATORS of playwright.config.ts: may start the Receita data's refresh. */
const RECEITA_OPERATOR = 'operador.receita.e2e@sede.test';

/** The first thing a freshly loaded page shows: the whole app is parsed then, which takes long on a busy machine. */
const COLD = { timeout: 30_000 };

const RF_TABLES = 'rf_estabelecimentos, rf_empresas, rf_socios, rf_simples, rf_cnaes, rf_municipios, rf_naturezas, rf_qualificacoes, rf_paises, rf_motivos, rf_imports';

test.describe.configure({ mode: 'serial' });

test.describe('prospecting over the Receita Federal open data', () => {
  test('a fresh install: Busca por CNPJ looks the CNPJ up through the public providers and explains the import beside', async ({ page }) => {
    test.setTimeout(120_000); // three cold page loads and two viewports
    await createCompanyWithAdmin(page.request, 'Prospecção Vazia Ltda');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/extrair-leads-cnpj');
    await expect(page.getByRole('heading', { name: 'Importe a base de CNPJs da Receita Federal' })).toBeVisible(COLD);
    await expect(page.getByText('npm run receita:import', { exact: false })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'extrair-vazio-1280');

    // Busca por CNPJ: the search box, the providers' record with its source, the import explained beside.
    await page.goto('/cnpj-search');
    const note = page.getByRole('note').filter({ hasText: 'Base da Receita Federal não importada' });
    await expect(note).toBeVisible(COLD);
    await expect(note).toContainText('npm run receita:import');
    await page.getByRole('textbox', { name: 'CNPJ' }).fill('98.765.432/0001-98');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page).toHaveURL(/cnpj=98765432000198/);
    await expect(page.getByRole('heading', { name: 'AURORA FICTICIA PANIFICADORA LTDA' })).toBeVisible();
    await expect(page.getByText('Estes dados vêm da consulta pública de CNPJ (fonte: BrasilAPI).', { exact: false })).toBeVisible();
    await expect(page.getByText('(11) ****-5060')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'cnpj-sem-base-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(note).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'cnpj-sem-base-375');
  });

  test('a fresh install: Extrair leads reads a pasted list through the public providers, each row with its source', async ({ page }) => {
    test.setTimeout(120_000); // public lookups, two viewports
    await createCompanyWithAdmin(page.request, 'Lista Sem Base Ltda');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/extrair-leads');
    await expect(page.getByRole('note').filter({ hasText: 'Base da Receita Federal não importada' })).toBeVisible(COLD);
    await page.getByRole('textbox', { name: 'CNPJs', exact: true }).fill('98.765.432/0001-98\n98765432000279');
    await page.getByRole('button', { name: 'Consultar CNPJs' }).click();
    await expect(page.getByRole('heading', { name: '1 empresa encontrada · 1 não encontrada' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table).toContainText('AURORA FICTICIA PANIFICADORA LTDA');
    await expect(table.getByRole('columnheader', { name: 'Fonte' })).toBeVisible();
    await expect(table).toContainText('BrasilAPI');
    await expect(page.getByTestId('origem-consulta-publica')).toBeVisible();
    await expect(page.getByRole('button', { name: /Revelar contatos/ })).toHaveCount(0);
    await expect(page.getByText('Linha 2: 98765432000279 — Não encontrado na consulta pública de CNPJ.')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'extrair-leads-sem-base-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(table).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: 'Fonte: BrasilAPI' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'extrair-leads-sem-base-375');
  });

  test("/admin 'Base de CNPJs': every admin sees the upkeep; an operator refreshes it now and follows it live", async ({ page }) => {
    test.setTimeout(180_000); // two people signed up, a download served slowly on purpose, an import
    // The fake Receita file server lists the months written here (playwright.config.ts).
    await generateReceita(path.join(process.env.E2E_RECEITA_DIR!, '2026-10'), { establishments: 30, seed: 7 });

    await createCompanyWithAdmin(page.request, 'Admin Sem Operação Ltda');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Base de CNPJs' }).click(COLD);
    await expect(page.getByTestId('receita-state')).toHaveText('Sem dados importados');
    await expect(page.getByText('Próxima verificação')).toBeVisible();
    await expect(page.getByText('todo dia às 04:10 (horário de Brasília)')).toBeVisible();
    await expect(page.getByText('Só os operadores da plataforma podem iniciar', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Atualizar agora' })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, 'admin-base-sem-operador-1280');

    await page.context().clearCookies();
    const exists = await e2eSql<{ n: number }>('SELECT count(*)::int AS n FROM "user" WHERE email = $1', [RECEITA_OPERATOR]);
    if (!exists[0]!.n) {
      await createConfirmedUser(page.request, { email: RECEITA_OPERATOR, firstName: 'Olga', lastName: 'Operadora' });
      const [user] = await e2eSql<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [RECEITA_OPERATOR]);
      await seedCompany(e2eDb(), { adminUserId: user!.id, name: 'Operação da Plataforma Ltda' });
    }
    await page.context().clearCookies();
    await signInByApi(page, RECEITA_OPERATOR, 'segredo123');
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Base de CNPJs' }).click(COLD);
    await page.getByRole('button', { name: 'Atualizar agora' }).click();
    // Followed live: the job's stage while the files come down (the fake serves them slowly).
    const progress = page.getByRole('region', { name: 'Atualização da base' });
    await expect(progress).toContainText('Baixando os arquivos');
    await shot(page, 'admin-base-andamento-1280');
    await expect(page.getByRole('button', { name: 'Atualizar agora' })).toBeDisabled();
    await expectAccessible(page);
    await expect(page.getByTestId('receita-state')).toHaveText('Em dia', { timeout: 40_000 });
    await expect(page.getByText('outubro de 2026', { exact: true })).toBeVisible(); // the month loaded
    await expect(page.getByText('30 estabelecimentos', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('iniciada no painel')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-base-1280');
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('receita-state')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'admin-base-375');
  });

  test('filters, count, results and one company\'s record, on desktop and phone', async ({ page }) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receita-e2e-'));
    const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 2 });
    await importReceita(pool, await sampleFolder(dir), { log: () => undefined });
    await pool.end();
    fs.rmSync(dir, { recursive: true, force: true });

    await createCompanyWithAdmin(page.request, 'Prospecção Cheia Ltda');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/extrair-leads-cnpj');
    await expect(page.getByRole('heading', { name: '3 empresas encontradas' })).toBeVisible();
    await page.getByLabel('CNAE (código ou nome)').fill('padaria');
    await page.getByRole('button', { name: 'Buscar empresas' }).click();
    await expect(page.getByRole('alert')).toHaveText('Escolha um CNAE da lista ou digite o código (de 2 a 7 dígitos).');
    // What picking "1091-1/02 …" from the autocomplete puts in the field.
    await page.getByLabel('CNAE (código ou nome)').fill('1091102 Fabricação de produtos de padaria e confeitaria com predominância de produção própria');
    await page.getByLabel('UF').selectOption('SP');
    await page.getByRole('button', { name: 'Buscar empresas' }).click();
    await expect(page.getByRole('heading', { name: '1 empresa encontrada' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table).toContainText('AURORA FICTICIA PANIFICADORA LTDA');
    await expect(table).toContainText('98.765.432/0001-98');
    await expect(table).toContainText('R$ 50.000,00');
    await expect(page).toHaveURL(/cnae=1091102/);
    await expectAccessible(page);
    await page.getByLabel('UF').selectOption('');
    await page.getByRole('button', { name: 'Buscar empresas' }).click();
    await expect(page.getByRole('heading', { name: '2 empresas encontradas' })).toBeVisible();
    await shot(page, 'extrair-1280');

    await table.getByRole('link', { name: 'AURORA FICTICIA PANIFICADORA LTDA' }).click();
    await expect(page).toHaveURL(/\/cnpj-search\?cnpj=98765432000198/);
    await expect(page.getByRole('heading', { name: 'AURORA FICTICIA PANIFICADORA LTDA' })).toBeVisible();
    await expect(page.getByText('(11) ****-5060 · c******@padariaaurora.example')).toBeVisible();
    await expect(page.getByText('MARIA EXEMPLO DA SILVA')).toBeVisible();
    await expect(page.getByText('Padaria e confeitaria com predominância de revenda')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'cnpj-1280');

    await page.getByRole('textbox', { name: 'CNPJ' }).fill('a1b2.c3d4/0001-93');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('heading', { name: 'DOCES DA VOVÓ CONCEIÇÃO FICTÍCIA LTDA' })).toBeVisible();
    await page.getByRole('textbox', { name: 'CNPJ' }).fill('98.765.432/0002-79');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await expect(page.getByRole('alert')).toContainText('CNPJ não encontrado na base da Receita Federal importada.');

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/extrair-leads-cnpj?situacao=todas');
    await expect(page.getByRole('heading', { name: '4 empresas encontradas' })).toBeVisible();
    await expect(page.getByRole('table')).toBeHidden();
    await expect(page.getByRole('listitem').filter({ hasText: 'SEDE FICTICIA TECNOLOGIA LTDA' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'extrair-375');
    await page.goto('/cnpj-search?cnpj=98765432000198');
    await expect(page.getByRole('heading', { name: 'AURORA FICTICIA PANIFICADORA LTDA' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'cnpj-375');
  });

  test('leads: reveal with the price shown, export CSV, send to a CRM list; /extrair-leads paste → table', async ({ page }) => {
    // The data was imported by the test above (serial).
    const admin = await createCompanyWithAdmin(page.request, 'Prospecção Leads Ltda');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/extrair-leads-cnpj?uf=SP');
    await expect(page.getByRole('heading', { name: '1 empresa encontrada' })).toBeVisible();
    const table = page.getByRole('table');
    await expect(table).toContainText('(11) ****-5060');
    await table.getByRole('checkbox', { name: 'Selecionar AURORA FICTICIA PANIFICADORA LTDA' }).check();
    const reveal = page.getByRole('button', { name: 'Revelar contatos · 1 moeda' });
    await expect(reveal).toBeVisible();
    await expect(page.getByRole('button', { name: 'Exportar CSV · 1 moeda' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'leads-selecao-1280');
    await reveal.click();
    await expect(table).toContainText('(11) 3040-5060');
    await expect(table).toContainText('contato@padariaaurora.example');
    await expect(page.getByRole('button', { name: 'Exportar CSV · sem custo' })).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar CSV · sem custo' }).click();
    const file = await download;
    const csv = fs.readFileSync((await file.path())!, 'utf8');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('98765432000198;AURORA FICTICIA PANIFICADORA LTDA');
    expect(csv).toContain('(11) 3040-5060');

    await page.getByRole('button', { name: /Enviar para lista do CRM/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Enviar para lista do CRM' });
    await dialog.getByLabel('Nome da nova lista').fill('Padarias de SP');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(dialog.getByText('Concluído', { exact: false })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await shot(page, 'leads-envio-1280');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    const [members] = await e2eSql<{ n: number }>(
      `SELECT count(*)::int AS n FROM crm_list_members m JOIN crm_lists l ON l.id = m.list_id WHERE l.company_id = $1 AND l.name = 'Padarias de SP'`,
      [admin.companyId],
    );
    expect(members!.n).toBe(2);

    await page.goto('/extrair-leads');
    await expect(page.getByRole('main').getByRole('heading', { name: 'Extrair leads', level: 2 })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox', { name: 'CNPJs', exact: true }).fill('98.765.432/0001-98\nSEDE0001000156, 12.345.678/0001-00');
    await page.getByRole('button', { name: 'Consultar CNPJs' }).click();
    await expect(page.getByRole('heading', { name: /2 empresas encontradas · 1 inválida$/ })).toBeVisible();
    const results = page.getByRole('table');
    await expect(results).toContainText('SEDE FICTICIA TECNOLOGIA LTDA');
    await expect(results).toContainText('contato@padariaaurora.example');
    await expect(page.getByText('Linha 2: 12.345.678/0001-00', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Revelar contatos · 1 moeda' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'extrair-leads-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(results).toBeHidden();
    await expectAccessible(page);
    await shot(page, 'extrair-leads-375');
  });
});

/**
 * /deep-search (decision 0240) on a small register with known relations. The e2e server has one
 * database, so these run after the tests above in this one serial file (never beside them in
 * another worker), replace the samples with the relations' register, and empty it at the end.
 */
test.describe('deep search: the relations of a CNPJ as a graph and a list', () => {
  const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 2 });
  test.beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receita-deep-e2e-'));
    await importReceita(pool, await relationsFolder(dir), { log: () => undefined });
    fs.rmSync(dir, { recursive: true, force: true });
  });
  test.afterAll(async () => {
    await pool.query(`TRUNCATE ${RF_TABLES}`);
    await pool.end();
  });

  test('open a CNPJ, expand a node, the list shows its neighbours; on desktop and phone', async ({ page }) => {
    await createCompanyWithAdmin(page.request, 'Pesquisa Aprofundada Ltda');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/deep-search');
    await expect(page.getByRole('heading', { name: 'Digite um CNPJ para ver as relações' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('textbox', { name: 'CNPJ' }).fill(REL.alfa);
    await page.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(page).toHaveURL(new RegExp(`cnpj=${REL.alfa}`));
    await expect(page.getByRole('heading', { name: 'Relações de ALFA' })).toBeVisible();
    const graph = page.getByRole('img', { name: /Grafo de relações: 4 estabelecimentos/ });
    await expect(graph).toBeVisible();
    await expect(page.getByRole('list', { name: 'Mesmo CNPJ raiz' })).toContainText('ALFA FILIAL');
    await expect(page.getByRole('list', { name: 'Sócios em comum' })).toContainText('Sócio em comum: ANA PARCEIRA');
    await expect(page.getByRole('list', { name: 'Mesmo telefone' })).toContainText('(11) ****-0001');
    await expect(page.getByRole('list', { name: 'Mesmo endereço' })).toContainText('GAMA');
    await expectAccessible(page);
    await shot(page, 'deep-search-1280');

    // Expand a node with the mouse (the drawing) …
    await page.locator(`svg g[data-cnpj="${REL.gama}"]`).click();
    await expect(page.getByRole('heading', { name: 'Relações de GAMA' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Mesmo endereço' })).toContainText('ALFA');
    // … and with the keyboard path (the list): BETA's neighbours are listed, the graph grows.
    await page.getByRole('button', { name: 'Ver relações de ALFA' }).click();
    await expect(page.getByRole('heading', { name: 'Relações de ALFA' })).toBeVisible();
    await page.getByRole('button', { name: 'Ver relações de BETA' }).first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Relações de BETA' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sócios em comum' })).toContainText('ALFA');
    await expect(page.getByRole('list', { name: 'Mesmo telefone' })).toContainText('ALFA');
    await expect(page.getByRole('navigation', { name: 'Empresas exploradas' }).getByRole('button')).toHaveCount(3);
    await expectAccessible(page);
    await shot(page, 'deep-search-expanded-1280');

    // The cap: 59 other establishments, 50 listed, 'e mais 9'.
    await page.goto(`/deep-search?cnpj=${REL.omega}`);
    await expect(page.getByText('e mais 9 não mostradas', { exact: false })).toBeVisible();

    // From /cnpj-search, 'Ver relações'.
    await page.goto(`/cnpj-search?cnpj=${REL.beta}`);
    await page.getByRole('link', { name: 'Ver relações' }).click();
    await expect(page).toHaveURL(new RegExp(`/deep-search\\?cnpj=${REL.beta}`));
    await expect(page.getByRole('heading', { name: 'Relações de BETA' })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`/deep-search?cnpj=${REL.alfa}`);
    await expect(page.getByRole('heading', { name: 'Relações de ALFA' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'deep-search-375');
  });
});
