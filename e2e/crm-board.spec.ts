import { expect, test, type Page } from '@playwright/test';
import { e2eSql } from './support/company.ts';
import { pickUpWithKeyboard } from './support/keyboard-drag.ts';
import { dragByMouse, nearTop } from './support/mouse-drag.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const column = (page: Page, stage: string) => page.locator(`[data-testid="crm-column"][data-stage="${stage}"]`);
const card = (page: Page, title: string) => page.getByTestId('crm-card').filter({ hasText: title });

async function stageOf(companyId: string, title: string) {
  const [row] = await e2eSql<{ name: string }>('SELECT s.name FROM deals d JOIN crm_stages s ON s.id = d.stage_id WHERE d.company_id = $1 AND d.title = $2', [companyId, title]);
  return row?.name;
}

test.describe('/kanban-leads', () => {
  test('creates deals, drags by mouse and keyboard (persisted), edits in the panel, wins and loses, rolls back a refused move', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Vendas Kanban Ltda');
    await page.goto('/kanban-leads');
    await expect(page.getByText('Seu funil de vendas começa aqui')).toBeVisible();
    await expectAccessible(page);

    // The first deal through the dialog; the value is the one money input (letters never reach it).
    await page.getByRole('button', { name: 'Criar o primeiro negócio' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo negócio' });
    await dialog.getByLabel('Título').fill('Padaria Central');
    await dialog.getByLabel('Valor (R$)').pressSequentially('dez');
    await expect(dialog.getByLabel('Valor (R$)')).toHaveValue('');
    await dialog.getByLabel('Valor (R$)').fill('1.500,00');
    await dialog.getByRole('button', { name: 'Criar negócio' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Padaria Central')).toBeVisible();
    await expect(column(page, 'Prospecção').getByTestId('crm-column-totals')).toContainText('1 · R$ 1.500,00');

    const pipelines = (await (await page.request.get('/api/crm/pipelines')).json()) as { pipelines: Array<{ id: string }> };
    for (const title of ['Mercado Bom Preço', 'Farmácia Saúde']) {
      const res = await page.request.post('/api/crm/deals', { data: { title, valueCents: 200_000, pipelineId: pipelines.pipelines[0]!.id } });
      expect(res.status()).toBe(201);
    }
    // Others' changes appear live (the API calls above were not made by this page).
    await expect(column(page, 'Prospecção').getByTestId('crm-card')).toHaveCount(3);
    await expect(column(page, 'Prospecção').getByTestId('crm-column-totals')).toContainText('3 · R$ 5.500,00');
    // The column in its final order (the newest on top) before a card is picked up by its place on the screen.
    await expect(column(page, 'Prospecção').getByTestId('crm-card')).toHaveText([/Farmácia Saúde/, /Mercado Bom Preço/, /Padaria Central/]);

    // Mouse: Padaria Central → Qualificação.
    await dragByMouse(page, card(page, 'Padaria Central'), column(page, 'Qualificação'), nearTop);
    await expect(column(page, 'Qualificação').getByTestId('crm-card').filter({ hasText: 'Padaria Central' })).toBeVisible();
    await expect.poll(() => stageOf(admin.companyId, 'Padaria Central')).toBe('Qualificação');

    // Keyboard: Mercado Bom Preço → one column to the right.
    const mercado = card(page, 'Mercado Bom Preço');
    await mercado.focus();
    await pickUpWithKeyboard(page);
    // dnd-kit's live region speaks Portuguese at every step.
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: /Sobre a .*Qualificação/ })).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(column(page, 'Qualificação').getByTestId('crm-card').filter({ hasText: 'Mercado Bom Preço' })).toBeVisible();
    await expect.poll(() => stageOf(admin.companyId, 'Mercado Bom Preço')).toBe('Qualificação');

    await page.reload();
    await expect(column(page, 'Qualificação').getByTestId('crm-card')).toHaveCount(2);
    await expect(column(page, 'Prospecção').getByTestId('crm-card')).toHaveCount(1);
    await expect(column(page, 'Qualificação').getByTestId('crm-column-totals')).toContainText('2 · R$ 3.500,00');

    // A move the server refuses rolls back with a message.
    await page.route('**/api/crm/deals/*/move', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ error: 'A posição de destino mudou. Atualize o quadro e tente de novo.', code: 'NEIGHBOUR_MOVED' }) }),
    );
    await dragByMouse(page, card(page, 'Farmácia Saúde'), column(page, 'Proposta'), nearTop);
    await expect(page.getByText('O negócio voltou para onde estava')).toBeVisible();
    await expect(column(page, 'Prospecção').getByTestId('crm-card').filter({ hasText: 'Farmácia Saúde' })).toBeVisible();
    await page.unroute('**/api/crm/deals/*/move');
    expect(await stageOf(admin.companyId, 'Farmácia Saúde')).toBe('Prospecção');

    // Someone else's move appears without a reload (live updates).
    const [padaria] = await e2eSql<{ id: string; stage: string }>(
      "SELECT d.id, (SELECT id FROM crm_stages WHERE pipeline_id = d.pipeline_id AND name = 'Negociação') AS stage FROM deals d WHERE d.company_id = $1 AND d.title = 'Padaria Central'",
      [admin.companyId],
    );
    expect((await page.request.post(`/api/crm/deals/${padaria!.id}/move`, { data: { stageId: padaria!.stage } })).status()).toBe(200);
    await expect(column(page, 'Negociação').getByTestId('crm-card').filter({ hasText: 'Padaria Central' })).toHaveCount(1);
    await expect(column(page, 'Qualificação').getByTestId('crm-card')).toHaveCount(1);

    // The panel: edit, won, reopen, lost with a reason.
    await card(page, 'Farmácia Saúde').click();
    const panel = page.getByTestId('crm-deal-panel');
    await expect(panel.getByRole('heading', { name: 'Farmácia Saúde' })).toBeVisible();
    await expect(page).toHaveURL(/negocio=/);
    await panel.getByLabel('Título').fill('Farmácia Saúde Total');
    await panel.getByLabel('Etiquetas').fill('varejo, sp');
    await panel.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(panel.getByRole('heading', { name: 'Farmácia Saúde Total' })).toBeVisible();
    await expect(panel.getByText('Atividades')).toBeVisible();
    await expectAccessible(page);
    await panel.getByRole('button', { name: 'Ganho' }).click();
    const won = page.getByRole('dialog', { name: 'Marcar como ganho' });
    await won.getByLabel('Motivo').selectOption('Indicação');
    await won.getByRole('button', { name: 'Marcar como ganho' }).click();
    await expect(panel.getByText('Ganho', { exact: true })).toBeVisible();
    await expect(panel.getByText('Motivo: Indicação')).toBeVisible();
    await panel.getByRole('button', { name: 'Reabrir' }).click();
    await panel.getByRole('button', { name: 'Perdido' }).click();
    const lost = page.getByRole('dialog', { name: 'Marcar como perdido' });
    await lost.getByLabel('Motivo').selectOption('Outro');
    await lost.getByRole('button', { name: 'Marcar como perdido' }).click();
    await expect(lost.getByText('Descreva o motivo da perda.')).toBeVisible();
    await lost.getByLabel('Detalhe (obrigatório)').fill('Fechou a loja');
    await lost.getByRole('button', { name: 'Marcar como perdido' }).click();
    await expect(panel.getByText('Motivo: Outro — Fechou a loja')).toBeVisible();
    await panel.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(card(page, 'Farmácia Saúde Total')).toHaveCount(0);
    const [row] = await e2eSql<{ status: string; lost_reason: string; tags: string[] }>('SELECT status, lost_reason, tags FROM deals WHERE company_id = $1 AND title = $2', [admin.companyId, 'Farmácia Saúde Total']);
    expect(row).toEqual({ status: 'lost', lost_reason: 'Outro', tags: ['varejo', 'sp'] });

    // Closed deals stay reachable: the status filter shows them in their stage, marked, and they do not drag.
    await page.getByLabel('Situação').selectOption('lost');
    await expect(page).toHaveURL(/status=lost/);
    await expect(card(page, 'Farmácia Saúde Total')).toContainText('Perdido');
    await expect(card(page, 'Farmácia Saúde Total')).not.toHaveAttribute('aria-roledescription', /arrastável/);
    await expect(page.getByTestId('crm-board-summary')).toContainText('1 negócio perdido');
    await expect(page.getByTestId('crm-card')).toHaveCount(1);
    await page.getByLabel('Situação').selectOption('all');
    await expect(page.getByTestId('crm-card')).toHaveCount(3);
    await expectAccessible(page);
    await page.getByLabel('Situação').selectOption('open');
    await expect(page).not.toHaveURL(/status=/);

    // Filters live in the URL.
    await page.getByLabel('Buscar').fill('Padaria');
    await expect(column(page, 'Negociação').getByTestId('crm-card')).toHaveCount(1);
    await expect(page).toHaveURL(/q=Padaria/);
    await expect(page.getByTestId('crm-card')).toHaveCount(1);
    await expectAccessible(page);
  });
});

test.describe('/kanban-leads with many deals', () => {
  test('a column of 150 deals renders only what is on screen and loads the rest in pages as it scrolls', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await createCompanyWithAdmin(page.request, 'Muitos Negócios Ltda');
    const { pipelines } = (await (await page.request.get('/api/crm/pipelines')).json()) as { pipelines: Array<{ id: string; stages: Array<{ id: string }> }> };
    const p = pipelines[0]!;
    await e2eSql(
      `INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, position)
       SELECT $1, $2, $3, 'Lote ' || g, 1000, g * 1024 FROM generate_series(1, 150) g`,
      [admin.companyId, p.id, p.stages[0]!.id],
    );
    await page.goto('/kanban-leads');
    const first = column(page, 'Prospecção');
    await expect(first.getByTestId('crm-column-totals')).toContainText('150 · R$ 1.500,00');
    await expect(first.getByText('Lote 1', { exact: true })).toBeVisible();
    // Virtualized: far fewer cards in the DOM than in the column.
    expect(await first.getByTestId('crm-card').count()).toBeLessThan(40);
    const scroller = first.locator('div.overflow-y-auto');
    await expect(async () => {
      await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
      await expect(first.getByText('Lote 150', { exact: true })).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
    expect(await first.getByTestId('crm-card').count()).toBeLessThan(40);
  });
});

test.describe('/kanban-leads settings', () => {
  test('the admin adds a stage, deletes one moving its deals, and adds a custom field that the panel then shows', async ({ page }) => {
    test.setTimeout(90_000);
    const admin = await createCompanyWithAdmin(page.request, 'Configura Funil Ltda');
    const { pipelines } = (await (await page.request.get('/api/crm/pipelines')).json()) as { pipelines: Array<{ id: string; stages: Array<{ id: string }> }> };
    const p = pipelines[0]!;
    expect((await page.request.post('/api/crm/deals', { data: { title: 'Em proposta', pipelineId: p.id, stageId: p.stages[2]!.id } })).status()).toBe(201);
    await page.goto('/kanban-leads');
    await page.getByRole('button', { name: 'Configurar' }).click();
    const settings = page.getByTestId('crm-settings');
    await settings.getByLabel('Nova etapa').fill('Contrato enviado');
    await settings.getByRole('button', { name: 'Adicionar' }).click();
    await expect(settings.getByLabel('Nome da etapa 6')).toHaveValue('Contrato enviado');
    await expectAccessible(page);
    await settings.getByRole('button', { name: 'Excluir Proposta' }).click();
    await settings.getByLabel('Mover os negócios desta etapa para').selectOption({ label: 'Negociação' });
    await settings.getByRole('button', { name: 'Excluir etapa' }).click();
    await expect(page.getByText('Etapa excluída. 1 negócio(s) movido(s).')).toBeVisible();
    await settings.getByRole('tab', { name: 'Campos personalizados' }).click();
    await settings.getByLabel('Nome do campo').fill('Segmento');
    await settings.getByLabel('Tipo').selectOption({ label: 'Seleção' });
    await settings.getByLabel('Opções').fill('Varejo, Indústria');
    await settings.getByRole('button', { name: 'Criar campo' }).click();
    await expect(settings.getByText('Segmento', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(column(page, 'Proposta')).toHaveCount(0);
    await expect(column(page, 'Contrato enviado')).toHaveCount(1);
    await card(page, 'Em proposta').click();
    const panel = page.getByTestId('crm-deal-panel');
    await panel.getByLabel('Segmento').selectOption('Indústria');
    await panel.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect.poll(async () => (await e2eSql<{ v: string }>("SELECT custom_fields->>'segmento' AS v FROM deals WHERE company_id = $1", [admin.companyId]))[0]?.v).toBe('Indústria');
    expect(await stageOf(admin.companyId, 'Em proposta')).toBe('Negociação');
  });
});

test.describe('/kanban-leads: the client of a deal', () => {
  /** Screenshots for the report when SHOTS=<dir> is set (1280 px and 375 px). */
  async function shots(page: Page, name: string) {
    const dir = process.env.SHOTS;
    if (!dir) return;
    const size = page.viewportSize();
    await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 375, height: 812 });
    await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
    if (size) await page.setViewportSize(size);
  }

  test('an organization and contacts created on the spot, the close date typed DD/MM/AAAA, a quote for that client offering its total as the value, won with a reason and found again', async ({ page }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await createCompanyWithAdmin(page.request, 'Padaria Cliente Ltda');
    const { pipelines } = (await (await page.request.get('/api/crm/pipelines')).json()) as { pipelines: Array<{ id: string }> };
    const created = await page.request.post('/api/crm/deals', { data: { title: 'Pães para a rede', valueCents: 100_000, pipelineId: pipelines[0]!.id } });
    const dealId = ((await created.json()) as { id: string }).id;

    await page.goto(`/kanban-leads?negocio=${dealId}`);
    const panel = page.getByTestId('crm-deal-panel');
    await expect(panel.getByRole('heading', { name: 'Pães para a rede' })).toBeVisible();
    const client = panel.getByRole('group', { name: 'Cliente' });

    // The organization: not in the contacts yet, created from the picker.
    await client.getByRole('combobox', { name: 'Organização' }).fill('Mercado Nova Era');
    await client.getByRole('option', { name: /Cadastrar “Mercado Nova Era”/ }).click();
    const newOrg = page.getByRole('dialog', { name: 'Nova organização' });
    await expect(newOrg.getByLabel('Razão social')).toHaveValue('Mercado Nova Era');
    await newOrg.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(newOrg).toBeHidden();
    await expect(client.getByText('Mercado Nova Era')).toBeVisible();

    // Two contacts: one created here with e-mail and phone, then made the main one after another.
    await client.getByRole('combobox', { name: 'Contato' }).fill('Ana Compras');
    await client.getByRole('option', { name: /Cadastrar “Ana Compras”/ }).click();
    const newPerson = page.getByRole('dialog', { name: 'Nova pessoa' });
    await newPerson.getByLabel('E-mail (opcional)').fill('ana@novaera.com.br');
    await newPerson.getByLabel('Telefone (opcional)').fill('11987654321');
    await expect(newPerson.getByLabel('Telefone (opcional)')).toHaveValue('(11) 98765-4321');
    await expectAccessible(page);
    await newPerson.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(newPerson).toBeHidden();
    await client.getByRole('combobox', { name: 'Adicionar outro contato' }).fill('Beto Financeiro');
    await client.getByRole('option', { name: /Cadastrar “Beto Financeiro”/ }).click();
    await page.getByRole('dialog', { name: 'Nova pessoa' }).getByRole('button', { name: 'Cadastrar' }).click();
    const contacts = client.getByRole('list', { name: 'Contatos do negócio' });
    await expect(contacts.getByRole('listitem')).toHaveCount(2);
    await expect(contacts.getByRole('listitem').first()).toContainText('Ana Compras');
    await expect(contacts.getByRole('listitem').first()).toContainText('(11) 98765-4321');

    // The close date is typed the Brazilian way, never a browser's mm/dd/yyyy.
    const close = panel.getByLabel('Previsão de fechamento');
    await expect(close).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    await close.fill('15082026');
    await expect(close).toHaveValue('15/08/2026');
    await panel.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByText('Negócio salvo.')).toBeVisible();
    const [deal] = await e2eSql<{ org: string; close: string; contacts: string[] }>(
      `SELECT o.razao_social AS org, d.expected_close_date::text AS close,
              (SELECT array_agg(p.name ORDER BY dp.position) FROM deal_people dp JOIN people p ON p.id = dp.person_id WHERE dp.deal_id = d.id) AS contacts
         FROM deals d JOIN organizations o ON o.id = d.organization_id WHERE d.id = $1`,
      [dealId],
    );
    expect(deal).toEqual({ org: 'Mercado Nova Era', close: '2026-08-15', contacts: ['Ana Compras', 'Beto Financeiro'] });
    await expectAccessible(page);
    await shots(page, 'deal-client');

    // A quote for that client; its total is offered as the deal's value.
    const quotes = panel.getByTestId('deal-quotes');
    await quotes.getByRole('button', { name: 'Novo orçamento' }).click();
    const dialog = page.getByTestId('quote-dialog');
    await expect(dialog.getByText('Mercado Nova Era')).toBeVisible();
    await expect(dialog.getByText('Ana Compras')).toBeVisible();
    const item = dialog.getByTestId('quote-item').first();
    await item.getByLabel('Descrição').fill('Pão francês (cento)');
    await item.getByLabel('Quantidade').fill('30');
    await item.getByLabel('Preço unitário (R$)').fill('49,90');
    await expectAccessible(page);
    await shots(page, 'quote-client');
    await dialog.getByRole('button', { name: 'Criar orçamento' }).click();
    const offer = page.getByRole('dialog', { name: /^Usar R\$\s1\.497,00 como valor do negócio\?$/ });
    await expect(offer).toContainText('vale hoje R$\u00a01.000,00');
    await expectAccessible(page);
    await shots(page, 'quote-value-offer');
    await offer.getByRole('button', { name: 'Atualizar o valor' }).click();
    await expect(dialog).toBeHidden();
    await expect.poll(async () => (await e2eSql<{ v: number }>('SELECT value_cents::int AS v FROM deals WHERE id = $1', [dealId]))[0]!.v).toBe(149_700);
    const [quote] = await e2eSql<{ org: string; person: string }>(
      'SELECT o.razao_social AS org, p.name AS person FROM crm_quotes q JOIN organizations o ON o.id = q.organization_id JOIN people p ON p.id = q.person_id WHERE q.deal_id = $1',
      [dealId],
    );
    expect(quote).toEqual({ org: 'Mercado Nova Era', person: 'Ana Compras' });

    // Won with a reason; it leaves the open board and comes back under 'Ganhos'.
    await panel.getByRole('button', { name: 'Ganho' }).click();
    const won = page.getByRole('dialog', { name: 'Marcar como ganho' });
    await won.getByRole('button', { name: 'Marcar como ganho' }).click();
    await expect(won.getByText('Escolha o motivo do ganho.')).toBeVisible();
    await won.getByLabel('Motivo').selectOption('Atendimento e relacionamento');
    await won.getByLabel('Detalhe (opcional)').fill('Visita na loja');
    await expectAccessible(page);
    await shots(page, 'deal-won-dialog');
    await won.getByRole('button', { name: 'Marcar como ganho' }).click();
    await expect(panel.getByText('Motivo: Atendimento e relacionamento — Visita na loja')).toBeVisible();
    await panel.getByRole('button', { name: 'Fechar' }).first().click();
    await expect(card(page, 'Pães para a rede')).toHaveCount(0);
    await page.getByLabel('Situação').selectOption('won');
    await expect(card(page, 'Pães para a rede')).toContainText('Ganho');
    await expect(page.getByTestId('crm-board-summary')).toContainText('1 negócio ganho · R$ 1.497,00');
    await expectAccessible(page);
    await shots(page, 'board-won');
    await card(page, 'Pães para a rede').click();
    await expect(panel.getByRole('button', { name: 'Reabrir' })).toBeVisible();
  });
});
