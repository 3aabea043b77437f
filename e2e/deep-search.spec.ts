import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { importReceita } from '../apps/server/src/modules/prospecting/importer/import.ts';
import { REL, relationsFolder } from '../apps/server/test/support/receita-relations.ts';
import { e2eDatabaseUrl } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: import('@playwright/test').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};
const RF_TABLES = 'rf_estabelecimentos, rf_empresas, rf_socios, rf_simples, rf_cnaes, rf_municipios, rf_naturezas, rf_qualificacoes, rf_paises, rf_motivos, rf_imports';

test.describe.configure({ mode: 'serial' });

/**
 * /deep-search (decision 0240) on a small register with known relations. The e2e server has one
 * database: the register is emptied again at the end, so prospecting.spec.ts (which starts from
 * a fresh install and imports the samples) sees what it expects.
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
