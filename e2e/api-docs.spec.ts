import { expect, test } from '@playwright/test';
import { shot } from './support/shots.ts';
import { expectAccessible } from './support/team.ts';

test('/api/docs renders the reference with every request to our own server: no outside address, no policy violation', async ({ page }) => {
  test.setTimeout(150_000);
  const outside: string[] = [];
  await page.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'data:' || url.protocol === 'blob:' || url.hostname === '127.0.0.1') return route.continue();
    outside.push(url.href);
    return route.abort();
  });
  const violations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
  });
  const failed: string[] = [];
  page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));

  const res = await page.goto('/api/docs');
  expect(res?.status()).toBe(200);
  await expect(page).toHaveTitle(/Sede — API pública/);
  // The operations list, drawn from /api/v1/openapi.json by the bundle served from our origin.
  const sidebar = page.getByRole('complementary');
  await expect(sidebar.getByRole('link', { name: /Listar pessoas/ })).toBeVisible({ timeout: 30_000 });
  await expect(sidebar.getByRole('link', { name: /Cadastrar pessoa/ })).toBeVisible();
  await sidebar.getByRole('button', { name: 'Abrir Grupo - Contas a receber' }).click();
  await expect(sidebar.getByRole('link', { name: /Cancelar a NFS-e da conta a receber/ })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(outside).toEqual([]);
  expect(failed).toEqual([]);
  expect(violations).toEqual([]);
  await expectAccessible(page);
  // The reference is one very long page: screenshots of the first screen at each width.
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, 'api-docs-1280', { fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'api-docs-390', { fullPage: false });
});
