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
