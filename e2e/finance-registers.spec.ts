import { expect, test } from '@playwright/test';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

test.describe('/financeiro: cadastros', () => {
  test('categories are reordered with the keyboard (up/down), the order is kept after a reload', async ({ page }) => {
    await createCompanyWithAdmin(page.request, 'Categorias em Ordem Ltda');
    await page.goto('/financeiro?aba=cadastros');
    const receitas = page.getByRole('region', { name: 'Receitas' });
    const names = () => receitas.getByRole('listitem').locator('p.truncate.text-sm').allInnerTexts();
    await expect(receitas.getByText('Venda de produtos')).toBeVisible();
    const before = await names();
    expect(before.slice(0, 4)).toEqual(['Receitas de vendas e serviços', 'Venda de produtos', 'Prestação de serviços', 'Outras receitas operacionais']);
    await expect(receitas.getByRole('button', { name: 'Mover Venda de produtos para cima' })).toBeDisabled();

    // A child moves among its siblings; the focus stays on its arrow, so Enter again moves it further.
    await receitas.getByRole('button', { name: 'Mover Venda de produtos para baixo' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Receitas de vendas e serviços', 'Prestação de serviços', 'Venda de produtos', 'Outras receitas operacionais', ...before.slice(4)]);
    await expect(receitas.getByRole('button', { name: 'Mover Venda de produtos para baixo' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect.poll(names).toEqual(['Receitas de vendas e serviços', 'Prestação de serviços', 'Outras receitas operacionais', 'Venda de produtos', ...before.slice(4)]);
    // At the end: the focus goes to the other arrow.
    await expect(receitas.getByRole('button', { name: 'Mover Venda de produtos para cima' })).toBeFocused();

    // A group moves with its children.
    await receitas.getByRole('button', { name: 'Mover Receitas financeiras para cima' }).click();
    await expect.poll(async () => (await names())[0]).toBe('Receitas financeiras');
    await expectAccessible(page);

    await page.reload();
    await expect.poll(names).toEqual([
      'Receitas financeiras',
      ...before.slice(5, 8),
      'Receitas de vendas e serviços',
      'Prestação de serviços',
      'Outras receitas operacionais',
      'Venda de produtos',
      ...before.slice(8),
    ]);
  });
});
