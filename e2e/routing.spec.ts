import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signInByApi } from './support/api.ts';
import { signOutThroughMenu } from './support/auth-ui.ts';
import { createCompanyByApi } from './support/company.ts';

test.describe('routing rules (spec §2)', () => {
  test('not signed in: protected paths go to /auth, replacing the history entry', async ({ page }) => {
    for (const path of ['/', '/empresa', '/perfil', '/company-setup', '/onboarding', '/comercial', '/financeiro', '/admin', '/document-editor/abc']) {
      await page.goto(path);
      await expect(page, `${path} → /auth`).toHaveURL(/\/auth$/);
    }
    await page.goto('/dev/mailbox');
    await page.goto('/empresa');
    await expect(page).toHaveURL(/\/auth$/);
    // Replaced, not pushed: going back skips the protected address.
    await page.goBack();
    await expect(page).toHaveURL(/\/dev\/mailbox$/);
  });

  test('not signed in: the public screens stay where they are', async ({ page }) => {
    for (const path of ['/auth', '/email-confirmed?error=INVALID_TOKEN', '/dev/mailbox']) {
      await page.goto(path);
      await expect(page.getByRole('heading').first()).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
    }
  });

  test('signed in without a company: /auth and / go to /company-setup', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/company-setup$/);
    await page.goto('/');
    await expect(page).toHaveURL(/\/company-setup$/);
  });
});

test.describe('the browser tab title follows the page', () => {
  test("'<page> · Sede' on public and signed-in pages, after client-side navigation too", async ({ page, request }) => {
    await page.goto('/auth');
    await expect(page).toHaveTitle('Entrar · Sede');
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    await page.goto('/kanban-leads');
    await expect(page.getByRole('heading', { name: 'Kanban de leads', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle('Kanban de leads · Sede');
    await page.getByRole('complementary', { name: 'Navegação principal' }).getByRole('link', { name: 'Projetos' }).click();
    await expect(page).toHaveURL(/\/gestao-projetos$/);
    await expect(page).toHaveTitle('Projetos · Sede');
    await page.goto('/nao-existe');
    await expect(page).toHaveTitle('Página não encontrada · Sede');
  });
});

test.describe('sign-out across tabs (spec §2 guards, §4)', () => {
  test('SIGNED_OUT in another tab sends the first tab to /auth without a reload', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    // Only the BroadcastChannel may tell the first tab: its server event stream is cut.
    await page.route('**/api/events', (route) => route.abort());
    await page.goto('/perfil');
    await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

    const other = await page.context().newPage();
    await other.goto('/perfil');
    await signOutThroughMenu(other);

    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  });

  test('SIGNED_OUT also moves a tab that sits on a public screen', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Caixa de e-mails de desenvolvimento' })).toBeVisible();

    const other = await page.context().newPage();
    await other.goto('/perfil');
    await signOutThroughMenu(other);
    await expect(page).toHaveURL(/\/auth$/);
  });
});

/** Finishes onboarding through the API for the person signed in within the page. */
async function completeOnboarding(page: Page) {
  const res = await page.request.post('/api/onboarding/complete', { data: { profile: 'entrepreneur', areas: ['sales'], plan: 'monthly' } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

test.describe('routing rules with a company (spec §2)', () => {
  test('a company with onboarding not done: / and /auth go to /onboarding', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    await createCompanyByApi(page.request);
    await page.goto('/');
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/onboarding$/);
  });

  test('a company with onboarding done: / and /auth go to /empresa', async ({ page, request }) => {
    const user = await createConfirmedUser(request);
    await signInByApi(page, user.email, user.password);
    await createCompanyByApi(page.request);
    await completeOnboarding(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/empresa$/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/empresa$/);
  });

  test('a company and a missing last name: /auth goes to /complete-profile', async ({ page, request }) => {
    const user = await createConfirmedUser(request, { firstName: 'Ana', lastName: '' });
    await signInByApi(page, user.email, user.password);
    await createCompanyByApi(page.request);
    await completeOnboarding(page);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/complete-profile$/);
  });
});
