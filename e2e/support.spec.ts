import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signInByApi } from './support/api.ts';
import { toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

const OPERATOR = 'operador.e2e@sede.test'; // SUPPORT_OPERATORS in playwright.config.ts

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

async function signInOperator(page: Page) {
  const exists = await e2eSql<{ n: number }>('SELECT count(*)::int AS n FROM "user" WHERE email = $1', [OPERATOR]);
  if (!exists[0]!.n) await createConfirmedUser(page.request, { email: OPERATOR, password: 'segredo123', firstName: 'Otto', lastName: 'Operador' });
  await page.context().clearCookies();
  await signInByApi(page, OPERATOR, 'segredo123');
}

test.describe('/suporte: chamados', () => {
  test('a person opens a ticket with an attachment; an operator answers; the person reads the answer', async ({ page, browser }) => {
    await signInNewPerson(page, { firstName: 'Sofia', lastName: 'Cliente' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

    await page.goto('/suporte');
    await expect(page.getByRole('heading', { name: 'Nenhum chamado ainda' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Perguntas frequentes' })).toBeVisible();
    await page.getByText('O que são as moedas?').click();
    await expect(page.getByText('O preço aparece no botão antes de você confirmar')).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'suporte');

    // Bad input stays in the form with the schema's message.
    await page.getByRole('button', { name: 'Abrir chamado' }).click();
    await expect(page.getByText('Informe o assunto.')).toBeVisible();

    await page.getByLabel('Assunto').fill('Orçamento não envia');
    await page.getByLabel('Categoria').selectOption('problema');
    await page.getByLabel('Mensagem').fill('Ao enviar o orçamento para o cliente aparece <script>erro</script>.');
    await page.getByLabel('Anexo (opcional)').setInputFiles({ name: 'erro.txt', mimeType: 'text/plain', buffer: Buffer.from('detalhes do erro') });
    await page.getByRole('button', { name: 'Abrir chamado' }).click();
    await expect(toast(page, 'Chamado aberto. Avisaremos quando o suporte responder.')).toBeVisible();

    // The ticket's page: the message as text, the attachment, the status.
    await expect(page.getByRole('heading', { name: 'Orçamento não envia' })).toBeVisible();
    await expect(page.getByText('Ao enviar o orçamento para o cliente aparece <script>erro</script>.')).toBeVisible();
    await expect(page.getByText('erro.txt')).toBeVisible();
    await expect(page.getByText('Aguardando o suporte').first()).toBeVisible();
    const ticketUrl = page.url();
    expect(ticketUrl).toMatch(/\/suporte\?chamado=/);
    await expectAccessible(page);
    await shots(page, 'suporte-chamado');

    // The operator, in another browser context.
    const operatorContext = await browser.newContext();
    const operatorPage = await operatorContext.newPage();
    await signInOperator(operatorPage);
    await operatorPage.goto('/suporte/operador');
    await operatorPage.getByRole('button', { name: /Orçamento não envia/ }).first().click();
    await expect(operatorPage.getByRole('link', { name: /erro\.txt/ })).toBeVisible();
    await operatorPage.getByLabel('Resposta ao cliente').fill('Corrigimos o envio. Pode tentar de novo?');
    await operatorPage.getByRole('button', { name: 'Enviar' }).click();
    await expect(toast(operatorPage, 'Resposta enviada.')).toBeVisible();
    await expectAccessible(operatorPage);
    await shots(operatorPage, 'suporte-operador');
    await operatorContext.close();

    // The person sees the answer and the new status; the bell has it.
    await page.goto(ticketUrl);
    await expect(page.getByText('Corrigimos o envio. Pode tentar de novo?')).toBeVisible();
    await expect(page.getByText('Equipe de suporte do Sede')).toBeVisible();
    await expect(page.getByText('Respondido').first()).toBeVisible();
    await page.getByRole('button', { name: 'Marcar como resolvido' }).click();
    await expect(toast(page, 'Chamado marcado como resolvido.')).toBeVisible();
  });

  test('the operators screen is not there for a member', async ({ page }) => {
    await signInNewPerson(page);
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    await page.goto('/suporte/operador');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    expect((await page.request.get('/api/support/operator/tickets')).status()).toBe(404);
  });
});
