import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
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

test.describe('/atendimento: o WhatsApp da empresa', () => {
  test('an admin sets up WhatsApp: the webhook to give Meta, secrets kept and never shown; the dialog is accessible', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Ana', lastName: 'Admin' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

    await page.goto('/atendimento');
    await page.getByRole('button', { name: 'WhatsApp' }).click();
    const dialog = page.getByRole('dialog', { name: 'WhatsApp Business' });
    await expect(dialog.getByRole('textbox', { name: 'URL de retorno' })).toHaveValue(/\/api\/whatsapp\/webhook\/wh_[\w-]+$/);
    await expect(dialog.getByRole('textbox', { name: 'Token de verificação' })).not.toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Testar' })).toBeDisabled();
    await dialog.getByLabel('Identificação do número de telefone').fill('109876543210');
    await dialog.getByLabel('Identificação da conta do WhatsApp Business').fill('200000000001');
    await dialog.getByLabel('Token de acesso').fill('EAAG-token-secreto');
    await dialog.getByLabel('Chave secreta do app').fill('segredo-do-app');
    await expectAccessible(page);
    await shots(page, 'whatsapp-settings');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações do WhatsApp salvas.')).toBeVisible();
    await expect(dialog.getByLabel('Token de acesso')).toHaveValue('');
    await expect(dialog.getByLabel('Token de acesso')).toHaveAttribute('placeholder', 'Guardado (deixe em branco para manter)');
    await expect(dialog.getByRole('button', { name: 'Testar' })).toBeEnabled();
    const [row] = await e2eSql('SELECT access_token_enc FROM whatsapp_accounts WHERE company_id = $1', [company.id]);
    expect(String((row as { access_token_enc: string }).access_token_enc)).not.toContain('EAAG');

    // A customer writes on WhatsApp (a signed webhook post), then 25 hours pass: only a template may go out.
    const hook = await dialog.getByRole('textbox', { name: 'URL de retorno' }).inputValue();
    await page.keyboard.press('Escape');
    const body = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [{ id: '200000000001', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { phone_number_id: '109876543210' }, contacts: [{ wa_id: '5511987654321', profile: { name: 'Joana Cliente' } }], messages: [{ from: '5511987654321', id: 'wamid.e2e1', type: 'text', text: { body: 'Oi, vocês abrem amanhã?' } }] } }] }],
    });
    const posted = await page.request.post(hook, { data: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', 'segredo-do-app').update(body).digest('hex')}` } });
    expect(posted.status()).toBe(200);
    await page.getByRole('list', { name: 'Conversas' }).getByRole('button', { name: /Joana Cliente/ }).click();
    await expect(page.getByRole('log', { name: 'Mensagens' }).getByText('Oi, vocês abrem amanhã?')).toBeVisible();
    await expect(page.getByPlaceholder(/Escreva a resposta/)).toBeVisible();
    await e2eSql("UPDATE inbox_messages SET created_at = now() - interval '25 hours' WHERE company_id = $1", [company.id]);
    await page.reload();
    await expect(page.getByText('O cliente não escreve há mais de 24 horas', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar modelo' })).toBeDisabled();
    await expectAccessible(page);
    await shots(page, 'whatsapp-window-closed');
  });
});

test.describe('/campanhas-massa: campanha no WhatsApp', () => {
  test('a WhatsApp campaign asks for an approved template and its variables instead of the e-mail content', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Bia', lastName: 'Marketing' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    await page.goto('/campanhas-massa');
    await page.getByRole('button', { name: 'Campanha no WhatsApp' }).click();
    await expect(page.getByLabel('Modelo aprovado do WhatsApp')).toBeVisible();
    await expect(page.getByLabel('Assunto')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Pré-visualização' })).toHaveCount(0);
    await expectAccessible(page);
    await shots(page, 'whatsapp-campaign');
  });
});
