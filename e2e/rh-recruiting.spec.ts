import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { FAKE_OPENAI_URL } from '../playwright.config.ts';
import { toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

const fixture = (name: string) => readFileSync(new URL(`../apps/server/test/fixtures/analysis/${name}`, import.meta.url));
/** The fake model's fixed answer; non-ASCII escaped (the fake reads the control body byte by byte). */
const control = (body: unknown) =>
  fetch(`${FAKE_OPENAI_URL}/__control`, { method: 'POST', body: JSON.stringify(body).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) });

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
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const resume = (score: number) => ({
  candidateName: null,
  score,
  summary: 'Perfil com experiência prática na área.',
  strengths: [{ title: 'Experiência com clientes', why: 'Atendeu contratos de limpeza.', quote: 'O objeto é a limpeza diária da loja', location: 'Experiência' }],
  gaps: [{ title: 'CRM', why: 'Não menciona ferramentas de CRM.' }],
  requirements: [{ requirement: 'Experiência em vendas', met: 'parcial', quote: null }],
});
const interview = {
  summary: 'Entrevista objetiva; boa experiência em liderança.',
  competencies: [{ name: 'Liderança', rating: 4, assessment: 'Liderou uma equipe pequena.', evidence: [{ quote: 'Liderei uma equipe de quatro pessoas.', speaker: 'Carlos Lima' }] }],
  redFlags: [{ title: 'Saída recente', why: 'Não explicou a saída do último emprego.', quote: null }],
  recommendation: 'avancar',
  recommendationWhy: 'Atende aos requisitos principais da vaga.',
};

test.afterEach(async () => {
  await control({ answerFor: { 'resume-analysis_v1': null, 'interview-analysis_v1': null } });
});

test.describe('/rh: vagas, currículos e entrevistas com IA', () => {
  test('create an opening, upload two résumés, see them ranked; re-run one; analyse an interview transcript', async ({ page }) => {
    test.setTimeout(120_000);
    await signInNewPerson(page, { firstName: 'Helena', lastName: 'Recrutadora' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

    await page.goto('/rh/analise-curriculos');
    await expect(page.getByRole('heading', { name: 'Nenhuma vaga cadastrada' })).toBeVisible();
    await expect(page.getByText('Prazo de retenção depois que a vaga fecha')).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'rh-openings-empty');

    await page.getByRole('button', { name: 'Cadastrar a primeira vaga' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova vaga' });
    await dialog.getByLabel('Título da vaga').fill('Vendedor interno');
    await dialog.getByLabel('Departamento').fill('Comercial');
    await dialog.getByLabel('Requisitos').fill('Experiência em vendas');
    await dialog.getByLabel('Cidade').fill('Campinas');
    await dialog.getByLabel('UF').selectOption('SP');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Criar vaga' }).click();
    await expect(page).toHaveURL(/\/rh\/analise-curriculos\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Vendedor interno' })).toBeVisible();
    await expect(page.getByText(/Currículos têm dados pessoais \(LGPD\)/)).toBeVisible();
    await expectAccessible(page);

    // Two résumés at once: each a candidate, each its own paid analysis (2 coins each).
    await control({ answerFor: { 'resume-analysis_v1': resume(64) } });
    await page.getByLabel('Currículos (PDF ou DOCX, vários de uma vez)').setInputFiles([
      { name: 'ana-souza.pdf', mimeType: 'application/pdf', buffer: fixture('contrato.pdf') },
      { name: 'bruno-lima.docx', mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', buffer: fixture('contrato.docx') },
    ]);
    await page.getByRole('button', { name: 'Analisar 2 currículos · 4 moedas' }).click();
    await expect(toast(page, 'Currículos enviados.')).toBeVisible();
    const rows = page.getByTestId('candidate-row');
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: '64/100' })).toHaveCount(2, { timeout: 30_000 });
    // The lines under the upload follow the analyses: none still says it is in the queue once they are done.
    const sent = page.getByRole('list', { name: 'Resultado do envio' });
    await expect(sent.getByRole('listitem')).toHaveText(['ana-souza.pdf: Enviado. Análise pronta.', 'bruno-lima.docx: Enviado. Análise pronta.']);
    await expect(sent).not.toContainText('fila');
    await expect(rows.nth(0)).toContainText('ana souza');
    await expect(page.getByTestId('header-balance')).toHaveText('46');

    // The second candidate re-analysed with a better fit moves to the top; version 1 stays.
    await control({ answerFor: { 'resume-analysis_v1': resume(91) } });
    await rows.nth(1).getByRole('button', { name: 'bruno lima' }).click();
    const panel = page.getByTestId('candidate-panel');
    await expect(panel.getByRole('button', { name: /Versão 1 · Pronto/ })).toBeVisible();
    await expect(panel.getByTestId('resume-result')).toContainText('Pontos fortes');
    await panel.getByRole('button', { name: 'Analisar de novo · 2 moedas' }).click();
    await expect(panel.getByRole('button', { name: /Versão 2 · Pronto/ })).toBeVisible({ timeout: 30_000 });
    await expect(rows.nth(0)).toContainText('bruno lima');
    await expect(rows.nth(0)).toContainText('91/100');
    await panel.getByLabel('Etapa').selectOption('entrevista');
    await expect(rows.nth(0)).toContainText('Entrevista');
    await expectAccessible(page);
    await fitsPhone(page);
    await shots(page, 'rh-opening');

    // The interview: consent first, then the transcript; the result keeps the speakers.
    await control({ answerFor: { 'interview-analysis_v1': interview } });
    await page.goto('/rh/analise-entrevistas');
    await expect(page.getByRole('heading', { name: 'Nenhuma entrevista analisada' })).toBeVisible();
    await expectAccessible(page);
    await page.getByLabel('Vaga').selectOption({ label: 'Vendedor interno' });
    await page.getByLabel('Candidato').selectOption({ label: 'bruno lima' });
    await page.getByLabel(/Gravação \(MP3/).setInputFiles({ name: 'entrevista.vtt', mimeType: 'text/vtt', buffer: fixture('entrevista.vtt') });
    await expect(page.getByRole('status').filter({ hasText: 'Confirme o consentimento da pessoa entrevistada.' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Analisar entrevista · 4 moedas' })).toHaveCount(0);
    await page.getByLabel(/consentiu com a gravação/).check();
    await page.getByRole('button', { name: 'Analisar entrevista · 4 moedas' }).click();
    await expect(page).toHaveURL(/\/rh\/analise-entrevistas\/[0-9a-f-]{36}$/);
    const result = page.getByTestId('interview-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText('Avançar', { exact: true })).toBeVisible();
    await expect(result.getByRole('list', { name: 'Falas da entrevista' })).toContainText('Carlos Lima');
    await expect(result.getByText('Liderei uma equipe de quatro pessoas.').first()).toBeVisible();
    await expect(page.getByText(/Consentimento confirmado por Helena/)).toBeVisible();
    await expect(page.getByTestId('header-balance')).toHaveText('40');
    expect((await e2eSql<{ n: number }>("select count(*)::int as n from paid_actions where company_id = $1 and status = 'committed'", [company.id]))[0]!.n).toBe(4);
    await expectAccessible(page);
    await fitsPhone(page);
    await shots(page, 'rh-interview');

    await page.getByRole('link', { name: 'Entrevistas' }).click();
    await expect(page.getByRole('link', { name: 'bruno lima' }).first()).toBeVisible();
    await expect(page.getByRole('row', { name: /bruno lima/ }).getByText('Avançar')).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'rh-interviews');
    await page.goto('/rh/analise-curriculos');
    await expect(page.getByRole('row', { name: /Vendedor interno/ }).getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await shots(page, 'rh-openings');
  });
});
