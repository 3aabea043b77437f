import { expect, test } from '@playwright/test';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

/** Seeds a finished campaign with pieces through the API, as the admin signed in on `page`. */
async function finishedCampaign(request: import('@playwright/test').APIRequestContext, name: string, results: Record<string, unknown>) {
  const clients = await (await request.get('/api/marketing/clients')).json();
  const clientId = clients.clients[0].id as string;
  const created = await request.post('/api/marketing/campaigns', { data: { clientId, name, goal: 'Gerar leads para a loja', startsOn: '2026-11-01', endsOn: '2026-11-30', budgetCents: 300_000 } });
  expect(created.status(), await created.text()).toBe(201);
  const id = (await created.json()).id as string;
  for (const [title, channel] of [
    ['Carrossel de ofertas', 'instagram'],
    ['Vídeo de bastidores', 'tiktok'],
  ]) {
    const p = await request.post('/api/marketing/pieces', { data: { clientId, campaignId: id, title, channel, status: 'publicado', scheduledAt: '2026-11-27T09:00:00-03:00' } });
    expect(p.status(), await p.text()).toBe(201);
  }
  const done = await request.post(`/api/marketing/campaigns/${id}/finish`, { data: results });
  expect(done.status(), await done.text()).toBe(200);
  return id;
}

test('finished projects: searched, opened with their results, the PDF report downloaded, reopened', async ({ page }) => {
  await createCompanyWithAdmin(page.request, 'Agência Conclusões Ltda');
  await page.goto('/marketing/projetos-concluidos');
  await expect(page.getByRole('heading', { name: 'Nenhum projeto concluído ainda' })).toBeVisible();
  await expectAccessible(page);

  await finishedCampaign(page.request, 'Black Friday da loja', { reach: 80_000, clicks: 2_400, leads: 120, spendCents: 240_000, summary: 'Os vídeos curtos trouxeram mais leads que os carrosséis.' });
  await finishedCampaign(page.request, 'Dia das Mães', { reach: 30_000, leads: 40 });
  await page.reload();
  const list = page.getByRole('list', { name: 'Projetos concluídos' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem').first()).toContainText('Dia das Mães');

  await page.getByLabel('Buscar').fill('vídeos curtos');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page).toHaveURL(/q=v%C3%ADdeos/);
  await list.getByRole('button', { name: 'Black Friday da loja' }).click();
  const dialog = page.getByRole('dialog', { name: 'Black Friday da loja' });
  await expect(dialog.getByText('R$ 2.400,00 de R$ 3.000,00')).toBeVisible();
  await expect(dialog.getByText('R$ 20,00')).toBeVisible(); // cost per lead
  await expect(dialog.getByText('Vídeo de bastidores')).toBeVisible();
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: 'Baixar relatório (PDF)' }).click();
  expect((await download).suggestedFilename()).toBe('relatorio-black-friday-da-loja.pdf');

  await dialog.getByRole('button', { name: 'Reabrir' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Campanha reaberta' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Concluir campanha' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(list.getByRole('listitem')).toHaveCount(0);
});

test('a campaign created on the overview, concluded with its results, is listed among the finished projects', async ({ page }) => {
  await createCompanyWithAdmin(page.request, 'Agência Andamento Ltda');
  const clients = await (await page.request.get('/api/marketing/clients')).json();
  const piece = await page.request.post('/api/marketing/pieces', { data: { clientId: clients.clients[0].id, title: 'Post de boas-vindas', channel: 'instagram' } });
  expect(piece.status()).toBe(201);
  await page.goto('/marketing');
  const panel = page.getByRole('region', { name: 'Campanhas em andamento' });
  await expect(panel.getByText('Nenhuma campanha em andamento')).toBeVisible();
  await panel.getByRole('button', { name: 'Nova campanha' }).click();
  const form = page.getByRole('dialog', { name: 'Nova campanha' });
  await form.getByLabel('Nome da campanha').fill('Natal 2026');
  await form.getByLabel('Início').fill('2026-12-01');
  await form.getByLabel('Término').fill('2026-11-20');
  await form.getByRole('button', { name: 'Criar campanha' }).click();
  await expect(form.getByText('A data de término não pode ser anterior à de início.')).toBeVisible();
  await form.getByLabel('Término').fill('2026-12-25');
  await form.getByLabel('Orçamento (R$)').fill('1500');
  await form.getByRole('button', { name: 'Criar campanha' }).click();

  const detail = page.getByRole('dialog', { name: 'Natal 2026' });
  await expect(detail.getByText('01/12/2026 a 25/12/2026')).toBeVisible();
  await expectAccessible(page);
  // The dialog hides the page from assistive technology: closed, the panel lists the campaign; a click reopens it.
  await page.keyboard.press('Escape');
  await panel.getByRole('button', { name: /Natal 2026/ }).click();
  await detail.getByRole('button', { name: 'Concluir campanha' }).click();
  const finish = page.getByRole('dialog', { name: 'Concluir campanha' });
  await finish.getByLabel('Alcance (pessoas)').fill('12000');
  await finish.getByLabel('Leads').fill('30');
  await finish.getByLabel('Investimento (R$)').fill('900');
  await finish.getByLabel('Resumo e aprendizados').fill('Os stories com contagem regressiva funcionaram melhor.');
  await finish.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Projetos concluídos' })).toBeVisible();
  await expect(detail.getByText('R$ 30,00')).toBeVisible(); // R$ 900 for 30 leads
  await page.keyboard.press('Escape');
  await expect(panel.getByText('Nenhuma campanha em andamento')).toBeVisible();

  await panel.getByRole('link', { name: 'Ver projetos concluídos' }).click();
  await expect(page.getByRole('list', { name: 'Projetos concluídos' }).getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('list', { name: 'Projetos concluídos' })).toContainText('12.000');
});
