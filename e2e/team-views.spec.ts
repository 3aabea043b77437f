import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/api.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, inviteByApi, invitationLink } from './support/team.ts';

/** TEAM_SHOTS=/dir saves desktop and mobile screenshots of each view (review aid, off by default). */
async function shot(page: Page, name: string) {
  const dir = process.env.TEAM_SHOTS;
  if (!dir) return;
  for (const [tag, size] of [['desktop', { width: 1280, height: 800 }], ['mobile', { width: 360, height: 740 }]] as const) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${dir}/${name}-${tag}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('accept-invite views and the access page (decision 0051)', () => {
  test("a used token is 'Convite não encontrado ou já utilizado' for others, 'Convite já aceito!' → /empresa for the member", async ({ page, browser, baseURL }) => {
    await createCompanyWithAdmin(page.request, 'Oficina Leste');
    const invited = uniqueEmail('aceito');
    await inviteByApi(page.request, invited, 'financeiro');
    const link = await invitationLink(page.request, invited);

    const member = await browser.newContext({ baseURL, locale: 'pt-BR' });
    try {
      const memberPage = await member.newPage();
      await createConfirmedUser(memberPage.request, { email: invited, firstName: 'Fábio', lastName: 'Finanças' });
      await memberPage.goto(link);
      await expect(memberPage.getByRole('heading', { name: 'Convite Recebido' })).toBeVisible();
      await shot(memberPage, 'invite-received');
      await memberPage.getByRole('button', { name: 'Aceitar convite' }).click();
      await expect(memberPage.getByText('Bem-vindo(a) à equipe Oficina Leste!')).toBeVisible();
      await expect(memberPage).toHaveURL(/\/empresa$/);

      // The same link again, now a member: 'Convite já aceito!', then /empresa after 1 s.
      await memberPage.goto(link);
      await expect(memberPage.getByRole('heading', { name: 'Convite já aceito!' })).toBeVisible();
      await expect(memberPage).toHaveURL(/\/empresa$/, { timeout: 5_000 });
    } finally {
      await member.close();
    }

    // Anybody else with the used link learns only that it is gone.
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Convite Inválido' })).toBeVisible();
    await expect(page.getByText('Convite não encontrado ou já utilizado')).toBeVisible();
    await shot(page, 'invite-invalid');
  });

  test("the create-password form's rules, and 'Email Incorreto'", async ({ page, browser, baseURL }) => {
    await createCompanyWithAdmin(page.request);
    const invited = uniqueEmail('senha');
    await inviteByApi(page.request, invited, 'juridico');
    const link = await invitationLink(page.request, invited);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Email Incorreto' })).toBeVisible();
    await shot(page, 'invite-wrong-email');

    const visitor = await browser.newContext({ baseURL, locale: 'pt-BR' });
    try {
      const v = await visitor.newPage();
      await v.goto(link);
      await expect(v.getByRole('heading', { name: 'Crie sua senha' })).toBeVisible();
      const create = v.getByRole('button', { name: 'Criar conta e aceitar convite' });
      await v.getByLabel('Senha', { exact: true }).fill('abc');
      await expect(create).toBeDisabled(); // disabled while either field is empty
      await v.getByLabel('Confirmar senha').fill('abc');
      await create.click();
      await expect(v.getByText('Senha muito curta')).toBeVisible();
      await expect(v.getByText('A senha deve ter pelo menos 6 caracteres').first()).toBeVisible();
      await shot(v, 'invite-create-password');
    } finally {
      await visitor.close();
    }
  });

  test('an invitee who signs in at /auth is offered the invitation on the company-setup screen, not pushed into creating one', async ({ page, browser, baseURL }) => {
    await createCompanyWithAdmin(page.request, 'Casa do Café');
    const invited = uniqueEmail('conta');
    await inviteByApi(page.request, invited, 'rh');
    const context = await browser.newContext({ baseURL, locale: 'pt-BR' });
    try {
      const v = await context.newPage();
      await createConfirmedUser(v.request, { email: invited, firstName: 'Rita', lastName: 'Souza' });
      await v.goto(`/auth?email=${encodeURIComponent(invited)}`);
      await expect(v).toHaveURL(/\/company-setup$/);
      const notice = v.getByTestId('pending-invitations');
      await expect(notice).toContainText('Casa do Café');
      await expect(notice).toContainText('Recursos Humanos');
      await shot(v, 'company-setup-pending-invite');
      await notice.getByRole('link', { name: 'Ver convite' }).click();
      await expect(v.getByRole('heading', { name: 'Convite Recebido' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test("/team-invite with one refused address: 'Erro em 1 convite(s)', the other sent, then /empresa", async ({ page }) => {
    const admin = await createCompanyWithAdmin(page.request);
    const fresh = uniqueEmail('novo');
    await page.goto('/team-invite');
    await expect(page.getByRole('button', { name: 'Enviar Convites (0)' })).toBeVisible();
    const emailField = page.getByLabel('E-mail');
    await emailField.fill(admin.email); // already a member: the server refuses it
    await emailField.press('Enter');
    await emailField.fill(fresh);
    await emailField.press('Enter');
    await shot(page, 'team-invite');
    await page.getByRole('button', { name: 'Enviar Convites (2)' }).click();
    // Both stay: the error in front (a success dismisses earlier errors, so it comes second), the
    // success stacked behind it (sonner fades a toast behind the front one: checked in the DOM).
    await expect(page.getByText('Erro em 1 convite(s)')).toBeVisible();
    await expect(page.getByText('Alguns convites falharam. Tente reenviá-los depois.')).toBeVisible();
    await expect(page.getByText('1 convite(s) enviado(s)!')).toBeAttached();
    await expect(page).toHaveURL(/\/empresa$/);
    expect(await e2eSql(`SELECT 1 FROM company_invitations WHERE email = $1`, [fresh])).toHaveLength(1);
    expect(await e2eSql(`SELECT 1 FROM company_invitations WHERE email = $1`, [admin.email])).toHaveLength(0);
  });

  test("/user-access-debug shows the access data and clears the caches: 'Cache limpo com sucesso!'", async ({ page, browser, baseURL }) => {
    const admin = await createCompanyWithAdmin(page.request, 'Loja Verde');
    const [user] = await e2eSql<{ id: string }>(`SELECT id FROM "user" WHERE email = $1`, [admin.email]);
    await page.goto('/user-access-debug');
    await expect(page.getByTestId('access-user-id')).toHaveText(user!.id);
    await expect(page.getByTestId('access-company')).toHaveText('Loja Verde');
    await expect(page.getByTestId('access-role')).toContainText('admin');
    await page.getByRole('button', { name: 'Limpar cache' }).click();
    await expect(page.getByText('Cache limpo com sucesso!')).toBeVisible();
    await shot(page, 'user-access-debug');

    // The admin area with a member, for the review screenshots.
    const other = await browser.newContext({ baseURL });
    try {
      const member = await createMember(other.request, admin.companyId, 'marketing');
      await page.goto('/admin');
      await expect(page.getByTestId('member-row').filter({ hasText: member.email })).toContainText('Marketing');
      await shot(page, 'admin');
    } finally {
      await other.close();
    }
  });
});
