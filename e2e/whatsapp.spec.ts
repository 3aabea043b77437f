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
  });
});
