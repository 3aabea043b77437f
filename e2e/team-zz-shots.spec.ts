import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/api.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, inviteByApi, invitationLink } from './support/team.ts';

// Temporary: screenshots for review (not committed).
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 360, height: 740 },
];

async function shoot(page: Page, name: string) {
  for (const s of SIZES) {
    await page.setViewportSize({ width: s.width, height: s.height });
    await page.waitForTimeout(250);
    await page.screenshot({ path: `/tmp/hD/shots/${name}-${s.name}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('screens', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  const admin = await createCompanyWithAdmin(page.request, 'Padaria Pão Quente Ltda');
  for (const role of ['vendas', 'financeiro']) await createMember((await browser.newContext({ baseURL })).request, admin.companyId, role);

  await page.goto('/team-invite');
  await shoot(page, 'team-invite-empty');
  for (const e of ['ana@padaria.com.br', 'bruno.silva@padaria.com.br', 'carla@padaria.com.br']) {
    await page.getByLabel('E-mail').fill(e);
    await page.getByLabel('E-mail').press('Enter');
  }
  await page.getByLabel('E-mail').fill('errado@');
  await page.getByLabel('E-mail').press('Enter');
  await shoot(page, 'team-invite-list');

  const invited = uniqueEmail('novo');
  await inviteByApi(page.request, invited, 'marketing');
  const link = await invitationLink(page.request, invited);
  const existing = await createConfirmedUser(browser ? (await browser.newContext({ baseURL })).request : page.request, { email: uniqueEmail('existe'), firstName: 'Marcos', lastName: 'Lima' });
  await inviteByApi(page.request, existing.email, 'rh');
  const linkExisting = await invitationLink(page.request, existing.email);
  await inviteByApi(page.request, uniqueEmail('pendente'), 'juridico');
  const expiredEmail = uniqueEmail('expirado');
  await inviteByApi(page.request, expiredEmail, 'vendas');
  await e2eSql(`UPDATE company_invitations SET expires_at = now() - interval '1 day' WHERE email = $1`, [expiredEmail]);

  // Admin views.
  await page.goto('/admin');
  await expect(page.getByTestId('member-row').first()).toBeVisible();
  await shoot(page, 'admin-members');
  await page.getByTestId('member-row').nth(1).getByRole('button', { name: /Alterar função/ }).click();
  await page.getByRole('dialog').getByRole('radio', { name: /Personalizado/ }).check();
  await shoot(page, 'admin-role-dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('tab', { name: 'Convites' }).click();
  await expect(page.getByTestId('invitation-row').first()).toBeVisible();
  await shoot(page, 'admin-invitations');
  await page.getByRole('tab', { name: 'Atividade' }).click();
  await expect(page.getByTestId('activity-row').first()).toBeVisible();
  await shoot(page, 'admin-activity');
  await page.goto('/user-access-debug');
  await shoot(page, 'user-access-debug');
  await page.goto('/perfil');
  await expect(page.getByTestId('profile-email')).toBeVisible();
  await shoot(page, 'perfil');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email Incorreto' })).toBeVisible();
  await shoot(page, 'accept-wrong-email');

  // Visitor views.
  const visitorCtx = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const visitor = await visitorCtx.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { name: 'Crie sua senha' })).toBeVisible();
  await shoot(visitor, 'accept-create-password');
  await visitor.goto(linkExisting);
  await expect(visitor.getByRole('heading', { name: 'Entre para aceitar o convite' })).toBeVisible();
  await shoot(visitor, 'accept-existing-account');
  await visitor.goto('/accept-invite?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&email=x%40y.com');
  await expect(visitor.getByRole('heading', { name: 'Convite Inválido' })).toBeVisible();
  await shoot(visitor, 'accept-invalid');

  // Unconfirmed account.
  await visitor.goto(link);
  await visitor.getByLabel('Senha', { exact: true }).fill('segredo123');
  await visitor.getByLabel('Confirmar senha').fill('segredo123');
  await visitor.getByRole('button', { name: 'Criar conta e aceitar convite' }).click();
  await expect(visitor.getByRole('dialog')).toBeVisible();
  await shoot(visitor, 'accept-verify-dialog');
  await visitor.goto(link);
  await expect(visitor.getByTestId('invite-confirm-email')).toBeVisible();
  await shoot(visitor, 'accept-confirm-email');

  // Signed in as the existing invitee: Convite Recebido.
  const existingCtx = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const ex = await existingCtx.newPage();
  await ex.request.post('/api/auth/sign-in/email', { data: { email: existing.email, password: existing.password }, headers: { origin: baseURL! } });
  await ex.goto(linkExisting);
  await expect(ex.getByRole('heading', { name: 'Convite Recebido' })).toBeVisible();
  await shoot(ex, 'accept-received');

  // Complete profile (invite variant): a fresh invitee confirmed through the API.
  const fresh = uniqueEmail('fresh');
  await inviteByApi(page.request, fresh, 'vendas');
  const freshLink = new URL(`http://x${await invitationLink(page.request, fresh)}`);
  const freshCtx = await browser.newContext({ baseURL, locale: 'pt-BR' });
  const fp = await freshCtx.newPage();
  const token = freshLink.searchParams.get('token')!;
  await fp.request.post('/api/auth/sign-up/email', {
    headers: { origin: baseURL! },
    data: { email: fresh, password: 'segredo123', name: 'x', firstName: '', lastName: '', invitedToken: token, callbackURL: `/complete-profile?token=${token}&email=${encodeURIComponent(fresh)}&confirmed=true` },
  });
  const { waitForMail, firstLink } = await import('./support/api.ts');
  const mail = await waitForMail(page.request, fresh, 'Confirme');
  const u = new URL(firstLink(mail.text));
  await fp.goto(`${u.pathname}${u.search}`);
  await expect(fp.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
  await fp.waitForTimeout(800);
  await shoot(fp, 'complete-profile-invite');
  await fp.getByLabel('Telefone (opcional)').pressSequentially('119876');
  await fp.getByRole('button', { name: 'Finalizar Cadastro' }).click();
  await expect(fp.getByRole('dialog')).toBeVisible();
  await shoot(fp, 'complete-profile-modal');
  await fp.keyboard.press('Escape');
  await fp.goto('/complete-profile');
  await shoot(fp, 'complete-profile-plain');
  await fp.goto(link);
  await expect(fp.getByRole('heading', { name: 'Email Incorreto' })).toBeVisible();
  await fp.goto(`/accept-invite?${freshLink.searchParams}`);
  await expect(fp.getByRole('heading', { name: 'Complete seu cadastro' })).toBeVisible();
  await shoot(fp, 'accept-profile-step');
});
