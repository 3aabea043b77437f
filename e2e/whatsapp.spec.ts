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

/** Approved templates as the platform caches them (the e2e server has no Graph API to list them). */
const TEMPLATES = [
  {
    name: 'pedido_enviado',
    language: 'pt_BR',
    body: 'Olá {{1}}, seu pedido saiu para entrega.',
    variables: 1,
    header: { format: 'text', text: 'Pedido {{1}}', variables: 1 },
    buttons: [{ index: 1, text: 'Rastrear', url: 'https://loja.exemplo.com.br/rastreio/{{1}}' }],
  },
  { name: 'catalogo', language: 'pt_BR', body: 'Veja nossas novidades.', variables: 0, header: { format: 'image', text: '', variables: 0 }, buttons: [] },
];

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

    // Resolved, then Joana writes again within 7 days: the same conversation reopens with a line for the agents (decision 0303).
    const [conv] = await e2eSql<{ id: string }>('SELECT id FROM inbox_conversations WHERE company_id = $1', [company.id]);
    expect((await page.request.patch(`/api/inbox/conversations/${conv!.id}`, { data: { status: 'resolved' } })).status()).toBe(200);
    const again = body.replace('wamid.e2e1', 'wamid.e2e2').replace('Oi, vocês abrem amanhã?', 'E no sábado?');
    const repost = await page.request.post(hook, { data: again, headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', 'segredo-do-app').update(again).digest('hex')}` } });
    expect(repost.status()).toBe(200);
    const log = page.getByRole('log', { name: 'Mensagens' });
    await expect(log.getByText('E no sábado?')).toBeVisible();
    await expect(log.getByText(/^Conversa reaberta · /)).toBeVisible();
    expect(await e2eSql('SELECT 1 FROM inbox_conversations WHERE company_id = $1', [company.id])).toHaveLength(1);
    await expectAccessible(page);
    await shots(page, 'inbox-reopened');

    await e2eSql("UPDATE inbox_messages SET created_at = created_at - interval '25 hours' WHERE company_id = $1", [company.id]);
    await e2eSql('UPDATE whatsapp_accounts SET templates = $2::jsonb, templates_fetched_at = now() WHERE company_id = $1', [company.id, JSON.stringify(TEMPLATES)]);
    await page.reload();
    await expect(page.getByText('O cliente não escreve há mais de 24 horas', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar modelo' })).toBeDisabled();
    await expectAccessible(page);
    await shots(page, 'whatsapp-window-closed');

    // A template with a text header and a URL button asks for both (decision 0302).
    await page.getByLabel('Modelo aprovado').selectOption({ label: 'pedido_enviado (pt_BR)' });
    await expect(page.getByLabel('Cabeçalho: variável {{1}}')).toBeVisible();
    await page.getByLabel('Botão "Rastrear": final do link').fill('ABC123');
    await expect(page.getByText('https://loja.exemplo.com.br/rastreio/ABC123')).toBeVisible();
    await page.getByLabel('Modelo aprovado').selectOption({ label: 'catalogo (pt_BR)' });
    await expect(page.getByRole('group', { name: 'Cabeçalho: imagem' })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'whatsapp-template-media-header');
    await page.getByLabel('Modelo aprovado').selectOption({ label: 'pedido_enviado (pt_BR)' });
    await page.getByLabel('Cabeçalho: variável {{1}}').fill('#123');
    await page.getByLabel('Variável {{1}}', { exact: true }).fill('Joana');
    await page.getByLabel('Botão "Rastrear": final do link').fill('ABC123');
    await expectAccessible(page);
    await shots(page, 'whatsapp-template-header-buttons');
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

    // With WhatsApp set up, a template's header and URL button take merge fields (decision 0302).
    const put = await page.request.put('/api/whatsapp/settings', { data: { phoneNumberId: '109876543299', wabaId: '200000000099', accessToken: 'EAAG-x', appSecret: 'segredo' } });
    expect(put.status()).toBe(200);
    await e2eSql('UPDATE whatsapp_accounts SET templates = $2::jsonb, templates_fetched_at = now() WHERE company_id = $1', [company.id, JSON.stringify(TEMPLATES)]);
    await page.reload();
    await page.getByLabel('Modelo aprovado do WhatsApp').selectOption({ label: 'pedido_enviado (pt_BR)' });
    await page.getByLabel('Cabeçalho: variável {{1}}').fill('de {{primeiro_nome}}');
    await page.getByLabel('Botão "Rastrear": final do link').fill('cupom-{{primeiro_nome}}');
    await expect(page.getByText('https://loja.exemplo.com.br/rastreio/cupom-{{primeiro_nome}}')).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'whatsapp-campaign-header-buttons');
  });
});
