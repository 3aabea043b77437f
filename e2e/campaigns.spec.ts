import { shot } from './support/shots.ts';
import { expect, test, type Page } from '@playwright/test';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin } from './support/team.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';

/**
 * axe on the page; the e-mail preview is a sandboxed iframe without scripts (the company's own
 * HTML, not our UI), where axe cannot run: it is left out, and must carry a title.
 */
async function expectAccessible(page: Page) {
  expect(describeViolations(await seriousViolations(page, (axe) => axe.exclude('iframe[sandbox]')))).toEqual([]);
  for (const frame of await page.locator('iframe').all()) expect(await frame.getAttribute('title')).toBeTruthy();
}


test.describe('/campanhas-massa', () => {
  test('a campaign to a list: audience with exclusions, preview, send, live progress, report; unsubscribe page', async ({ page }) => {
    test.setTimeout(180_000);
    const admin = await createCompanyWithAdmin(page.request, 'Loja Campanhas E2E');
    expect((await page.request.put('/api/campaigns/sender', { data: { fromName: 'Loja da Feira', ratePerSecond: 20 } })).status()).toBe(200);
    const campaignCount = async () => (await e2eSql<{ n: number }>('SELECT count(*)::int AS n FROM campaigns WHERE company_id = $1', [admin.companyId]))[0]!.n;
    const tag = Date.now().toString(36);
    const people: string[] = [];
    for (const p of [
      { name: 'Ana Cliente', emails: [`ana.${tag}@exemplo.com.br`], legalBasis: 'consentimento' },
      { name: 'Bruno Cliente', emails: [`bruno.${tag}@exemplo.com.br`], legalBasis: 'legitimo_interesse' },
      { name: 'Caio Sem Base', emails: [`caio.${tag}@exemplo.com.br`] },
    ]) {
      const res = await page.request.post('/api/parties/people', { data: p });
      expect(res.status()).toBe(201);
      people.push(((await res.json()) as { id: string }).id);
    }
    const list = await page.request.post('/api/crm-contacts/lists', { data: { name: 'Clientes da feira' } });
    const listId = ((await list.json()) as { id: string }).id;
    expect((await page.request.post(`/api/crm-contacts/lists/${listId}/members`, { data: { personIds: people } })).status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/campanhas-massa');
    // The first load of the app in this browser (slow on a loaded machine).
    await expect(page.getByRole('heading', { name: 'Nenhuma campanha ainda' })).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await shot(page, 'desktop-empty');

    // 'Nova campanha' opens the editor; nothing exists until the first save (leaving creates nothing).
    await page.getByRole('button', { name: 'Criar a primeira campanha' }).click();
    await expect(page.getByText('Rascunho ainda não salvo')).toBeVisible();
    await page.getByRole('link', { name: 'Todas as campanhas' }).click();
    await expect(page.getByRole('heading', { name: 'Nenhuma campanha ainda' })).toBeVisible();
    await page.getByRole('button', { name: 'Criar a primeira campanha' }).click();
    await expect(page).toHaveURL(/nova=email/);
    await page.getByLabel('Nome da campanha').fill('Oferta da feira');
    await page.getByLabel('Para quem').selectOption({ label: 'Clientes da feira' });
    await page.getByLabel('Assunto').fill('{{primeiro_nome}}, sua oferta chegou');
    await expectAccessible(page);
    await shot(page, 'desktop-new-unsaved');
    expect(await campaignCount()).toBe(0);
    await page.getByRole('button', { name: 'Salvar rascunho' }).click();
    await expect(page).toHaveURL(/campanha=[0-9a-f-]{36}/);
    expect(await campaignCount()).toBe(1);
    await expect(page.getByTestId('audience-summary')).toHaveText('2 de 3 contato(s) vão receber.');
    await expect(page.getByText('1 sem base legal (LGPD)')).toBeVisible();
    await page.getByLabel('Ver como').selectOption({ label: `Bruno Cliente (bruno.${tag}@exemplo.com.br)` });
    await expect(page.getByText('Bruno, sua oferta chegou')).toBeVisible();
    await expect(page.frameLocator('iframe[title="Pré-visualização do e-mail"]').getByText('Olá Bruno,')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'desktop-editor');
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
    await shot(page, 'mobile-editor');
    await page.setViewportSize({ width: 1280, height: 900 });

    // The app's own dialog asks (never the browser's confirm).
    await page.getByRole('button', { name: 'Enviar agora' }).click();
    const ask = page.getByRole('dialog', { name: 'Enviar agora para 2 contato(s)?' });
    await expect(ask).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'desktop-send-confirm');
    await ask.getByRole('button', { name: 'Enviar agora' }).click();
    await expect(page.getByRole('heading', { name: /^Enviada em/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('campaign-progress')).toHaveText('2 de 2 processados · 2 enviados');
    await expect(page.getByRole('row', { name: /Enviados 2 100%/ })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Destinatários da campanha' }).locator('tbody tr')).toHaveCount(2);
    await expectAccessible(page);
    await shot(page, 'desktop-report');

    // A reply (decision 0300): counted in the report, the list and /comercial's tile.
    await e2eSql('UPDATE campaign_recipients SET replied_at = now(), opened_at = coalesce(opened_at, now()) WHERE email = $1', [`ana.${tag}@exemplo.com.br`]);
    await page.reload();
    await expect(page.getByRole('row', { name: 'Respostas 1 50%' })).toBeVisible();
    await shot(page, 'desktop-report-replies');

    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'mobile-report');
    await page.getByRole('link', { name: 'Todas as campanhas' }).click();
    await expect(page.getByRole('button', { name: 'Oferta da feira' })).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByRole('list', { name: 'Campanhas' }).getByRole('listitem').filter({ hasText: 'Oferta da feira' })).toContainText('Respostas1');
    await shot(page, 'mobile-list');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('columnheader', { name: 'Respostas' })).toBeVisible();
    await expect(page.getByRole('row', { name: /^Oferta da feira/ })).toContainText('1');
    await expectAccessible(page);
    await shot(page, 'desktop-list');
    await page.goto('/comercial');
    await expect(page.getByTestId('comercial-tiles').getByRole('link', { name: /Campanhas em massa/ })).toContainText(/2 enviados · \d+% abertos · 1 resposta/);
    await shot(page, 'comercial-tile');
    await page.setViewportSize({ width: 375, height: 800 });
    await shot(page, 'comercial-tile-mobile');

    // The unsubscribe link in the message: the page changes nothing until the button.
    const mailbox = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(`ana.${tag}@exemplo.com.br`)}`);
    const { messages } = (await mailbox.json()) as { messages: Array<{ text: string }> };
    const link = /https?:\/\/\S+\/descadastro\/[0-9a-f]{52}/.exec(messages[0]!.text)![0];
    const context = await page.context().browser()!.newContext();
    const anonymous = await context.newPage();
    await anonymous.goto(new URL(link).pathname);
    // Named as the e-mails were signed (the sender's name), not by the legal name.
    await expect(anonymous.getByText(/Deseja parar de receber e-mails de campanha de/)).toContainText('de Loja da Feira no endereço');
    await expectAccessible(anonymous);
    await shot(anonymous, 'unsubscribe');
    await anonymous.getByRole('button', { name: 'Confirmar descadastro' }).click();
    await expect(anonymous.getByRole('status')).toContainText('não vai mais receber');
    await context.close();
  });

  test('the sender of an own SMTP: the From address and the SPF, DKIM and DMARC records its domain needs', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Padaria Remetente Ltda');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/campanhas-massa');
    await page.getByRole('button', { name: 'Remetente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remetente das campanhas' });
    await dialog.getByLabel('Usar um SMTP próprio (ou de um provedor)').check();
    await dialog.getByLabel('Servidor').fill('smtp.gmail.com');
    await dialog.getByLabel('Usuário').fill('vendas@padaria.com.br');
    const dns = dialog.getByRole('region', { name: 'Autenticação do domínio (SPF, DKIM e DMARC)' });
    await expect(dns.getByText('v=spf1 include:_spf.google.com ~all')).toBeVisible();
    await expect(dns.getByText('_dmarc.padaria.com.br')).toBeVisible();
    await dialog.getByLabel('E-mail do remetente (De)').fill('contato@padariaboa.com.br');
    await expect(dns.getByText('v=DMARC1; p=none; rua=mailto:contato@padariaboa.com.br')).toBeVisible();
    await expect(dns.getByText('<seletor>._domainkey.padariaboa.com.br')).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'sender-dns');
    if (process.env.SHOTS) {
      await dialog.screenshot({ path: `${process.env.SHOTS}/sender-dns-1280.png` });
      await page.setViewportSize({ width: 375, height: 812 });
      await dialog.screenshot({ path: `${process.env.SHOTS}/sender-dns-375.png` });
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Remetente salvo.')).toBeVisible();
    const [row] = await e2eSql<{ from_email: string }>('SELECT from_email FROM campaign_senders WHERE company_id = $1', [admin.companyId]);
    expect(row).toEqual({ from_email: 'contato@padariaboa.com.br' });
  });
});
