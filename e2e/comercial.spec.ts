import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { firstLink, waitForMail } from './support/api.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

/** A pipeline, a stage and an open deal of R$ 1.500,00, straight in the core tables (the board is another feature). */
async function seedDeal(companyId: string, title: string) {
  const [p] = await e2eSql<{ id: string }>(`INSERT INTO crm_pipelines (company_id, name) VALUES ($1, 'Funil') RETURNING id`, [companyId]);
  const [s] = await e2eSql<{ id: string }>(`INSERT INTO crm_stages (company_id, pipeline_id, name, probability) VALUES ($1, $2, 'Proposta', 40) RETURNING id`, [companyId, p!.id]);
  await e2eSql(`INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents) VALUES ($1, $2, $3, $4, 150000)`, [companyId, p!.id, s!.id, title]);
}

test.describe('/comercial', () => {
  test('overview with KPIs and tiles, a product, a quote with items and its PDF', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Padaria Comercial Ltda');
    await seedDeal(admin.companyId, 'Fornecimento para o Mercado Bom Preço');

    await page.goto('/comercial');
    await expect(page.getByRole('tab', { name: 'Visão geral' })).toHaveAttribute('aria-selected', 'true');
    const kpis = page.getByTestId('comercial-kpis');
    await expect(kpis.getByText('Pipeline em aberto')).toBeVisible();
    await expect(kpis).toContainText('R$ 1.500,00');
    await expect(kpis).toContainText('R$ 600,00'); // weighted: 40 %
    const tiles = page.getByTestId('comercial-tiles');
    for (const name of ['Kanban de leads', 'Listas de contatos', 'Métricas', 'Análise de reuniões', 'Extrair leads/CNPJ', 'Campanhas em massa', 'Atendimento']) {
      await expect(tiles.getByRole('link', { name: new RegExp(name) })).toBeVisible();
    }
    await expect(tiles.getByRole('link', { name: /Kanban de leads/ })).toContainText('Negócios abertos1');
    await expect(page.getByTestId('my-tasks')).toBeVisible();
    await expectAccessible(page);

    // Produtos e serviços: the tab is in the URL; the empty state offers the first product.
    await page.getByRole('tab', { name: 'Produtos e serviços' }).click();
    await expect(page).toHaveURL(/\/comercial\?aba=produtos$/);
    await expect(page.getByRole('heading', { name: 'Monte o catálogo de produtos e serviços' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Cadastrar o primeiro' }).click();
    const productDialog = page.getByRole('dialog', { name: 'Novo produto ou serviço' });
    await productDialog.getByLabel('Nome').fill('Pão de forma integral');
    await productDialog.getByLabel('Código / SKU (opcional)').fill('PF-01');
    await productDialog.getByLabel('Unidade').fill('pct');
    await productDialog.getByLabel('Preço (R$)').fill('12,90');
    await productDialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(productDialog).toBeHidden();
    const products = page.getByRole('table', { name: 'Produtos e serviços' });
    await expect(products.getByRole('row', { name: /Pão de forma integral/ })).toContainText('R$ 12,90');

    // Orçamentos: a quote on the deal with a catalogue item and a free-text item; totals live.
    await page.getByRole('tab', { name: 'Orçamentos' }).click();
    await expect(page).toHaveURL(/\?aba=orcamentos$/);
    await expect(page.getByRole('heading', { name: 'Nenhum orçamento ainda' })).toBeVisible();
    await page.getByRole('button', { name: 'Criar o primeiro orçamento' }).click();
    const dialog = page.getByTestId('quote-dialog');
    await expect(dialog.getByRole('heading', { name: 'Novo orçamento' })).toBeVisible();
    await dialog.getByRole('button', { name: /Fornecimento para o Mercado Bom Preço/ }).click();
    const first = dialog.getByTestId('quote-item').nth(0);
    await first.getByLabel('Produto ou serviço do catálogo').selectOption({ label: 'Pão de forma integral — R$ 12,90/pct' });
    await expect(first.getByLabel('Descrição')).toHaveValue('Pão de forma integral');
    await first.getByLabel('Quantidade').fill('10');
    await dialog.getByRole('button', { name: 'Adicionar item' }).click();
    const second = dialog.getByTestId('quote-item').nth(1);
    await second.getByLabel('Descrição').fill('Entrega agendada');
    await second.getByLabel('Quantidade').fill('1,5');
    await second.getByLabel('Preço unitário (R$)').fill('20,00');
    await dialog.getByLabel('Desconto no total (R$)').fill('9');
    // 10 × 12,90 + 1,5 × 20,00 − 9,00 = 150,00
    await expect(dialog.getByTestId('quote-total')).toHaveText('R$ 150,00');
    await dialog.getByLabel('Condições de pagamento').fill('50% na aprovação e 50% na entrega.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Criar orçamento' }).click();
    // The total differs from the deal's value: offered as its new value (decision 0404); kept here.
    const offer = page.getByRole('dialog', { name: /^Usar R\$\s150,00 como valor do negócio\?$/ });
    await expect(offer).toContainText('vale hoje R$\u00a01.500,00');
    await offer.getByRole('button', { name: 'Manter o valor atual' }).click();
    await expect(dialog).toBeHidden();
    const table = page.getByRole('table', { name: 'Orçamentos' });
    const row = table.getByRole('row', { name: /Fornecimento para o Mercado Bom Preço/ });
    await expect(row).toContainText('R$ 150,00');
    await expect(row).toContainText('Rascunho');
    await expectAccessible(page);

    // The PDF downloads in the company's name.
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Baixar PDF do orçamento nº 1/ }).click()]);
    expect(download.suggestedFilename()).toBe('orcamento-1.pdf');
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [stored] = await e2eSql<{ total_cents: string; n: string }>(
      'SELECT q.total_cents, (SELECT count(*) FROM crm_quote_items i WHERE i.quote_id = q.id) AS n FROM crm_quotes q WHERE q.company_id = $1',
      [admin.companyId],
    );
    expect(stored).toEqual({ total_cents: '15000', n: '2' });

    // On a phone the tables become cards and nothing is wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    for (const tab of ['orcamentos', 'produtos', '']) {
      await page.goto(`/comercial${tab ? `?aba=${tab}` : ''}`);
      await expect(page.getByRole('tabpanel')).toBeVisible();
      if (tab === 'orcamentos') await expect(page.getByRole('list', { name: 'Orçamentos' }).getByText('Orçamento nº 1')).toBeVisible();
      if (tab === 'produtos') await expect(page.getByRole('list', { name: 'Produtos e serviços' }).getByText('Pão de forma integral')).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `/comercial?aba=${tab} overflows at 375 px`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });

  test('a quote sent by e-mail is accepted by the client through the link, without an account', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Doceria Envio Ltda');
    await seedDeal(admin.companyId, 'Bolos para a festa da firma');
    const [deal] = await e2eSql<{ id: string }>('SELECT id FROM deals WHERE company_id = $1', [admin.companyId]);
    const res = await page.request.post(`/api/crm-quotes/deals/${deal!.id}/quotes`, {
      data: { validUntil: '2099-12-31', conditions: 'PIX na entrega.', items: [{ description: 'Bolo de chocolate', unit: 'un', quantityMilli: 3000, unitPriceCents: 9000 }] },
    });
    expect(res.status()).toBe(201);
    const client = `cliente.${Date.now().toString(36)}@exemplo.com.br`;

    await page.goto('/comercial?aba=orcamentos');
    await page.getByRole('table', { name: 'Orçamentos' }).getByRole('button', { name: 'Enviar orçamento nº 1 por e-mail' }).click();
    const send = page.getByRole('dialog', { name: 'Enviar orçamento nº 1' });
    await send.getByLabel('E-mail do cliente').fill(client);
    await send.getByLabel('Mensagem (opcional)').fill('Segue a proposta conforme combinado.');
    await send.getByRole('button', { name: 'Enviar' }).click();
    await expect(send).toBeHidden();
    await expect(page.getByRole('table', { name: 'Orçamentos' }).getByRole('row', { name: /Bolos para a festa/ })).toContainText('Enviado');

    const mail = await waitForMail(page.request, client, 'Orçamento nº 1');
    expect(mail.text).toContain('Segue a proposta conforme combinado.');
    expect(mail.text).toContain('Anexos: orcamento-1.pdf');
    const link = new URL(firstLink(mail.text.slice(mail.text.indexOf('Ver e responder'))));

    // The client: another browser, no session, a phone.
    const ctx = await browser.newContext({ baseURL, viewport: { width: 375, height: 800 } });
    const clientPage = await ctx.newPage();
    await clientPage.goto(`${link.pathname}${link.search}`);
    await expect(clientPage.getByRole('heading', { name: 'Orçamento nº 1' })).toBeVisible();
    await expect(clientPage.getByText('Doceria Envio Ltda')).toBeVisible();
    await expect(clientPage.getByText('R$ 270,00').first()).toBeVisible();
    await expectAccessible(clientPage);
    await clientPage.getByRole('button', { name: 'Aceitar orçamento' }).click();
    await expect(clientPage.getByText('Orçamento aceito')).toBeVisible();
    await ctx.close();

    const [after] = await e2eSql<{ status: string; deal_status: string }>(
      'SELECT q.status, d.status AS deal_status FROM crm_quotes q JOIN deals d ON d.id = q.deal_id WHERE q.company_id = $1',
      [admin.companyId],
    );
    expect(after).toEqual({ status: 'aceito', deal_status: 'won' });
  });
});
