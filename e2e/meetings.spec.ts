import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FAKE_OPENAI_URL } from '../playwright.config.ts';
import { toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';
import { makeAudio } from '../apps/server/test/analysis/audio-support.ts';

const fixture = (name: string) => readFileSync(new URL(`../apps/server/test/fixtures/analysis/${name}`, import.meta.url));

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

const control = (body: unknown) => fetch(`${FAKE_OPENAI_URL}/__control`, { method: 'POST', body: JSON.stringify(body) });

const answer = {
  summary: 'Reunião de descoberta: o mercado tem R$ 20 mil para o trimestre e espera a proposta amanhã.',
  participants: [
    { name: 'Marina', role: 'Executiva de vendas', side: 'vendedor' },
    { name: 'Pedro', role: 'Diretor de compras', side: 'cliente' },
  ],
  speakerTurns: [],
  needs: [{ description: 'Abastecer o mercado no trimestre', quote: 'Temos R$ 20 mil para este trimestre' }],
  pains: [{ description: 'O fornecedor atual atrasa as entregas', quote: null }],
  objections: [{ objection: 'Preço acima do concorrente', response: 'Desconto por volume', handling: 'parcial', quote: null }],
  nextSteps: [
    { description: 'Enviar a proposta comercial', owner: 'Marina Vendas', dueDate: '2026-12-01' },
    { description: 'Agendar a visita à loja', owner: 'Pedro', dueDate: null },
  ],
  qualification: {
    budget: { score: 20, evidence: 'R$ 20 mil no trimestre' },
    authority: { score: 15, evidence: 'Pedro decide com o sócio' },
    need: { score: 22, evidence: 'Precisa abastecer' },
    timeline: { score: 10, evidence: 'Sem prazo definido' },
  },
  sentiment: { overall: 'positivo', explanation: 'O cliente pediu a proposta e marcou a visita.' },
};

test.afterEach(async () => {
  await control({ answerFor: { 'meeting-analysis_v1': null } });
});

test.describe('/analise-reunioes: análise de reuniões de vendas', () => {
  test('a transcript for a deal: consent, live stages, the structured page, next steps become activities', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Marina', lastName: 'Vendas' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const [pipeline] = await e2eSql<{ id: string }>(`INSERT INTO crm_pipelines (company_id, name) VALUES ($1, 'Funil de vendas') RETURNING id`, [company.id]);
    const [stage] = await e2eSql<{ id: string }>(`INSERT INTO crm_stages (company_id, pipeline_id, name, position, probability) VALUES ($1, $2, 'Proposta', 1, 50) RETURNING id`, [company.id, pipeline!.id]);
    const [deal] = await e2eSql<{ id: string }>(`INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents) VALUES ($1, $2, $3, 'Mercado Bom Preço', 150000) RETURNING id`, [
      company.id,
      pipeline!.id,
      stage!.id,
    ]);
    await control({ answerFor: { 'meeting-analysis_v1': answer } });

    await page.goto('/analise-reunioes');
    await expect(page.getByRole('heading', { name: 'Nenhuma reunião analisada' })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'meetings-empty');

    await page.getByRole('button', { name: 'Analisar a primeira reunião' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova reunião' });
    await expect(dialog.getByLabel('Negócio', { exact: true })).toHaveValue(deal!.id);
    await dialog.getByLabel('Título da reunião').fill('Descoberta com o mercado');
    await dialog.getByRole('button', { name: 'Criar reunião' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(/consentiram/);
    await dialog.getByRole('checkbox').check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Criar reunião' }).click();
    await expect(page).toHaveURL(/\/analise-reunioes\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Descoberta com o mercado' })).toBeVisible();
    await expect(page.getByText(/Consentimento das pessoas gravadas confirmado por Marina Vendas/)).toBeVisible();

    await page.locator('input[type="file"]').first().setInputFiles({ name: 'reuniao.txt', mimeType: 'text/plain', buffer: fixture('reuniao.txt') });
    await expect(page.getByText('reuniao.txt').first()).toBeVisible();
    const analyse = page.getByRole('button', { name: /Analisar reunião · 5 moedas/ });
    await expect(analyse).toBeEnabled();
    await analyse.click();
    await page.getByRole('button', { name: 'Confirmar · 5 moedas' }).click();
    await expect(toast(page, 'Análise iniciada.')).toBeVisible();
    const summary = page.getByRole('region', { name: 'Resumo' });
    await expect(summary).toBeVisible({ timeout: 20_000 });
    await expect(summary.getByText('Qualificação BANT: 67/100')).toBeVisible();
    await expect(page.getByRole('button', { name: /Versão 1 · Pronto/ })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Objeções e como foram tratadas' }).getByText('Tratada em parte')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Tempo de fala' }).getByRole('cell', { name: 'Pedro' })).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('45');
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await shots(page, 'meeting-result');

    // Next steps → activities on the deal (Marina is a member: the first is hers).
    const steps = page.getByRole('region', { name: 'Próximos passos' });
    await steps.getByRole('checkbox', { name: /Agendar a visita/ }).uncheck();
    await steps.getByRole('button', { name: 'Criar atividades no negócio' }).click();
    await expect(toast(page, '1 atividade criada no negócio.')).toBeVisible();
    await expect(steps.getByText('Atividade criada no negócio')).toHaveCount(1);
    const tasks = await e2eSql<{ title: string; entity_type: string; entity_id: string }>('SELECT title, entity_type, entity_id FROM tasks WHERE company_id = $1', [company.id]);
    expect(tasks).toEqual([{ title: 'Enviar a proposta comercial', entity_type: 'deal', entity_id: deal!.id }]);

    await page.getByRole('link', { name: 'Reuniões', exact: true }).click();
    await expect(page.getByRole('link', { name: 'Descoberta com o mercado' }).first()).toBeVisible();
    await expect(page.getByText('BANT 67/100').first()).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'meetings-list');
  });

  test('no open deal: Nova reunião creates it there; a recording comes with its speakers, and they are named', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Bia', lastName: 'Gravações' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    await control({ answerFor: { 'meeting-analysis_v1': answer } });

    await page.goto('/analise-reunioes');
    await page.getByRole('button', { name: 'Analisar a primeira reunião' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova reunião' });
    const newDeal = dialog.getByTestId('new-deal');
    await expect(newDeal).toContainText('O CRM ainda não tem negócios abertos. Crie o negócio desta reunião aqui mesmo.');
    await expect(dialog.getByLabel('Negócio', { exact: true })).toHaveCount(0);
    await expectAccessible(page);
    await shots(page, 'meetings-new-deal');
    await newDeal.getByLabel('Nome do novo negócio').fill('Mercado Bom Preço');
    await newDeal.getByRole('button', { name: 'Criar negócio' }).click();
    await expect(toast(page, 'Negócio “Mercado Bom Preço” criado no CRM.')).toBeVisible();
    const [deal] = await e2eSql<{ id: string }>("SELECT id FROM deals WHERE company_id = $1 AND title = 'Mercado Bom Preço'", [company.id]);
    await expect(dialog.getByLabel('Negócio', { exact: true })).toHaveValue(deal!.id);
    await dialog.getByLabel('Título da reunião').fill('Ligação gravada');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: 'Criar reunião' }).click();
    await expect(page).toHaveURL(/\/analise-reunioes\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('link', { name: 'Mercado Bom Preço' })).toBeVisible();

    // A recording: the transcription tells the two voices apart (the fake speaks diarized_json).
    await page.locator('input[type="file"]').first().setInputFiles({ name: 'ligacao.wav', mimeType: 'audio/wav', buffer: makeAudio(5, 'wav') });
    await expect(page.getByText('ligacao.wav').first()).toBeVisible();
    await page.getByRole('button', { name: /Analisar reunião · 5 moedas/ }).click();
    await page.getByRole('button', { name: 'Confirmar · 5 moedas' }).click();
    const talk = page.getByRole('region', { name: 'Tempo de fala' });
    await expect(talk).toBeVisible({ timeout: 30_000 });
    await expect(talk.getByRole('cell', { name: 'Falante 1' })).toBeVisible();
    await expect(talk.getByRole('cell', { name: 'Falante 2' })).toBeVisible();
    await expect(talk.getByTestId('unnamed-speakers')).toContainText('2 falantes ainda não têm nome.');
    await expect(page.getByText('Análise feita pela IA a partir da gravação de 1 min.')).toBeVisible();
    await expectAccessible(page);

    await talk.getByRole('button', { name: 'Nomear falantes' }).click();
    const names = page.getByRole('dialog', { name: 'Nomear falantes' });
    await expect(names.getByText('Primeira fala: “Olá, esta é uma transcrição de teste.”')).toBeVisible();
    await names.getByLabel('Falante 1').fill('Marina');
    await names.getByLabel('Falante 2').fill('Pedro');
    await expectAccessible(page);
    await shots(page, 'meetings-name-speakers');
    await names.getByRole('button', { name: 'Salvar nomes' }).click();
    await expect(toast(page, 'Nomes dos falantes salvos.')).toBeVisible();
    await expect(talk.getByRole('cell', { name: 'Marina' })).toBeVisible();
    await expect(talk.getByRole('cell', { name: 'Pedro' })).toBeVisible();
    await expect(talk.getByRole('cell', { name: 'Falante 1' })).toHaveCount(0);
    await expect(talk.getByTestId('unnamed-speakers')).toHaveCount(0);
    const transcript = page.locator('details').filter({ hasText: 'Transcrição' });
    await transcript.locator('summary').click();
    await expect(transcript.getByText('Marina:')).toBeVisible();
    await expect(transcript.getByText('Pedro:')).toBeVisible();
    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1280, height: 800 });
    await talk.scrollIntoViewIfNeeded();
    await shots(page, 'meetings-speakers-named');
  });
});
