import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, expectAccessible } from './support/team.ts';

const toast = (page: Page, title: string) => page.locator('[data-sonner-toast]').filter({ hasText: title });

test.describe('marketing: clients', () => {
  test('creates a client from an organization, fills its brand kit, channels and contacts, sets its options', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Agência Ponto Criativo Ltda');
    // Another marketing member, signed in in a context of their own.
    const otherContext = await browser.newContext({ baseURL });
    await createMember(otherContext.request, admin.companyId, 'marketing');
    const org = await page.request.post('/api/parties/organizations', { data: { razaoSocial: 'Cafeteria Grão Nobre Ltda', nomeFantasia: 'Grão Nobre' } });
    expect(org.status()).toBe(201);
    const orgId = ((await org.json()) as { id: string }).id;
    expect((await page.request.post('/api/parties/people', { data: { name: 'Marina Costa', emails: ['marina@graonobre.com.br'], organizationId: orgId } })).status()).toBe(201);

    // A brand-new area: says what it is for and offers the first action.
    await page.goto('/marketing');
    await expect(page.getByRole('heading', { name: 'O marketing organiza o conteúdo de cada empresa que a equipe atende' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Nova empresa cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova empresa cliente' });
    await dialog.getByRole('combobox', { name: 'Organização' }).fill('Grão');
    await dialog.getByRole('option', { name: /Grão Nobre/ }).click();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Criar empresa cliente' }).click();
    await expect(page).toHaveURL(/\/marketing\/empresa\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('client-name')).toHaveText('Grão Nobre');
    const clientId = page.url().split('/marketing/empresa/')[1]!;
    await expect(page.getByRole('link', { name: /Calendário/ }).first()).toHaveAttribute('href', `/marketing/calendario?cliente=${clientId}`);

    // Brand kit: logo (a platform file with its thumbnail), a colour, a font, tone and audience.
    const kit = page.getByTestId('brand-kit');
    const png = await sharp({ create: { width: 300, height: 120, channels: 3, background: { r: 120, g: 60, b: 20 } } }).png().toBuffer();
    await kit.getByTestId('logo-input').setInputFiles({ name: 'logo-grao-nobre.png', mimeType: 'image/png', buffer: png });
    await expect(toast(page, 'Logo atualizado.')).toBeVisible();
    await expect(kit.locator('img')).toHaveAttribute('src', /\/api\/files\/[0-9a-f-]{36}\/thumbnail/);
    await kit.getByRole('button', { name: 'Adicionar cor' }).click();
    await kit.getByLabel('Código hexadecimal da cor 1').fill('#8b4513');
    await kit.getByLabel('Nome da cor 1').fill('Café');
    await kit.getByRole('button', { name: 'Adicionar fonte' }).click();
    await kit.getByLabel('Nome da fonte 1').fill('Playfair Display');
    await kit.getByLabel('Uso da fonte 1').fill('Títulos');
    await kit.getByLabel('Tom de voz').fill('Acolhedor, com cheiro de café passado.');
    await kit.getByLabel('Público-alvo').fill('Quem trabalha no centro e para para um café.');
    await kit.getByRole('button', { name: 'Salvar kit da marca' }).click();
    await expect(toast(page, 'Kit da marca salvo.')).toBeVisible();

    // A bad colour is refused in Portuguese, nothing saved.
    await kit.getByLabel('Código hexadecimal da cor 1').fill('marrom');
    await kit.getByRole('button', { name: 'Salvar kit da marca' }).click();
    await expect(kit.getByRole('alert').filter({ hasText: 'hexadecimal' })).toBeVisible();
    await kit.getByLabel('Código hexadecimal da cor 1').fill('#8B4513');

    const channels = page.getByTestId('client-channels');
    await channels.getByLabel('Perfil no Instagram').fill('@graonobre');
    // An address typed without https:// is taken and shown normalised (decision 0393); the handle with it.
    await channels.getByLabel('Endereço do Instagram').fill('instagram.com/graonobre');
    await channels.getByRole('button', { name: 'Salvar canais' }).click();
    await expect(toast(page, 'Canais salvos.')).toBeVisible();
    await expect(channels.getByLabel('Endereço do Instagram')).toHaveValue('https://instagram.com/graonobre');
    await expect(channels.getByLabel('Perfil no Instagram')).toHaveValue('@graonobre');

    const contacts = page.getByTestId('client-contacts');
    await contacts.getByRole('button', { name: 'Adicionar Marina Costa como contato' }).click();
    await expect(contacts.getByTestId('client-contact')).toHaveCount(1);
    await contacts.getByTestId('client-contact').getByRole('checkbox', { name: 'Pode aprovar peças' }).check();
    await expect.poll(async () => (await e2eSql<{ can_approve: boolean }>('SELECT can_approve FROM marketing_client_contacts WHERE client_id = $1', [clientId]))[0]?.can_approve).toBe(true);
    await expectAccessible(page);

    const [stored] = await e2eSql<{ brand_kit: Record<string, unknown>; channels: unknown[] }>('SELECT brand_kit, channels FROM marketing_clients WHERE id = $1', [clientId]);
    expect(stored!.brand_kit).toMatchObject({ colors: [{ hex: '#8B4513', name: 'Café' }], fonts: [{ name: 'Playfair Display', usage: 'Títulos' }], tone: 'Acolhedor, com cheiro de café passado.' });
    expect(stored!.brand_kit.logoFileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored!.channels).toEqual([{ channel: 'instagram', handle: '@graonobre', url: 'https://instagram.com/graonobre' }]);

    // Options: only chosen members see it, approval by a client contact, archive.
    await page.getByRole('link', { name: 'Opções' }).click();
    await expect(page).toHaveURL(`/marketing/empresa/${clientId}/opcoes`);
    await page.getByRole('radio', { name: /Só os membros escolhidos/ }).check();
    await expect(page.getByTestId('client-members').getByRole('checkbox', { name: /Bruno Membro/ })).not.toBeChecked();
    await page.getByRole('checkbox', { name: 'Exigir a aprovação de um contato do cliente' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Salvar opções' }).click();
    await expect(toast(page, 'Opções salvas.')).toBeVisible();
    const [opts] = await e2eSql<{ visibility: string; client_approval: boolean }>('SELECT visibility, client_approval FROM marketing_clients WHERE id = $1', [clientId]);
    expect(opts).toEqual({ visibility: 'members', client_approval: true });
    // The member not listed does not see it (nor in the list); the admin who restricted it does.
    expect((await otherContext.request.get(`/api/marketing/clients/${clientId}`)).status()).toBe(404);
    expect(JSON.stringify(await (await otherContext.request.get('/api/marketing/clients')).json())).not.toContain('Grão Nobre');
    await otherContext.close();

    await page.getByRole('button', { name: 'Arquivar' }).click();
    await expect(toast(page, 'Grão Nobre foi arquivada.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Empresa cliente arquivada' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reativar' })).toBeVisible();

    // The overview lists the clients; the archived one apart.
    await page.goto('/marketing');
    await expect(page.getByRole('navigation', { name: 'Páginas do marketing' })).toBeVisible();
    await expect(page.getByTestId('week-pieces')).toBeVisible();
    await expect(page.getByTestId('client-card').filter({ hasText: 'Agência Ponto Criativo Ltda' })).toBeVisible();
    await page.getByText('Arquivadas (1)').click();
    await expect(page.getByTestId('client-card').filter({ hasText: 'Grão Nobre' })).toBeVisible();
    await expectAccessible(page);
  });
});
