import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { firstLink, waitForMail } from './api.ts';

/** The /auth screen, driven the way a person would: labels, tabs, buttons. */
export function authUi(page: Page) {
  const loginForm = page.getByRole('form', { name: 'Entrar' });
  const signupForm = page.getByRole('form', { name: 'Criar conta' });
  return {
    loginForm,
    signupForm,
    async openSignup() {
      await page.getByRole('tab', { name: 'Criar conta' }).click();
      await expect(signupForm).toBeVisible();
    },
    async signIn(email: string, password: string) {
      await loginForm.getByLabel('E-mail', { exact: true }).fill(email);
      await loginForm.getByLabel('Senha', { exact: true }).fill(password);
      await loginForm.getByRole('button', { name: 'Entrar', exact: true }).click();
    },
    async signUp(v: { firstName?: string; lastName?: string; email?: string; password?: string; confirmPassword?: string }) {
      await signupForm.getByLabel('Nome', { exact: true }).fill(v.firstName ?? '');
      await signupForm.getByLabel('Sobrenome', { exact: true }).fill(v.lastName ?? '');
      await signupForm.getByLabel('E-mail', { exact: true }).fill(v.email ?? '');
      await signupForm.getByLabel('Senha', { exact: true }).fill(v.password ?? '');
      await signupForm.getByLabel('Confirmar senha', { exact: true }).fill(v.confirmPassword ?? v.password ?? '');
      await signupForm.getByRole('button', { name: 'Criar conta', exact: true }).click();
    },
  };
}

/** A sonner toast holding `text` (title or description). */
export const toast = (page: Page, text: string | RegExp): Locator => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** A field whose error is tied to it: aria-invalid and the message as its accessible description. */
export async function expectFieldError(field: Locator, message: string) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
}

/** The link inside the newest mail to `email` whose subject contains `subject`, as a path on our server. */
export async function mailLink(request: APIRequestContext, email: string, subject: string, after?: string) {
  let mail = await waitForMail(request, email, subject);
  if (after) {
    await expect.poll(async () => (mail = await waitForMail(request, email, subject)).id, { timeout: 15_000 }).not.toBe(after);
  }
  const url = new URL(firstLink(mail.text));
  return { path: `${url.pathname}${url.search}`, mail };
}

/** Signs the browser out through the user menu of the signed-in shell. */
export async function signOutThroughMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/auth$/);
}
