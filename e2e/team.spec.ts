import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/api.ts';
import { e2eSql } from './support/company.ts';
import { shot } from './support/shots.ts';
import { createCompanyWithAdmin, createMember, expectAccessible, inviteByApi, invitationLink } from './support/team.ts';

const contexts: BrowserContext[] = [];

/** A second browser (another person), closed after the test. */
async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  contexts.push(context);
  return context.newPage();
}

test.afterEach(async () => {
  for (const context of contexts.splice(0)) await context.close();
});

const dept = (page: Page, key: string) => page.getByTestId(`dept-${key}`);

test.describe('team invitations (decisions 0050, 0051)', () => {
  test('admin invites two people; one joins as a new user, the other declines', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Padaria Pão Quente');
    const seller = uniqueEmail('vendedora');
    const marketer = uniqueEmail('marketing');

    // /team-invite: Enter adds, the list, then 'Enviar Convites (2)' sends in order.
    await page.goto('/team-invite');
    await expect(page.getByText('Passo 3 de 3')).toBeVisible();
    await expect(page.getByText('Convites expiram em 7 dias se não aceitos')).toBeVisible();
    const emailField = page.getByLabel('E-mail');
    await expect(page.getByRole('button', { name: 'Adicionar' })).toBeDisabled();
    await emailField.fill('nao-e-email');
    await emailField.press('Enter');
    await expect(page.getByText('Digite um endereço de email válido')).toBeVisible();
    await emailField.fill(seller.toUpperCase());
    await emailField.press('Enter');
    await emailField.fill(seller);
    await emailField.press('Enter');
    await expect(page.getByText('Email já adicionado')).toBeVisible();
    await emailField.fill(marketer);
    await page.getByLabel('Função').selectOption('marketing');
    await page.getByRole('button', { name: 'Adicionar' }).click();
    await expect(page.getByTestId('invite-row')).toHaveCount(2);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Enviar Convites (2)' }).click();
    await expect(page.getByText('2 convite(s) enviado(s)!')).toBeVisible();
    await expect(page).toHaveURL(/\/empresa$/);

    // The new user: create password → confirm → complete profile → /empresa with the role's areas.
    const invitee = await newPage(browser, baseURL);
    await invitee.goto(await invitationLink(page.request, seller));
    await expect(invitee.getByRole('heading', { name: 'Crie sua senha' })).toBeVisible();
    await expect(invitee.getByTestId('invite-summary')).toContainText('Padaria Pão Quente');
    await expect(invitee.getByTestId('invite-summary')).toContainText('Carla Admin');
    await expect(invitee.getByTestId('invite-summary')).toContainText('Vendas');
    await expectAccessible(invitee);
    const create = invitee.getByRole('button', { name: 'Criar conta e aceitar convite' });
    await expect(create).toBeDisabled();
    await invitee.getByLabel('Senha', { exact: true }).fill('abc');
    await invitee.getByLabel('Confirmar senha').fill('abd');
    await create.click();
    await expect(invitee.getByText('As senhas não coincidem')).toBeVisible();
    await invitee.getByLabel('Confirmar senha').fill('abc');
    await create.click();
    await expect(invitee.getByText('A senha deve ter pelo menos 6 caracteres')).toBeVisible();
    await invitee.getByLabel('Senha', { exact: true }).fill('segredo123');
    await invitee.getByLabel('Confirmar senha').fill('segredo123');
    await create.click();
    // The invitation link proved the address (decision 0082): signed in and on /complete-profile
    // after 1.5 s, with no 'Verifique seu E-mail' step and no confirmation e-mail.
    await expect(invitee).toHaveURL(/\/complete-profile\?token=.+&confirmed=true/);
    await expect(invitee.getByRole('dialog', { name: 'Verifique seu E-mail' })).toHaveCount(0);
    const mailbox = (await (await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(seller)}`)).json()) as { messages: Array<{ subject: string }> };
    expect(mailbox.messages.map((m) => m.subject).filter((subject) => subject.includes('Confirme'))).toEqual([]);
    await expect(invitee.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    await expect(invitee.getByTestId('profile-email')).toHaveValue(seller);
    await expect(invitee.getByTestId('profile-email')).toHaveAttribute('readonly', '');
    await expect(invitee.getByRole('button', { name: 'Vincular com Google' })).toBeVisible();
    await invitee.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    await expect(invitee.getByRole('dialog', { name: 'Campos Obrigatórios' })).toBeVisible();
    await invitee.getByRole('button', { name: 'Entendi' }).click();
    await invitee.getByLabel('Nome', { exact: true }).fill('Vera');
    await invitee.getByLabel('Sobrenome').fill('Vendas');
    await invitee.getByLabel('Telefone (opcional)').pressSequentially('11987654321');
    await expect(invitee.getByLabel('Telefone (opcional)')).toHaveValue('(11) 98765-4321');
    await invitee.getByLabel('CPF (opcional)').pressSequentially('52998224725');
    await expect(invitee.getByLabel('CPF (opcional)')).toHaveValue('529.982.247-25');
    await expectAccessible(invitee);
    await invitee.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    await expect(invitee.getByText('Bem-vindo(a) à equipe Padaria Pão Quente!')).toBeVisible();
    await expect(invitee).toHaveURL(/\/empresa$/);
    await expect(dept(invitee, 'sales')).toHaveAttribute('data-open', 'true');
    await expect(dept(invitee, 'projects')).toHaveAttribute('data-open', 'true');
    for (const closed of ['marketing', 'finance', 'hr', 'legal', 'admin']) await expect(dept(invitee, closed)).toHaveAttribute('data-open', 'false');
    const [member] = await e2eSql<{ role: string }>(`SELECT m.role FROM company_members m JOIN "user" u ON u.id = m.user_id WHERE u.email = $1`, [seller]);
    expect(member?.role).toBe('vendas');

    // The other already has an account (named, no company): 'Convite Recebido' → decline.
    const other = await newPage(browser, baseURL);
    await createConfirmedUser(other.request, { email: marketer, firstName: 'Marcos', lastName: 'Lima' });
    await other.goto(await invitationLink(page.request, marketer));
    await expect(other.getByRole('heading', { name: 'Convite Recebido' })).toBeVisible();
    await expect(other.getByTestId('invite-summary')).toContainText('Marketing');
    await expectAccessible(other);
    await other.getByRole('button', { name: 'Recusar' }).click();
    await expect(other.getByText('Convite recusado')).toBeVisible();
    await expect(other).not.toHaveURL(/accept-invite/);
    expect(await e2eSql(`SELECT 1 FROM company_invitations WHERE email = $1`, [marketer])).toHaveLength(0);

    // The admin area shows the new member, no pending invitation, and the log.
    await page.goto('/admin');
    await expect(page.getByTestId('member-row').filter({ hasText: seller })).toContainText('Vendas');
    await page.getByRole('tab', { name: 'Convites' }).click();
    await expect(page.getByText('Nenhum convite pendente')).toBeVisible();
    await page.getByRole('tab', { name: 'Atividade' }).click();
    await expect(page.locator('[data-testid="activity-row"][data-action="invitation_accepted"]')).toHaveCount(1);
    await expect(page.locator('[data-testid="activity-row"][data-action="invitation_declined"]')).toHaveCount(1);
    await page.getByLabel('Ação', { exact: true }).selectOption('invitation_declined');
    await expect(page.getByTestId('activity-row')).toHaveCount(1);
    await expect(page.getByTestId('activity-row')).toContainText(marketer);
    await expectAccessible(page);
  });

  test("'Email Incorreto' when signed in with another address; switching shows the invitee's form", async ({ page }) => {
    const admin = await createCompanyWithAdmin(page.request);
    const invited = uniqueEmail('certo');
    await inviteByApi(page.request, invited, 'rh');
    const link = await invitationLink(page.request, invited);
    // The admin is signed in as someone else in this browser.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Incorreto' })).toBeVisible();
    await expect(page.getByText(admin.email)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sair' })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Entrar com o email correto' }).click();
    await expect(page.getByRole('heading', { name: 'Crie sua senha' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(invited);
    expect((await e2eSql<{ accepted_at: string | null }>(`SELECT accepted_at FROM company_invitations WHERE email = $1`, [invited]))[0]?.accepted_at).toBeNull();
  });

  test('on a phone, a pending invitation with a long address is cut to the screen, not widening /admin', async ({ page }) => {
    await createCompanyWithAdmin(page.request);
    const invited = uniqueEmail('convidada.com.um.endereco.de.email.bem.comprido');
    await inviteByApi(page.request, invited);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Convites' }).click();
    const row = page.getByTestId('invitation-row').filter({ hasText: 'Reenviar' });
    await expect(row).toBeVisible();
    const box = (await row.boundingBox())!;
    expect(box.x + box.width, 'the row ends inside the 375 px screen').toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no horizontal scroll').toBeLessThanOrEqual(375);
    await shot(page, 'admin-invitations-375');
  });

  test('an expired invitation shows Convite Inválido with its reason', async ({ page, browser, baseURL }) => {
    await createCompanyWithAdmin(page.request);
    const invited = uniqueEmail('atrasado');
    await inviteByApi(page.request, invited);
    const link = await invitationLink(page.request, invited);
    await e2eSql(`UPDATE company_invitations SET expires_at = now() - interval '1 minute' WHERE email = $1`, [invited]);
    const visitor = await newPage(browser, baseURL);
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Convite Inválido' })).toBeVisible();
    await expect(visitor.getByText('Convite expirado')).toBeVisible();
    await expect(visitor.getByText(invited)).toBeVisible();
    await visitor.getByRole('link', { name: 'Ir para Login' }).click();
    await expect(visitor).toHaveURL(/\/auth$/);

    await visitor.goto('/accept-invite?token=curto&email=x%40y.com');
    await expect(visitor.getByText('Token de convite inválido')).toBeVisible();
  });

  test("an invitation that expires while the profile is being completed: 'Erro ao Aceitar Convite', nothing saved; saving again completes the profile", async ({ page, browser, baseURL }) => {
    await createCompanyWithAdmin(page.request, 'Oficina Central');
    const invited = uniqueEmail('atrasada');
    await inviteByApi(page.request, invited);
    const link = await invitationLink(page.request, invited);
    const visitor = await newPage(browser, baseURL);
    await createConfirmedUser(visitor.request, { email: invited, firstName: '', lastName: '' });
    await visitor.goto(link);
    await expect(visitor.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
    await e2eSql(`UPDATE company_invitations SET expires_at = now() - interval '1 minute' WHERE email = $1`, [invited]);

    await visitor.getByLabel('Nome', { exact: true }).fill('Lia');
    await visitor.getByLabel('Sobrenome').fill('Prado');
    await visitor.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    const dialog = visitor.getByRole('dialog', { name: 'Erro ao Aceitar Convite' });
    await expect(dialog).toContainText('Convite expirado. Salve novamente para concluir seu cadastro sem o convite.');
    for (const width of [1280, 375]) {
      await visitor.setViewportSize({ width, height: 800 });
      await visitor.screenshot({ path: test.info().outputPath(`invite-accept-error-${width}.png`) });
    }
    await expectAccessible(visitor);
    expect(await e2eSql(`SELECT p.first_name FROM profiles p JOIN "user" u ON u.id = p.id WHERE u.email = $1`, [invited])).toEqual([{ first_name: null }]);

    await dialog.getByRole('button').first().click();
    await visitor.getByRole('button', { name: 'Finalizar Cadastro' }).click();
    await expect(visitor.getByText('Perfil atualizado com sucesso!')).toBeVisible();
    expect(await e2eSql(`SELECT p.first_name, p.company_id FROM profiles p JOIN "user" u ON u.id = p.id WHERE u.email = $1`, [invited])).toEqual([{ first_name: 'Lia', company_id: null }]);
  });

  test('a CPF already used by another profile: CPF já Cadastrado', async ({ page, request }) => {
    const owner = await createConfirmedUser(request, { email: uniqueEmail('dono') });
    // A CPF of this run's own: a retry (or another run on the same database) finds it free.
    const cpf = generateCpf();
    await e2eSql(`UPDATE profiles SET cpf = $2 WHERE email = $1`, [owner.email, cpf]);
    // Confirming through the page's own request context signs the browser in.
    const me = await createConfirmedUser(page.request, { email: uniqueEmail('eu') });
    await page.goto('/perfil');
    await expect(page.getByTestId('profile-email')).toHaveValue(me.email);
    await page.getByLabel('CPF (opcional)').pressSequentially(cpf);
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    const dialog = page.getByRole('dialog', { name: 'CPF já Cadastrado' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Este CPF já está sendo utilizado por outro usuário.');
    await dialog.getByRole('button', { name: 'Entendi' }).click();
    await expect(page.getByLabel('CPF (opcional)')).toBeFocused();
    await page.getByLabel('CPF (opcional)').fill('');
    await page.getByLabel('CPF (opcional)').pressSequentially('11111111111');
    await page.getByRole('button', { name: 'Salvar alterações' }).click();
    await expect(page.getByRole('dialog', { name: 'Dados Inválidos' })).toContainText('CPF inválido');
  });

  test("the admin changes a member's role and the member's guards follow without a reload", async ({ page, browser, baseURL }) => {
    const admin = await createCompanyWithAdmin(page.request, 'Loja Azul');
    const memberPage = await newPage(browser, baseURL);
    const member = await createMember(memberPage.request, admin.companyId, 'vendas');
    await memberPage.goto('/empresa');
    await expect(dept(memberPage, 'sales')).toHaveAttribute('data-open', 'true');
    await expect(dept(memberPage, 'finance')).toHaveAttribute('data-open', 'false');

    await page.goto('/admin');
    const row = page.getByTestId('member-row').filter({ hasText: member.email });
    await expect(row.getByTestId('member-role')).toHaveText('Vendas');
    await row.getByRole('button', { name: /Alterar função/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Alterar função' });
    await dialog.getByRole('radio', { name: /Financeiro/ }).check();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Salvar função' }).click();
    await expect(row.getByTestId('member-role')).toHaveText('Financeiro');

    // No reload on the member's side: the 'me' event brings the new permissions.
    await expect(dept(memberPage, 'finance')).toHaveAttribute('data-open', 'true');
    await expect(dept(memberPage, 'sales')).toHaveAttribute('data-open', 'false');

    // Custom with a checkbox per department key, while the member sits on a guarded page.
    await memberPage.getByRole('link', { name: /Financeiro/ }).first().click();
    await expect(memberPage).toHaveURL(/\/financeiro$/);
    await row.getByRole('button', { name: /Alterar função/ }).click();
    await dialog.getByRole('radio', { name: /Personalizado/ }).check();
    await dialog.getByRole('checkbox', { name: 'Recursos Humanos' }).check();
    await dialog.getByRole('button', { name: 'Salvar função' }).click();
    await expect(row.getByTestId('member-role')).toHaveText('Personalizado');
    await expect(memberPage.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
    await memberPage.goto('/rh');
    await expect(memberPage.getByRole('heading', { name: 'Acesso negado' })).toHaveCount(0);

    // Removal: the member loses the company at once.
    await row.getByRole('button', { name: /Remover/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remover da empresa' }).click();
    await expect(page.getByTestId('member-row').filter({ hasText: member.email })).toHaveCount(0);
    expect((await memberPage.request.get('/api/rh/overview')).status()).toBe(403);
  });
});
