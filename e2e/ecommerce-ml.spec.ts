import { expect, type Page, test } from '@playwright/test';
import { FAKE_MERCADOLIVRE_URL } from '../playwright.config.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

/** Screenshots into SHOTS=<dir> at desktop (1280) and phone (390) widths; none without SHOTS. */
async function widths(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  const size = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 844 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test('an admin connects a Mercado Livre account, its orders appear, and a paid order shows as Recebido in Financeiro', async ({ page }) => {
  test.setTimeout(120_000);
  await createCompanyWithAdmin(page.request, 'Rui Eletrônicos E2E Ltda');
  const seller = await page.request.post(`${FAKE_MERCADOLIVRE_URL}/__control/seller`, {
    data: {
      nickname: 'RUI_ELETRONICOS',
      orders: [
        { status: 'paid', buyer: { first_name: 'Sofia', last_name: 'Antunes', doc: '52998224725' }, shipping_cost: 20 },
        { status: 'payment_required', buyer: { first_name: 'Tiago', last_name: 'Moura' }, items: [{ title: 'Carregador turbo', sku: 'CAR-20', unit_price: 89.9, quantity: 1, sale_fee: 10.79 }] },
      ],
    },
  });
  const { sellerId, orderIds } = (await seller.json()) as { sellerId: string; orderIds: number[] };

  await page.goto('/ecommerce');
  await expect(page.getByRole('heading', { name: 'Traga os pedidos da sua loja virtual' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('button', { name: 'Conectar Nuvemshop' })).toBeVisible();
  await expectAccessible(page);
  await widths(page, 'ecommerce-ml-empty');

  // Mercado Livre's authorisation sends the browser back to /ecommerce/conectar/mercadolivre, which finishes the connection.
  await page.getByRole('button', { name: 'Conectar Mercado Livre' }).click();
  await expect(page).toHaveURL(/\/ecommerce\?aba=lojas$/, { timeout: 30_000 });
  const card = page.getByTestId('store-card').filter({ hasText: 'RUI_ELETRONICOS' });
  await expect(card).toContainText(`Mercado Livre (conta ${sellerId})`);
  await expect(card.getByText('Conectada', { exact: true })).toBeVisible();
  await expect(card.locator('dd').nth(1)).toHaveText('2', { timeout: 30_000 });
  await expect(card.locator('dd').nth(2)).not.toHaveText('Ainda não sincronizada');
  await expectAccessible(page);
  await widths(page, 'ecommerce-ml-stores');

  await page.getByRole('tab', { name: 'Pedidos' }).click();
  await expect(page.getByText('2 pedidos')).toBeVisible();
  const pending = page.getByTestId('order-row').filter({ hasText: `Pedido #${orderIds[1]}` });
  await expect(pending).toContainText('Tiago Moura');
  await expect(pending).toContainText('RUI_ELETRONICOS · Mercado Livre');
  await expect(pending).toContainText('Aguardando pagamento');
  await page.getByLabel('Loja', { exact: true }).selectOption({ label: 'RUI_ELETRONICOS (Mercado Livre)' });
  await expect(page.getByText('2 pedidos')).toBeVisible();
  await expectAccessible(page);
  await widths(page, 'ecommerce-ml-orders');

  // Paid at Mercado Livre: its orders_v2 notification, the order fetched and applied.
  const origin = new URL(page.url()).origin;
  const paid = await page.request.post(`${FAKE_MERCADOLIVRE_URL}/__control/notify`, {
    data: { url: `${origin}/api/ecommerce/webhooks/mercadolivre`, sellerId, id: orderIds[1], changes: { status: 'paid', tags: ['paid'] } },
  });
  expect(await paid.json()).toEqual({ status: 200, body: { ok: true } });
  await pending.getByRole('link', { name: `Pedido #${orderIds[1]}` }).click();
  await expect(page.getByTestId('receivable-status')).toHaveText('Recebido', { timeout: 20_000 });

  // In Financeiro: both paid orders received on the account's own bank account.
  await page.goto('/financeiro?aba=contas-a-receber');
  for (const id of orderIds) {
    const row = page.locator('tr, li').filter({ hasText: `Pedido #${id} — RUI_ELETRONICOS` }).first();
    await expect(row).toContainText('Recebido', { timeout: 20_000 });
  }
  await expectAccessible(page);
});
