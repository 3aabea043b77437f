import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, uniqueEmail, waitForMail } from './support/api.ts';
import { authUi, expectFieldError, mailLink, signOutThroughMenu, toast } from './support/auth-ui.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';
import { shots } from './support/shots.ts';

/** No serious or critical axe violations, and nothing wider than the viewport. */
async function expectAccessibleAndFitting(page: Page, what: string) {
  expect(describeViolations(await seriousViolations(page)).map((v) => `${what} ${v}`)).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${what} overflows horizontally`).toBeLessThanOrEqual(0);
}

test.describe('sign-up, confirmation and sign-in through the UI', () => {
  test('a new account is confirmed by e-mail and then signs in to /company-setup', async ({ page, request }) => {
    const email = uniqueEmail('signup');
    const password = 'segredo123';
    await page.goto('/auth');
    const ui = authUi(page);
    await ui.openSignup();
    await ui.signUp({ firstName: 'Marina', lastName: 'Lopes', email: email.toUpperCase(), password });

    const dialog = page.getByRole('dialog', { name: 'Verifique seu E-mail' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(email);
    await expect(dialog).toContainText('spam');
    await expect(dialog).toContainText('clique no link de confirmação');
    await dialog.getByRole('button', { name: 'Entendi' }).click();
    await expect(dialog).toBeHidden();

    // Closing the modal leaves the person on 'Entrar' with the address filled; the sign-up form was cleared.
    await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
    await expect(ui.loginForm.getByLabel('E-mail', { exact: true })).toHaveValue(email);
    await ui.openSignup();
    for (const label of ['Nome', 'Sobrenome', 'E-mail', 'Senha', 'Confirmar senha']) {
      await expect(ui.signupForm.getByLabel(label, { exact: true })).toHaveValue('');
    }

    const { path } = await mailLink(request, email, 'Confirme');
    await page.goto(path);
    await expect(page).toHaveURL(/\/email-confirmed/);
    await expect(page.getByRole('heading', { name: 'Email Confirmado!' })).toBeVisible();

    // Confirming signed the person in: 'Fazer Login' takes them where the routing rules say.
    await page.getByRole('link', { name: 'Fazer Login' }).click();
    await expect(page).toHaveURL(/\/company-setup$/);

    await page.goto('/perfil');
    await signOutThroughMenu(page);

    await authUi(page).signIn(email, password);
    await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/company-setup$/);
  });

  test('a second click on Entrar sends one sign-in only', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    let calls = 0;
    await page.route('**/api/auth/sign-in/email', async (route) => {
      calls += 1;
      // Long enough that the second click and the Enter below happen while the first sign-in is in flight.
      await new Promise((r) => setTimeout(r, 3000));
      await route.continue();
    });
    await page.goto('/auth');
    const form = authUi(page).loginForm;
    await form.getByLabel('E-mail', { exact: true }).fill(user.email);
    await form.getByLabel('Senha', { exact: true }).fill(user.password);
    const submit = form.getByRole('button', { name: 'Entrar', exact: true });
    await submit.click();
    await expect(submit).toBeDisabled();
    await submit.dispatchEvent('click');
    await form.getByLabel('Senha', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/company-setup$/);
    expect(calls).toBe(1);
  });
});

test.describe('/auth validation messages (spec §5)', () => {
  test('sign-in: required fields and e-mail format', async ({ page }) => {
    await page.goto('/auth');
    const form = authUi(page).loginForm;
    const email = form.getByLabel('E-mail', { exact: true });
    const password = form.getByLabel('Senha', { exact: true });
    const submit = form.getByRole('button', { name: 'Entrar', exact: true });

    await submit.click();
    await expect(toast(page, 'Campos obrigatórios')).toContainText('Email e senha são obrigatórios');
    await expectFieldError(email, 'Email e senha são obrigatórios');

    await email.fill('ana@exemplo.com.br');
    await submit.click();
    await expectFieldError(password, 'Email e senha são obrigatórios');

    // Spaces only count as empty: the password is trimmed.
    await password.fill('   ');
    await submit.click();
    await expectFieldError(password, 'Email e senha são obrigatórios');

    await email.fill('ana.exemplo.com.br');
    await password.fill('segredo123');
    await submit.click();
    await expect(toast(page, 'Formato de email inválido')).toBeVisible();
    await expectFieldError(email, 'Formato de email inválido');
  });

  test('sign-up: required fields, e-mail format, mismatch and weak password', async ({ page }) => {
    await page.goto('/auth');
    const ui = authUi(page);
    await ui.openSignup();
    const cases = [
      { values: { firstName: 'Ana', lastName: '', email: 'ana@exemplo.com.br', password: 'segredo123' }, field: 'Sobrenome', message: 'Por favor, preencha todos os campos obrigatórios' },
      { values: { firstName: 'Ana', lastName: 'Souza', email: 'ana@exemplo.com.br', password: 'segredo123', confirmPassword: '' }, field: 'Confirmar senha', message: 'Por favor, preencha todos os campos obrigatórios' },
      { values: { firstName: 'Ana', lastName: 'Souza', email: 'ana@exemplo', password: 'segredo123' }, field: 'E-mail', message: 'Formato de email inválido' },
      { values: { firstName: 'Ana', lastName: 'Souza', email: 'ana@exemplo.com.br', password: 'segredo123', confirmPassword: 'segredo124' }, field: 'Confirmar senha', message: 'As senhas não conferem' },
      { values: { firstName: 'Ana', lastName: 'Souza', email: 'ana@exemplo.com.br', password: '12345' }, field: 'Senha', message: 'Senha muito fraca: A senha deve ter pelo menos 6 caracteres' },
    ];
    for (const c of cases) {
      await ui.signUp(c.values);
      await expect(toast(page, c.message).first()).toBeVisible();
      await expectFieldError(ui.signupForm.getByLabel(c.field, { exact: true }), c.message);
    }
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test("forgot password: 'Email obrigatório', then back to the tabs", async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    await expect(page.getByRole('heading', { name: 'Recuperar Senha' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Recuperar Senha' });
    await form.getByRole('button', { name: 'Enviar link de recuperação' }).click();
    await expect(toast(page, 'Email obrigatório')).toBeVisible();
    await expectFieldError(form.getByLabel('E-mail', { exact: true }), 'Email obrigatório');
    await page.getByRole('button', { name: 'Voltar', exact: true }).click();
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
  });
});

test.describe('/auth server answers (spec §8)', () => {
  test('an unconfirmed account is refused, and a new confirmation link can be sent', async ({ page, request }) => {
    const email = uniqueEmail('unconfirmed');
    const res = await request.post('/api/auth/sign-up/email', {
      data: { email, password: 'segredo123', name: 'Ana Souza', firstName: 'Ana', lastName: 'Souza', callbackURL: '/email-confirmed' },
    });
    expect(res.ok()).toBeTruthy();
    const first = await waitForMail(request, email, 'Confirme');

    await page.goto('/auth');
    await authUi(page).signIn(email, 'segredo123');
    const message = 'Email não confirmado, verifique sua caixa de entrada';
    await expect(toast(page, message)).toBeVisible();
    await expectFieldError(authUi(page).loginForm.getByLabel('E-mail', { exact: true }), message);
    await expect(page).toHaveURL(/\/auth$/);

    await page.getByRole('button', { name: 'Reenviar e-mail de confirmação' }).click();
    await expect(toast(page, 'E-mail de confirmação reenviado')).toBeVisible();
    const { path } = await mailLink(request, email, 'Confirme', first.id);
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Email Confirmado!' })).toBeVisible();
  });

  test("a wrong password gives 'Credenciais inválidas' for 2.5 s", async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto('/auth');
    await authUi(page).signIn(user.email, 'senha-errada');
    const shown = toast(page, 'Credenciais inválidas');
    await expect(shown).toBeVisible();
    await expectFieldError(authUi(page).loginForm.getByLabel('Senha', { exact: true }), 'Credenciais inválidas');
    // Login toasts last 2.5 s (spec §9): gone well before the 4 s default.
    await expect(shown).toBeHidden({ timeout: 3_900 });
  });

  test("signing up with a taken address gives 'Email já cadastrado'", async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto('/auth');
    const ui = authUi(page);
    await ui.openSignup();
    await ui.signUp({ firstName: 'Outra', lastName: 'Pessoa', email: user.email, password: 'outrasenha' });
    await expect(toast(page, 'Email já cadastrado')).toBeVisible();
    await expectFieldError(ui.signupForm.getByLabel('E-mail', { exact: true }), 'Email já cadastrado');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('forgot password: e-mail, link, new password, then sign in with it', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto(`/auth?email=${encodeURIComponent(user.email)}`);
    await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
    const form = page.getByRole('form', { name: 'Recuperar Senha' });
    await expect(form.getByLabel('E-mail', { exact: true })).toHaveValue(user.email);
    await form.getByRole('button', { name: 'Enviar link de recuperação' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Verifique seu e-mail' })).toContainText(user.email);
    await shots(page, 'auth-reset-sent');

    const { path } = await mailLink(request, user.email, 'Redefinição de senha');
    await page.goto(path);
    await expect(page).toHaveURL(/\/auth\?reset=true&token=/);
    const reset = page.getByRole('form', { name: 'Nova senha' });
    await reset.getByLabel('Nova senha', { exact: true }).fill('novasenha1');
    await reset.getByLabel('Confirmar nova senha', { exact: true }).fill('novasenha2');
    await reset.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expectFieldError(reset.getByLabel('Confirmar nova senha', { exact: true }), 'As senhas não conferem');
    await reset.getByLabel('Confirmar nova senha', { exact: true }).fill('novasenha1');
    await reset.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(toast(page, 'Senha redefinida com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('status').filter({ hasText: 'Entre com sua nova senha' })).toBeVisible();

    await authUi(page).signIn(user.email, user.password);
    await expect(toast(page, 'Credenciais inválidas')).toBeVisible();
    await authUi(page).signIn(user.email, 'novasenha1');
    await expect(page).toHaveURL(/\/company-setup$/);

    // The link is single use.
    await page.context().clearCookies();
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
  });

  test("Google without configuration says 'Erro ao conectar com Google'", async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('button', { name: 'Entrar com Google' }).click();
    await expect(toast(page, 'Erro ao conectar com Google')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('/auth query parameters', () => {
  test('email pre-fills the fields and email_confirmed=true announces the confirmation', async ({ page }) => {
    await page.goto('/auth?email=ana%40exemplo.com.br&email_confirmed=true');
    await expect(toast(page, 'Email confirmado com sucesso! Faça login para continuar.')).toBeVisible();
    const ui = authUi(page);
    await expect(ui.loginForm.getByLabel('E-mail', { exact: true })).toHaveValue('ana@exemplo.com.br');
    await ui.openSignup();
    await expect(ui.signupForm.getByLabel('E-mail', { exact: true })).toHaveValue('ana@exemplo.com.br');
    await expect(page).toHaveURL(/\/auth\?email=ana%40exemplo\.com\.br$/);
  });

  test('a refused reset link shows the invalid-link view and leads to a new request', async ({ page }) => {
    await page.goto('/auth?reset=true&error=INVALID_TOKEN');
    await expect(page.getByRole('heading', { name: 'Link inválido ou expirado' })).toBeVisible();
    await page.getByRole('button', { name: 'Solicitar novo link' }).click();
    await expect(page.getByRole('heading', { name: 'Recuperar Senha' })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe('/email-confirmed', () => {
  test('better-auth error codes and error_description show the error view', async ({ page }) => {
    await page.goto('/email-confirmed?error=TOKEN_EXPIRED');
    await expect(page.getByRole('heading', { name: 'Erro na Confirmação' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(/O link de confirmação expirou/);

    await page.goto('/email-confirmed?error=server_error&error_description=Link%20j%C3%A1%20utilizado');
    await expect(page.getByRole('alert')).toHaveText('Link já utilizado');

    await page.goto('/email-confirmed?error=ALGO_NOVO');
    await expect(page.getByRole('alert')).toHaveText('Erro desconhecido na confirmação');
    await page.getByRole('link', { name: 'Voltar ao Login' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('without a session: the success view, and Fazer Login goes to /auth?email_confirmed=true', async ({ page }) => {
    await page.goto('/email-confirmed');
    await expect(page.getByRole('heading', { name: 'Email Confirmado!' })).toBeVisible();
    await page.getByRole('link', { name: 'Fazer Login' }).click();
    await expect(toast(page, 'Email confirmado com sucesso! Faça login para continuar.')).toBeVisible();
  });

  test("tokens: 'Confirmando seu email...', about 1 s, then the session check; next is followed when signed in", async ({ page, request }) => {
    await page.goto('/email-confirmed?access_token=abc&refresh_token=def&type=signup');
    await expect(page.getByText('Confirmando seu email...')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Email Confirmado!' })).toBeVisible();
    // The tokens left the address bar.
    await expect(page).toHaveURL(/\/email-confirmed$/);

    const user = await createConfirmedUser(request);
    const signIn = await page.request.post('/api/auth/sign-in/email', { data: { email: user.email, password: user.password } });
    expect(signIn.ok()).toBeTruthy();
    await page.goto('/email-confirmed?access_token=abc&next=%2Fperfil');
    await expect(page).toHaveURL(/\/perfil$/);

    // next never leaves the app.
    await page.goto('/email-confirmed?next=%2F%2Fexemplo.com');
    await expect(page.getByRole('heading', { name: 'Email Confirmado!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Fazer Login' })).toHaveAttribute('href', '/auth?email_confirmed=true');
  });
});

test.describe('accessibility and keyboard', () => {
  test('the tabs follow the keyboard pattern and every field is reachable', async ({ page }) => {
    await page.goto('/auth');
    const login = page.getByRole('tab', { name: 'Entrar' });
    const signup = page.getByRole('tab', { name: 'Criar conta' });
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Entrar');
    await login.focus();
    await page.keyboard.press('ArrowRight');
    await expect(signup).toBeFocused();
    await expect(signup).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toHaveAccessibleName('Criar conta');
    await page.keyboard.press('Home');
    await expect(login).toHaveAttribute('aria-selected', 'true');
    // Tab moves from the selected tab into the panel, not to the other tab.
    await page.keyboard.press('Tab');
    await expect(authUi(page).loginForm.getByLabel('E-mail', { exact: true })).toBeFocused();
  });

  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
    test(`/auth, its views, /email-confirmed and /dev/mailbox pass axe at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/auth');
      await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
      await expectAccessibleAndFitting(page, 'login');
      await authUi(page).openSignup();
      await authUi(page).signupForm.getByRole('button', { name: 'Criar conta', exact: true }).click();
      // The error toast slides in; axe reads colours mid-transition as low contrast: wait for it to settle.
      const toast = page.locator('[data-sonner-toast][data-mounted="true"]').first();
      await expect(toast).toBeVisible();
      await toast.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      await expectAccessibleAndFitting(page, 'signup with an error');
      await page.getByRole('tab', { name: 'Entrar' }).click();
      await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
      await expect(page.getByRole('heading', { name: 'Recuperar Senha' })).toBeVisible();
      await expectAccessibleAndFitting(page, 'forgot');
      await page.goto('/auth?reset=true&token=abc');
      await expect(page.getByRole('heading', { name: 'Nova senha' })).toBeVisible();
      await expectAccessibleAndFitting(page, 'new password');
      await page.goto('/email-confirmed?error=TOKEN_EXPIRED');
      await expect(page.getByRole('heading', { name: 'Erro na Confirmação' })).toBeVisible();
      await expectAccessibleAndFitting(page, 'email-confirmed error');
      await page.goto('/dev/mailbox');
      await expect(page.getByRole('heading', { name: 'Caixa de e-mails de desenvolvimento' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Atualizar' })).toBeVisible();
      await expectAccessibleAndFitting(page, 'mailbox');
    });
  }

  test('the sign-up modal traps focus and passes axe', async ({ page }) => {
    await page.goto('/auth');
    const ui = authUi(page);
    await ui.openSignup();
    await ui.signUp({ firstName: 'Caio', lastName: 'Prado', email: uniqueEmail('modal'), password: 'segredo123' });
    const dialog = page.getByRole('dialog', { name: 'Verifique seu E-mail' });
    await expect(dialog.getByRole('button', { name: 'Entendi' })).toBeFocused();
    await expectAccessibleAndFitting(page, 'modal');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
  });
});

test.describe('/dev/mailbox', () => {
  test('lists the messages to an address and opens one with its link and sandboxed HTML', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(user.email)}`);
    const list = page.getByRole('list', { name: 'E-mails enviados' });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Confirme seu e-mail no Sede');
    await expect(list).toContainText(user.email);
    await expect(list.locator('time')).toHaveText(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    await list.getByRole('button').click();
    await expect(page.getByRole('heading', { name: 'Confirme seu e-mail no Sede', level: 2 })).toBeVisible();
    await expect(page.getByRole('link', { name: /\/api\/auth\/verify-email\?token=/ })).toBeVisible();
    const frame = page.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
    await expect(page.frameLocator('iframe').getByRole('link', { name: 'Confirmar e-mail' })).toBeVisible();
    await page.getByRole('button', { name: 'Voltar à lista' }).click();
    await expect(list).toBeVisible();
  });
});
