import { expect, test, type Page } from '@playwright/test';
import { createConfirmedUser, signInByApi } from './support/api.ts';
import { createCompanyByApi } from './support/company.ts';

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
