import { expect, type Page, test } from '@playwright/test';
import { FAKE_NUVEMSHOP_URL } from '../playwright.config.ts';
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

test('an admin connects a Nuvemshop store through its authorisation, sees the imported orders, opens one, and a payment at the store shows as Recebido', async ({ page }) => {
  test.setTimeout(120_000);
  await createCompanyWithAdmin(page.request, 'Ana Modas E2E Ltda');
  const store = await page.request.post(`${FAKE_NUVEMSHOP_URL}/__control/store`, {
    data: {
      name: 'Ana Modas',
      orders: [
        { number: 1001, payment_status: 'paid', customer: { name: 'Beatriz Lima', email: 'beatriz.e2e@exemplo.com.br', identification: '52998224725' } },
        { number: 1002, customer: { name: 'Caio Souza', email: 'caio.e2e@exemplo.com.br' }, products: [{ name: 'Vestido floral', sku: 'VES-010', price: '189.90', quantity: 1 }] },
        { number: 1003, status: 'cancelled', payment_status: 'voided', customer: { name: 'Davi Rocha', email: 'davi.e2e@exemplo.com.br' } },
      ],
      catalogue: [
        { name: 'Vestido floral', variants: [{ sku: 'VES-010', price: '189.90', stock: 4 }] },
        { name: 'Camiseta básica', variants: [{ sku: 'CAM-P', price: '59.90', stock: 12, values: ['P'] }, { sku: 'CAM-M', price: '59.90', stock: null, values: ['M'] }] },
      ],
    },
  });
  const { storeId, orderIds } = (await store.json()) as { storeId: string; orderIds: number[] };

  await page.goto('/ecommerce');
  await expect(page.getByRole('heading', { name: 'Traga os pedidos da sua loja virtual' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('vira uma conta recebida no Financeiro')).toBeVisible();
  await expectAccessible(page);
  await widths(page, 'ecommerce-empty');

  // The store's approval page sends the browser back to /ecommerce/conectar/nuvemshop, which finishes the connection.
  await page.getByRole('button', { name: 'Conectar Nuvemshop' }).click();
  await expect(page).toHaveURL(/\/ecommerce\?aba=lojas$/, { timeout: 30_000 });
  const card = page.getByTestId('store-card').filter({ hasText: 'Ana Modas' });
  await expect(card).toContainText(`loja ${storeId}`);
  await expect(card.getByText('Conectada', { exact: true })).toBeVisible();
  await expect(card.locator('dd').nth(1)).toHaveText('3', { timeout: 30_000 });
  await expectAccessible(page);
  await widths(page, 'ecommerce-stores');

  await page.getByRole('tab', { name: 'Pedidos' }).click();
  await expect(page.getByText('3 pedidos')).toBeVisible();
  const pending = page.getByTestId('order-row').filter({ hasText: 'Pedido #1002' });
  await expect(pending).toContainText('Caio Souza');
  await expect(pending).toContainText('Aguardando pagamento');
  await expectAccessible(page);
  await widths(page, 'ecommerce-orders');

  await page.getByLabel('Pagamento').selectOption({ label: 'Pago' });
  await expect(page.getByText('1 pedido', { exact: true })).toBeVisible();
  await page.getByLabel('Pagamento').selectOption({ label: 'Todos os pagamentos' });

  await pending.getByRole('link', { name: 'Pedido #1002' }).click();
  await expect(page.getByRole('heading', { name: 'Pedido #1002' })).toBeVisible();
  await expect(page.getByRole('rowheader', { name: 'Vestido floral · SKU VES-010' })).toBeVisible();
  await expect(page.getByText('Conta a receber criada quando o pedido for pago')).toBeVisible();
  await expectAccessible(page);
  await widths(page, 'ecommerce-order-pending');

  // Paid at the store: the signed webhook updates the open page live.
  const paid = await page.request.post(`${FAKE_NUVEMSHOP_URL}/__control/event`, {
    data: { storeId, event: 'order/paid', id: orderIds[1], changes: { payment_status: 'paid', paid_at: new Date().toISOString() } },
  });
  expect(await paid.json()).toEqual({ status: 200, body: { ok: true } });
  await expect(page.getByTestId('receivable-status')).toHaveText('Recebido', { timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Ver nas listas de contatos' })).toBeVisible();
  await expectAccessible(page);
  await widths(page, 'ecommerce-order-paid');

  // Visão geral: the paid sales as figures and a chart; Produtos: the store's catalogue by variation.
  await page.goto('/ecommerce?aba=visao-geral');
  await expect(page.getByText('Vendas pagas')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('2 de 3 pedidos')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Vendas por dia' })).toBeVisible();
  await expectAccessible(page);
  await widths(page, 'ecommerce-overview');
  await page.getByRole('tab', { name: 'Produtos' }).click();
  await expect(page).toHaveURL(/aba=produtos/);
  await expect(page.getByTestId('product-row')).toHaveCount(3, { timeout: 20_000 });
  await expect(page.getByTestId('product-row').filter({ hasText: 'VES-010' })).toContainText('Vestido floral');
  await expectAccessible(page);
  await widths(page, 'ecommerce-products');
});
