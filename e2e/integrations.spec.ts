import { expect, test } from '@playwright/test';
import { shots } from './support/shots.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

test('the admin creates an API key in Integrações, sees it once, and an integration uses it to create a contact and a deal', async ({ page }) => {
  test.setTimeout(120_000);
  await createCompanyWithAdmin(page.request, 'Integra E2E Ltda');

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Integrações' }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin\/integracoes$/);
  await expect(page.getByRole('tab', { name: 'Chaves de API' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Nenhuma chave de API')).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'integrations-empty');

  await page.getByRole('button', { name: 'Nova chave' }).first().click();
  const dialog = page.getByTestId('new-key-dialog');
  await dialog.getByLabel('Nome').fill('ERP da loja');
  for (const area of ['Pessoas e empresas', 'CRM']) {
    await dialog.getByRole('group', { name: area }).getByLabel('Ler').check();
    await dialog.getByRole('group', { name: area }).getByLabel('Criar e alterar').check();
  }
  await expectAccessible(page);
  await shots(page, 'integrations-new-key');
  await dialog.getByRole('button', { name: 'Criar chave' }).click();

  const secretField = dialog.getByTestId('new-key-secret');
  await expect(secretField).toHaveValue(/^sede_live_/);
  const secret = await secretField.inputValue();
  await expect(dialog.getByText('Ela não será mostrada de novo')).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'integrations-key-shown');
  await dialog.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = page.getByTestId('api-key-row').filter({ hasText: 'ERP da loja' });
  await expect(row).toContainText(secret.slice(0, 18));
  await expect(row).toContainText('Nunca usada');

  // The integration: a contact, then a deal for them, with the key alone (no session).
  const auth = { authorization: `Bearer ${secret}` };
  const context = await page.context().browser()!.newContext({ baseURL: page.url().replace(/\/admin.*$/, '') });
  const person = await context.request.post('/api/v1/people', { headers: { ...auth, 'idempotency-key': crypto.randomUUID() }, data: { name: 'Cliente da Integração', emails: ['cliente@integracao.com.br'] } });
  expect(person.status()).toBe(201);
  const { data: pipelines } = (await (await context.request.get('/api/v1/pipelines', { headers: auth })).json()) as { data: Array<{ id: string }> };
  const deal = await context.request.post('/api/v1/deals', { headers: auth, data: { title: 'Pedido pela API', valueCents: 99_000, pipelineId: pipelines[0]!.id, personIds: [((await person.json()) as { id: string }).id] } });
  expect(deal.status()).toBe(201);
  expect(((await deal.json()) as { contacts: Array<{ name: string }> }).contacts[0]?.name).toBe('Cliente da Integração');
  await context.close();

  await page.reload();
  await expect(row).not.toContainText('Nunca usada');
  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page).toHaveURL(/aba=webhooks/);
  await expect(page.getByRole('tabpanel')).toBeVisible();
  await page.getByRole('tab', { name: 'Chaves de API' }).click();

  await row.getByRole('button', { name: 'Revogar a chave ERP da loja' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click();
  await expect(row).toContainText('Revogada');
  await expectAccessible(page);
  await shots(page, 'integrations-keys');
  expect((await page.request.get('/api/v1/pipelines', { headers: auth })).status()).toBe(401);
});
