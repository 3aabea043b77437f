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

  test('the stream reconnects by itself after the connection drops, catching up on what it missed', async ({ page }) => {
    const { company } = await signedInWithCompany(page);
    // The first stream ends at once (as when a proxy or the network drops it) and asks the
    // browser to wait 0.5 s before reconnecting; the reconnection is held until the test has
    // changed the balance, so that change can only arrive through the catch-up.
    let streams = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/events', async (route) => {
      streams++;
      if (streams === 1) {
        await route.fulfill({ status: 200, contentType: 'text/event-stream', body: 'retry: 500\nevent: ready\ndata: {}\n\n' });
      } else {
        await gate;
        await route.continue();
      }
    });
    await page.goto('/empresa');
    await expect(page.getByTestId('company-balance')).toHaveText('50');
    await expect.poll(() => streams).toBe(2); // the browser is reconnecting by itself

    // A change while the stream is down is not lost: the reconnection re-reads the balance.
    await e2eSql('UPDATE companies SET currency_amount = 321 WHERE id = $1', [company.id]);
    release();
    await expect(page.getByTestId('header-balance')).toHaveText('321', { timeout: 3000 });

    // And the new stream relays the next change live.
    await e2eSql('UPDATE companies SET currency_amount = 322 WHERE id = $1', [company.id]);
    await expect(page.getByTestId('company-balance')).toHaveText('322', { timeout: 1000 });
    expect(streams).toBe(2);
  });

  test('the stream comes back after an HTTP error answer (a proxy 503), where EventSource gives up', async ({ page }) => {
    const { company } = await signedInWithCompany(page);
    let streams = 0;
    await page.route('**/api/events', async (route) => {
      streams++;
      if (streams === 1) await route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>503</h1>' });
      else await route.continue();
    });
    // The page load, the 1 s back-off and a /api/me check come first: under two busy browser
    // workers that took over 5 s (a CI flake). EventSource alone would never reconnect at all.
    const reconnected = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200, { timeout: 15_000 });
    await page.goto('/empresa');
    await expect(page.getByTestId('company-balance')).toHaveText('50');
    await reconnected;
    await e2eSql('UPDATE companies SET currency_amount = 404 WHERE id = $1', [company.id]);
    await expect(page.getByTestId('header-balance')).toHaveText('404', { timeout: 1000 });
    expect(streams).toBe(2);
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
    // Every value the balance shows is recorded; the own company's change is the sentinel that
    // arrives after the other company's would have (one feed, in commit order).
    await page.getByTestId('company-balance').evaluate((el) => {
      const seen: string[] = [];
      (window as unknown as { balancesSeen: string[] }).balancesSeen = seen;
      new MutationObserver(() => seen.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
    });
    await e2eSql('UPDATE companies SET currency_amount = 999 WHERE id = $1', [other.company.id]);
    await e2eSql('UPDATE companies SET currency_amount = 51 WHERE id = $1', [company.id]);
    await expect(page.getByTestId('company-balance')).toHaveText('51', { timeout: 1000 });
    expect(await page.evaluate(() => (window as unknown as { balancesSeen: string[] }).balancesSeen)).not.toContain('999');
  });
});
