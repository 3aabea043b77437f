import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { BASE_URL } from '../playwright.config.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

/** Screenshots for the closing note when SHOTS=<dir> is set (1280 px and 375 px). */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** The company's own site: another origin (its own port) that pastes the script tag. */
async function customerSite(publicKey: string) {
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Loja do cliente</title></head>
<body><main><h1>Loja do cliente</h1><p>Bem-vindo à nossa loja.</p></main>
<script src="${BASE_URL}/widget.js" data-empresa="${publicKey}" async></script></body></html>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test.describe('/atendimento: o chat do site e a caixa de entrada', () => {
  test('a visitor on the company’s site talks to an agent in /atendimento, both ways, live; HTML shows as text', async ({ page, browser }) => {
    await signInNewPerson(page, { firstName: 'Ana', lastName: 'Atendente' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

    await page.goto('/atendimento');
    await expect(page.getByRole('heading', { name: 'Nenhuma conversa aqui' })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'inbox-empty');

    // Set-up: the script tag to paste, and the customer's site allowed.
    await page.getByRole('button', { name: 'Configurar chat' }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat do site' });
    const snippet = await dialog.getByTestId('widget-snippet').textContent();
    const publicKey = /data-empresa="(pk_[\w-]+)"/.exec(snippet ?? '')![1]!;
    expect(snippet).toContain(`${BASE_URL}/widget.js`);
    const site = await customerSite(publicKey);
    try {
      await dialog.getByLabel('2. Sites autorizados (um por linha)').fill(site.url);
      await dialog.getByLabel('Saudação').fill('Olá! Em que podemos ajudar?');
      await expectAccessible(page);
      await shots(page, 'inbox-settings');
      await dialog.getByRole('button', { name: 'Salvar configurações' }).click();
      await expect(page.getByText('Configurações do chat salvas.')).toBeVisible();
      await page.keyboard.press('Escape');

      // The visitor, in another browser (no session), on the customer's site.
      const visitorContext = await browser.newContext({ locale: 'pt-BR' });
      const visitor = await visitorContext.newPage();
      await visitor.goto(site.url);
      await visitor.getByRole('button', { name: 'Fale conosco' }).click();
      await expect(visitor.getByText('Olá! Em que podemos ajudar?')).toBeVisible();
      await visitor.getByLabel('Seu nome (opcional)').fill('Maria Cliente');
      await visitor.getByLabel('Seu e-mail (opcional)').fill('maria@cliente.com.br');
      await visitor.getByLabel('Sua mensagem').fill('Vocês entregam em Campinas? <script>alert(1)</script>');
      await visitor.getByRole('button', { name: 'Enviar' }).click();
      await expect(visitor.getByText('Vocês entregam em Campinas? <script>alert(1)</script>')).toBeVisible();

      // The agent's open page gets it live (no reload), with the unread badge.
      const item = page.getByRole('list', { name: 'Conversas' }).getByRole('button', { name: /Maria Cliente/ });
      await expect(item).toBeVisible();
      await expect(item).toContainText('1 não lidas');
      await item.click();
      await expect(page.getByRole('log', { name: 'Mensagens' }).getByText('Vocês entregam em Campinas? <script>alert(1)</script>')).toBeVisible();
      await expectAccessible(page);

      // An internal note stays inside; the reply reaches the visitor live.
      await page.getByRole('button', { name: 'Nota interna' }).click();
      await page.getByLabel('Nota interna').fill('Cliente novo, oferecer frete grátis');
      await page.getByRole('button', { name: 'Salvar nota' }).click();
      await expect(page.getByRole('log', { name: 'Mensagens' }).getByText('Cliente novo, oferecer frete grátis')).toBeVisible();
      await page.getByRole('button', { name: 'Nota interna' }).click();
      await page.getByLabel('Resposta ao visitante').fill('Entregamos sim! Em até 2 dias úteis.');
      await page.getByRole('button', { name: 'Enviar' }).click();
      await expect(visitor.getByText('Entregamos sim! Em até 2 dias úteis.')).toBeVisible();
      await expect(visitor.getByText('Cliente novo, oferecer frete grátis')).toHaveCount(0);
      await shots(visitor, 'widget-on-customer-site');
      await shots(page, 'inbox-conversation');

      // The contact panel: the visitor becomes a person of the CRM, then a deal.
      const contact = page.getByRole('complementary', { name: 'Contato' });
      await expect(contact.getByText('maria@cliente.com.br')).toBeVisible();
      await contact.getByRole('button', { name: 'Criar pessoa no CRM' }).click();
      await expect(contact.getByText('No CRM:')).toBeVisible();
      await expect(contact.getByText('Maria Cliente', { exact: true }).last()).toBeVisible();
      await contact.getByRole('button', { name: 'Criar negócio' }).click();
      await expect(page.getByText('Negócio criado no Kanban de leads.')).toBeVisible();
      expect((await e2eSql<{ n: number }>("SELECT count(*)::int AS n FROM deals WHERE company_id = $1 AND title = 'Atendimento: Maria Cliente'", [company.id]))[0]!.n).toBe(1);

      // The visitor answers; the agent sees it without reloading.
      await visitor.getByLabel('Sua mensagem').fill('Ótimo, obrigado!');
      await visitor.keyboard.press('Enter');
      await expect(page.getByRole('log', { name: 'Mensagens' }).getByText('Ótimo, obrigado!')).toBeVisible();

      // Resolving asks the visitor for a rating.
      await page.getByLabel('Situação', { exact: true }).selectOption('resolved');
      await expect(visitor.getByRole('button', { name: 'Nota 5' })).toBeVisible();
      await visitor.getByRole('button', { name: 'Nota 5' }).click();
      await expect(visitor.getByText('Obrigado pela avaliação!')).toBeVisible();
      await expect(page.getByText('avaliação 5/5')).toBeVisible();

      // Resolved more than 7 days ago: the visitor's next message starts a new conversation, which the widget keeps from then on (decision 0303).
      await e2eSql("UPDATE inbox_conversations SET resolved_at = now() - interval '8 days' WHERE company_id = $1", [company.id]);
      await visitor.getByLabel('Sua mensagem').fill('Voltei: quero fazer outro pedido');
      await visitor.keyboard.press('Enter');
      await expect(visitor.getByText('Voltei: quero fazer outro pedido')).toBeVisible();
      await expect(visitor.getByText('Entregamos sim! Em até 2 dias úteis.')).toHaveCount(0);
      await expect(page.getByRole('list', { name: 'Conversas' }).getByRole('button', { name: /Voltei: quero fazer outro pedido/ })).toBeVisible();
      expect(await e2eSql('SELECT 1 FROM inbox_conversations WHERE company_id = $1', [company.id])).toHaveLength(2);
      await visitor.getByLabel('Sua mensagem').fill('É para Campinas também');
      await visitor.keyboard.press('Enter');
      await expect(visitor.getByText('É para Campinas também')).toBeVisible();
      expect(await e2eSql('SELECT 1 FROM inbox_conversations WHERE company_id = $1', [company.id])).toHaveLength(2);
      await visitorContext.close();

      // The one-column inbox.
      await page.goto('/atendimento-simples');
      await expect(page.getByRole('list', { name: 'Conversas' })).toBeVisible();
      await expectAccessible(page);
      await shots(page, 'inbox-simple');
      await page.getByRole('list', { name: 'Conversas' }).getByRole('button').first().click();
      await expect(page.getByRole('button', { name: 'Voltar para a lista' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Conversas' })).toHaveCount(0);
      await expectAccessible(page);
      await shots(page, 'inbox-simple-conversation');
      const rows = await e2eSql<{ kind: string }>('SELECT kind FROM inbox_messages WHERE company_id = $1 ORDER BY created_at', [company.id]);
      expect(rows.map((r) => r.kind)).toEqual(['visitor', 'note', 'agent', 'visitor', 'auto', 'visitor', 'visitor']);
    } finally {
      await site.close();
    }
  });

  test('a 2,000-character unbroken preview never stretches the list under the reading pane: the rows stay clickable (desktop)', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInNewPerson(page, { firstName: 'Lia', lastName: 'Leitora' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const long = 'x'.repeat(2000);
    for (const [name, minutes] of [['Cliente Longo', 1], ['Cliente Curto', 2]] as const) {
      const [conv] = await e2eSql<{ id: string }>(
        `INSERT INTO inbox_conversations (company_id, visitor_name, last_message_preview, last_message_at) VALUES ($1, $2, $3, now() - make_interval(mins => $4)) RETURNING id`,
        [company.id, name, name === 'Cliente Longo' ? long : 'Oi', minutes],
      );
      await e2eSql(`INSERT INTO inbox_messages (company_id, conversation_id, kind, body) VALUES ($1, $2, 'visitor', $3)`, [company.id, conv!.id, name === 'Cliente Longo' ? long : 'Oi']);
    }
    await page.goto('/atendimento');
    const list = page.getByRole('list', { name: 'Conversas' });
    await list.getByRole('button', { name: /Cliente Longo/ }).click();
    const pane = page.getByRole('log', { name: 'Mensagens' });
    await expect(pane.getByText(long)).toBeVisible();
    // Another row is clicked through, not swallowed by the pane (Playwright refuses a click another element intercepts).
    await list.getByRole('button', { name: /Cliente Curto/ }).click({ timeout: 5_000 });
    await expect(pane.getByText('Oi', { exact: true })).toBeVisible();
    const listBox = (await list.boundingBox())!;
    const paneBox = (await pane.boundingBox())!;
    expect(listBox.x + listBox.width).toBeLessThanOrEqual(paneBox.x);
    expect(listBox.width).toBeLessThan(400);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await shots(page, 'inbox-long-preview');
  });

  test('on a site outside “Sites autorizados” the widget says the chat is unavailable and offers the e-mail; the company sees one notice for that site and authorizes it', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await signInNewPerson(page, { firstName: 'Rui', lastName: 'Responsável' });
    const company = await createCompanyByApi(page.request, { email: 'atendimento@loja-exemplo.com.br' });
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const put = await page.request.put('/api/inbox/settings', { data: { allowedOrigins: ['https://loja-oficial.example'] } });
    expect(put.status()).toBe(200);
    const { publicKey } = (await put.json()) as { publicKey: string };
    await page.goto('/atendimento');
    // The first load of the area's chunk and list (slow on a loaded machine).
    await expect(page.getByRole('heading', { name: 'Nenhuma conversa aqui' })).toBeVisible({ timeout: 30_000 });

    const site = await customerSite(publicKey);
    const visitorContext = await browser.newContext({ locale: 'pt-BR' });
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(site.url);
      await visitor.getByRole('button', { name: 'Fale conosco' }).click();
      const panel = visitor.getByRole('dialog', { name: 'Fale conosco' });
      await expect(panel.getByText('Chat indisponível')).toBeVisible();
      await expect(panel.getByText('O chat não está disponível neste site no momento.')).toBeVisible();
      await expect(panel.getByRole('link', { name: 'atendimento@loja-exemplo.com.br' })).toHaveAttribute('href', 'mailto:atendimento@loja-exemplo.com.br');
      await expect(visitor.getByLabel('Sua mensagem')).toBeHidden();
      await expect(panel.getByText('Online')).toHaveCount(0);
      await expectAccessible(visitor);
      await shots(visitor, 'widget-unavailable');
      await visitor.reload();
      await visitor.reload();

      // The agent's open page gets one notice for the site, live.
      const notice = page.getByRole('region', { name: 'Um site fora da lista tentou usar o seu chat' });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole('listitem')).toHaveCount(1);
      await expect(notice.getByText(site.url, { exact: true })).toBeVisible();
      expect(await e2eSql('SELECT 1 FROM inbox_blocked_origins WHERE company_id = $1', [company.id])).toHaveLength(1);
      await expectAccessible(page);
      await shots(page, 'inbox-blocked-site');

      await notice.getByRole('button', { name: `Autorizar ${site.url}` }).click();
      await expect(page.getByText('Site autorizado: o chat já funciona nele.')).toBeVisible();
      await expect(notice).toHaveCount(0);
      await visitor.reload();
      await visitor.getByRole('button', { name: 'Fale conosco' }).click();
      await expect(visitor.getByLabel('Sua mensagem')).toBeVisible();
      await expect(visitor.getByText('O chat não está disponível neste site no momento.')).toBeHidden();
    } finally {
      await visitorContext.close();
      await site.close();
    }
  });
});
