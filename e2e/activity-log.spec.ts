import { expect, test } from '@playwright/test';
import { FAKE_OPENAI_URL } from '../playwright.config.ts';
import { shots } from './support/shots.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const control = (body: unknown) => fetch(`${FAKE_OPENAI_URL}/__control`, { method: 'POST', body: JSON.stringify(body) });

test.afterEach(async () => {
  await control({ answerFor: { 'creative-copy_v1': null } });
});

test('the admin reads each action in its own words: share links, a client decision, coins spent', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const admin = await createCompanyWithAdmin(page.request, 'Agência Registro E2E Ltda');
  // A company file shared, then the link disabled.
  const up = await page.request.post(`/api/files?entityType=company&entityId=${admin.companyId}&kind=document`, {
    headers: { 'x-file-name': encodeURIComponent('Contrato social.pdf'), 'content-type': 'application/pdf' },
    data: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  });
  const file = (await up.json()) as { id: string };
  const link = (await (await page.request.post(`/api/files/${file.id}/share-links`, { data: {} })).json()) as { id: string };
  expect((await page.request.delete(`/api/files/${file.id}/share-links/${link.id}`)).status()).toBe(200);
  // A piece: its AI copy (2 coins), a version, a link, and the client's approval without an account.
  const clients = (await (await page.request.get('/api/marketing/clients')).json()) as { clients: Array<{ id: string }> };
  const piece = (await (await page.request.post('/api/marketing/pieces', { data: { clientId: clients.clients[0]!.id, channel: 'instagram', title: 'Post de inauguração', brief: 'Inauguração da loja nova.' } })).json()) as { id: string };
  await control({ answerFor: { 'creative-copy_v1': { captions: ['Chegamos!'], hashtags: ['inauguracao'], adVariants: [{ headline: 'Loja nova', text: 'Venha conhecer.' }] } } });
  expect((await page.request.post(`/api/marketing/pieces/${piece.id}/copy`, { data: { requestId: crypto.randomUUID() } })).status()).toBe(200);
  await page.request.post(`/api/marketing/pieces/${piece.id}/versions`, { data: { copy: 'Chegamos!' } });
  const approval = (await (await page.request.post(`/api/marketing/pieces/${piece.id}/approval-links`)).json()) as { url: string };
  const client = await browser.newContext({ baseURL });
  expect((await client.request.post(`/api/public/marketing/approvals/${approval.url.split('/').pop()}/decision`, { data: { decision: 'aprovado', name: 'Dona Rosa' } })).status()).toBe(201);
  await client.close();

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Atividade' }).click({ timeout: 30_000 });
  const row = (action: string) => page.locator(`[data-testid="activity-row"][data-action="${action}"]`);
  await expect(row('file_share_link_created')).toContainText('Carla Admin · Link de compartilhamento de arquivo criado', { timeout: 30_000 });
  await expect(row('file_share_link_revoked')).toContainText('Link de compartilhamento de arquivo desativado');
  await expect(row('coins_spent')).toContainText('Moedas gastas em ação paga');
  await expect(row('coins_spent')).toContainText('Texto de criativo com IA · 2 moedas');
  await expect(row('marketing_approval_link_sent')).toContainText('Link de aprovação de peça gerado');
  await expect(row('marketing_piece_approved_by_client')).toContainText('Cliente (pelo link de aprovação) · Peça aprovada pelo cliente');
  await expect(page.getByText(/Configurações alteradas|Dados exportados|Alguém sem conta/)).toHaveCount(0);
  await expectAccessible(page);
  await shots(page, 'admin-activity');

  // The filter lists the actions by group; one action at a time.
  const filter = page.getByLabel('Ação', { exact: true });
  await expect(filter.locator('optgroup[label="Moedas"] option')).toHaveText(['Moedas gastas em ação paga', 'Moedas devolvidas (ação paga não concluída)']);
  await filter.selectOption('coins_spent');
  await expect(page.getByTestId('activity-row')).toHaveCount(1);
  await expectAccessible(page);
});
