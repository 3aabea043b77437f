import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, uniqueEmail } from './support/api.ts';
import { authUi, signOutThroughMenu, toast } from './support/auth-ui.ts';

/**
 * The Content-Security-Policy (decision 0075) blocks nothing the app itself does: no violation
 * through sign-up (a Radix dialog), sign-in (sonner toasts), the signed-in shell and its menu.
 */
async function watchCsp(page: Page) {
  const console: string[] = [];
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  return async () => {
    const seen = await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
    expect([...seen, ...console]).toEqual([]);
  };
}

test('the app runs under its CSP without a single violation', async ({ page, request }) => {
  const noViolations = await watchCsp(page);
  const response = await page.goto('/auth');
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");

  const ui = authUi(page);
  await ui.openSignup();
  await ui.signUp({ firstName: 'Lia', lastName: 'Prado', email: uniqueEmail('csp'), password: 'segredo123' });
  const dialog = page.getByRole('dialog', { name: 'Verifique seu E-mail' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Entendi' }).click();
  await expect(dialog).toBeHidden();
  await noViolations();

  const user = await createConfirmedUser(request);
  await ui.signIn(user.email, 'senha-errada');
  const error = toast(page, 'Credenciais inválidas');
  await expect(error).toBeVisible();
  // sonner's injected stylesheet applied: the toaster is positioned, not in the page flow.
  expect(await page.locator('[data-sonner-toaster]').first().evaluate((el) => getComputedStyle(el).position)).toBe('fixed');

  await ui.signIn(user.email, user.password);
  await expect(page).toHaveURL(/\/company-setup$/);
  await page.goto('/perfil');
  await signOutThroughMenu(page);
  await noViolations();
});

test('a 429 on sign-in shows the server\'s Portuguese message with the wait', async ({ page }) => {
  await page.route('**/api/auth/sign-in/email', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'retry-after': '42' },
      contentType: 'application/json',
      body: JSON.stringify({
        error: 'Muitas tentativas. Tente novamente em 42 segundos.',
        code: 'RATE_LIMITED',
        message: 'Muitas tentativas. Tente novamente em 42 segundos.',
      }),
    }),
  );
  await page.goto('/auth');
  await authUi(page).signIn('alguem@exemplo.com.br', 'segredo123');
  await expect(toast(page, 'Muitas tentativas. Tente novamente em 42 segundos.')).toBeVisible();
  await expect(authUi(page).loginForm.getByText('Muitas tentativas. Tente novamente em 42 segundos.')).toBeVisible();
});
