import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

/** CSP violations (decision 0075), as security-headers.spec.ts collects them. */
async function watchCsp(page: Page) {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return async () => {
    const seen = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    expect([...seen, ...console]).toEqual([]);
  };
}

const elementsOf = async (boardId: string) =>
  (await e2eSql<{ types: string[] | null }>(`SELECT array(SELECT e->>'type' FROM jsonb_array_elements(scene->'elements') e) AS types FROM canvas_boards WHERE id = $1`, [boardId]))[0]?.types ?? null;

/**
 * The board page around the editor: Excalidraw's own toolbar and menus (its color pickers' unnamed
 * dialogs, its icon-only menu button) are the library's, outside our code; they are excluded
 * (decision 0298) and everything of ours is checked.
 */
async function expectAccessibleAround(page: Page) {
  const { violations } = await new AxeBuilder({ page }).exclude('.excalidraw').analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const canvas = (page: Page) => page.locator('.excalidraw canvas.interactive');

test('a whiteboard: created, drawn on by keyboard and mouse, autosaved, reopened after a reload', async ({ page }) => {
  test.setTimeout(120_000);
  const noViolations = await watchCsp(page);
  // Nothing from another origin (Excalidraw's fonts and locales come from ours, decision 0297).
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const outside: string[] = [];
  page.on('request', (r) => {
    if (!/^(data|blob):/.test(r.url()) && new URL(r.url()).origin !== origin) outside.push(r.url());
  });
  await createCompanyWithAdmin(page.request, 'Quadros Brancos Ltda');
  await page.goto('/canvas-workspace');
  await expect(page.getByRole('heading', { name: 'Nenhum quadro ainda' })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Criar o primeiro quadro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo quadro' });
  await dialog.getByLabel('Nome do quadro').fill('Fluxo de atendimento');
  await dialog.getByRole('button', { name: 'Criar quadro' }).click();
  await expect(page).toHaveURL(/\/canvas-workspace\?quadro=[0-9a-f-]{36}$/);
  const boardId = new URL(page.url()).searchParams.get('quadro')!;
  await expect(page.getByRole('heading', { name: 'Fluxo de atendimento' })).toBeVisible();
  await expect(canvas(page)).toBeVisible({ timeout: 30_000 });

  // 'r' picks the rectangle; a mouse drag draws it.
  const box = (await canvas(page).boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height - 40);
  await page.keyboard.press('r');
  await page.mouse.move(box.x + box.width / 2 - 100, box.y + box.height / 2 - 60);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2 + 40, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByRole('status').filter({ hasText: /Alterações não salvas|Salvando/ })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Salvo às \d{2}:\d{2}$/ })).toBeVisible();
  expect(await elementsOf(boardId)).toEqual(['rectangle']);
  await expectAccessibleAround(page);

  // Reopened: the rectangle is in the editor (selecting all and deleting it saves an empty board).
  await page.reload();
  await expect(canvas(page)).toBeVisible({ timeout: 30_000 });
  await page.mouse.click(box.x + 20, box.y + box.height - 20);
  await page.keyboard.press('Control+a');
  // The selection's properties (in Portuguese) show: the rectangle is there.
  await expect(page.locator('.excalidraw').getByText('Contorno', { exact: true })).toBeVisible();
  await page.keyboard.press('Delete');
  await expect.poll(() => elementsOf(boardId)).toEqual([]);
  await expect(page.getByRole('status').filter({ hasText: /^Salvo às/ })).toBeVisible();

  // The list links to the board by its query.
  await page.getByRole('link', { name: 'Quadros' }).click();
  await expect(page.getByRole('link', { name: 'Fluxo de atendimento' })).toHaveAttribute('href', `/canvas-workspace?quadro=${boardId}`);
  await expect(page.getByText(/Vazio · Atualizado em/)).toBeVisible();
  await expectAccessible(page);

  await noViolations();
  expect(outside).toEqual([]);
});
