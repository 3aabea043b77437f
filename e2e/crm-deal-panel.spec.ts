import { expect, test, type Page } from '@playwright/test';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

// The deal panel's quotes and AI card inside /kanban-leads, and touch drag on the board.
const column = (page: Page, stage: string) => page.locator(`[data-testid="crm-column"][data-stage="${stage}"]`);
const card = (page: Page, title: string) => page.getByTestId('crm-card').filter({ hasText: title });

async function firstPipeline(page: Page) {
  const { pipelines } = (await (await page.request.get('/api/crm/pipelines')).json()) as { pipelines: Array<{ id: string; stages: Array<{ id: string; name: string }> }> };
  return pipelines[0]!;
}

const balanceOf = async (companyId: string) => (await e2eSql<{ n: number }>('SELECT currency_amount AS n FROM companies WHERE id = $1', [companyId]))[0]!.n;

test.describe('/kanban-leads deal panel extras', () => {
  test('on a deal’s panel: a quote with an item, the AI summary with its sections, the balance down by the price; axe on the panel', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Painel Extras Ltda');
    const p = await firstPipeline(page);
    expect((await page.request.post('/api/crm/deals', { data: { title: 'Hotel Beira-Mar', valueCents: 900_000, pipelineId: p.id } })).status()).toBe(201);
    const before = await balanceOf(admin.companyId);

    await page.goto('/kanban-leads');
    await card(page, 'Hotel Beira-Mar').click();
    const panel = page.getByTestId('crm-deal-panel');
    await expect(panel.getByRole('heading', { name: 'Hotel Beira-Mar' })).toBeVisible();

    // A quote with one item, from the panel.
    const quotes = panel.getByTestId('deal-quotes');
    await expect(quotes.getByText('Nenhum orçamento ainda.', { exact: false })).toBeVisible();
    await quotes.getByRole('button', { name: 'Novo orçamento' }).click();
    const dialog = page.getByTestId('quote-dialog');
    const item = dialog.getByTestId('quote-item').first();
    await item.getByLabel('Descrição').fill('Consultoria de vendas');
    await item.getByLabel('Quantidade').fill('2');
    await item.getByLabel('Preço unitário (R$)').fill('150,00');
    await expect(dialog.getByTestId('quote-total')).toHaveText('R$\u00a0300,00');
    await dialog.getByRole('button', { name: 'Criar orçamento' }).click();
    await page.getByRole('dialog', { name: /^Usar R\$\s300,00 como valor do negócio\?$/ }).getByRole('button', { name: 'Manter o valor atual' }).click();
    await expect(dialog).toBeHidden();
    await expect(quotes.getByText('R$\u00a0300,00').locator('visible=true').first()).toBeVisible();
    const quoteRows = await e2eSql<{ total_cents: number; n: number }>(
      'SELECT q.total_cents, (SELECT COUNT(*)::int FROM crm_quote_items i WHERE i.quote_id = q.id) AS n FROM crm_quotes q JOIN deals d ON d.id = q.deal_id WHERE q.company_id = $1 AND d.title = $2',
      [admin.companyId, 'Hotel Beira-Mar'],
    );
    expect(quoteRows.map((r) => [Number(r.total_cents), r.n])).toEqual([[30_000, 1]]);

    // The AI summary through the fake AI: structured sections, one coin charged.
    const ai = panel.getByTestId('deal-ai-card');
    await ai.getByRole('button', { name: /Resumir · 1 moeda/ }).click();
    await expect(ai.getByText('Pontos-chave')).toBeVisible();
    await expect(ai.getByText('Riscos')).toBeVisible();
    await expect(ai.getByText('Texto de exemplo gerado pela IA de teste.').first()).toBeVisible();
    await expect.poll(() => balanceOf(admin.companyId)).toBe(before - 1);
    await expect(page.getByTestId('header-balance')).toHaveText(String(before - 1));

    await expectAccessible(page);
  });
});

test.describe('/kanban-leads on a phone', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 } });

  test('a long press then a drag moves a card to another column by touch, persisted after reload', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await createCompanyWithAdmin(page.request, 'Toque Kanban Ltda');
    const p = await firstPipeline(page);
    expect((await page.request.post('/api/crm/deals', { data: { title: 'Loja do Toque', valueCents: 10_000, pipelineId: p.id } })).status()).toBe(201);
    await page.goto('/kanban-leads');
    const from = card(page, 'Loja do Toque');
    await expect(from).toBeVisible();
    // The columns scroll inside the board: the page itself never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const target = column(page, p.stages[1]!.name);
    // On a phone the board snaps one column per screen and dnd-kit auto-scrolls near its edges. To
    // drop on a known column, the test turns snapping off and scrolls the board so that the end of
    // the first column and the start of the second both show, away from the edges.
    await page.getByTestId('crm-board').evaluate((board, left) => {
      board.style.scrollSnapType = 'none';
      board.scrollLeft = left;
    }, 150);
    const a = (await from.boundingBox())!;
    const b = (await target.boundingBox())!;
    // The card must travel more than half a column (closestCorners), staying out of the edges' 20 %.
    const start = { x: 95, y: a.y + a.height / 2 };
    const end = { x: 305, y: b.y + 120 };
    expect(a.x + a.width).toBeGreaterThan(start.x + 20);
    expect(b.x).toBeLessThan(end.x - 40);

    // Real touch input through the DevTools protocol (Playwright's touchscreen only taps):
    // press, hold past the TouchSensor's 200 ms delay, move in steps, lift.
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: { x: number; y: number }) =>
      cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: Math.round(at.x), y: Math.round(at.y), id: 1 }] : [] });
    await touch('touchStart', start);
    // The hold is the gesture itself (a long press): the sensor activates after its 200 ms delay.
    await page.waitForTimeout(350);
    await touch('touchMove', { x: start.x + 2, y: start.y + 2 });
    for (let i = 1; i <= 12; i++) await touch('touchMove', { x: start.x + ((end.x - start.x) * i) / 12, y: start.y + ((end.y - start.y) * i) / 12 });
    await touch('touchEnd');

    await expect(target.getByTestId('crm-card').filter({ hasText: 'Loja do Toque' })).toBeVisible();
    await expect
      .poll(async () => (await e2eSql<{ name: string }>('SELECT s.name FROM deals d JOIN crm_stages s ON s.id = d.stage_id WHERE d.company_id = $1 AND d.title = $2', [admin.companyId, 'Loja do Toque']))[0]?.name)
      .toBe(p.stages[1]!.name);
    await page.reload();
    await expect(column(page, p.stages[1]!.name).getByTestId('crm-card').filter({ hasText: 'Loja do Toque' })).toBeVisible();
    await expect(column(page, p.stages[0]!.name).getByTestId('crm-card')).toHaveCount(0);
  });
});
