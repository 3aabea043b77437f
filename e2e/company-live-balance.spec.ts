import { expect, test, type Page } from '@playwright/test';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';

async function signedInWithCompany(page: Page) {
  const user = await signInNewPerson(page, { firstName: 'Caio', lastName: 'Prado' });
  const company = await createCompanyByApi(page.request);
  // The creator skips onboarding here: the company page is the target.
  await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
  return { user, company };
}

/** Waits until the page's live stream is connected (the server answers 'ready' first). */
async function waitForLiveStream(page: Page) {
  await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
}

test.describe('live balance', () => {
  test('a balance change in the database shows in the header and on the company page within 1 s', async ({ page }) => {
    const { company } = await signedInWithCompany(page);
    const stream = waitForLiveStream(page);
    await page.goto('/empresa');
    await stream;
    await expect(page.getByTestId('header-balance')).toHaveText('50');
    await expect(page.getByTestId('company-balance')).toHaveText('50');

    await e2eSql('UPDATE companies SET currency_amount = 1234 WHERE id = $1', [company.id]);
    await expect(page.getByTestId('header-balance')).toHaveText('1.234', { timeout: 1000 });
    await expect(page.getByTestId('company-balance')).toHaveText('1.234', { timeout: 1000 });

    await e2eSql('UPDATE companies SET currency_amount = 7 WHERE id = $1', [company.id]);
    await expect(page.getByTestId('company-balance')).toHaveText('7', { timeout: 1000 });
  });

  test('the stream reconnects by itself after the connection drops', async ({ page }) => {
    const { company } = await signedInWithCompany(page);
    const first = waitForLiveStream(page);
    await page.goto('/empresa');
    await first;
    await expect(page.getByTestId('company-balance')).toHaveText('50');

    await page.context().setOffline(true);
    await page.waitForTimeout(500);
    const again = waitForLiveStream(page);
    await page.context().setOffline(false);
    await again; // EventSource opened a new stream on its own

    await e2eSql('UPDATE companies SET currency_amount = 321 WHERE id = $1', [company.id]);
    await expect(page.getByTestId('header-balance')).toHaveText('321', { timeout: 1000 });
  });

  test("a member never sees another company's balance change", async ({ page, browser }) => {
    const { company } = await signedInWithCompany(page);
    const otherContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const otherPage = await otherContext.newPage();
    const other = await signedInWithCompany(otherPage);
    await otherContext.close();

    const stream = waitForLiveStream(page);
    await page.goto('/empresa');
    await stream;
    await e2eSql('UPDATE companies SET currency_amount = 999 WHERE id = $1', [other.company.id]);
    await page.waitForTimeout(1000);
    await expect(page.getByTestId('company-balance')).toHaveText('50');
    await e2eSql('UPDATE companies SET currency_amount = 51 WHERE id = $1', [company.id]);
    await expect(page.getByTestId('company-balance')).toHaveText('51', { timeout: 1000 });
  });
});
