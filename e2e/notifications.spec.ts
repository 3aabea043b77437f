import { shot } from './support/shots.ts';
import pg from 'pg';
import { expect, test, type Page } from '@playwright/test';
import type { NotifyInput } from '../apps/server/src/platform/notifications/notify.ts';
import { notify } from '../apps/server/src/platform/notifications/notify.ts';
import type { Services } from '../apps/server/src/services.ts';
import { createCompanyByApi, e2eDatabaseUrl, e2eSql, signInNewPerson } from './support/company.ts';
import { describeViolations, seriousViolations } from './support/axe.ts';

/** No serious or critical axe violations, and nothing wider than the viewport. */
async function expectAccessible(page: Page) {
  expect(describeViolations(await seriousViolations(page))).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/**
 * `notify` itself, on the e2e database, as an area of the server would call it. Its e-mail
 * queue is never reached here: the person turned mention e-mails off first (a send would throw).
 */
async function notifyOnE2eDatabase(input: NotifyInput) {
  const pool = new pg.Pool({ connectionString: e2eDatabaseUrl(), max: 1 });
  try {
    const boss = { send: () => Promise.reject(new Error('no e-mail expected in this test')) };
    return await notify({ pool, boss } as unknown as Services, input);
  } finally {
    await pool.end();
  }
}

async function signedInWithCompany(page: Page) {
  await signInNewPerson(page, { firstName: 'Bia', lastName: 'Lima' });
  const company = await createCompanyByApi(page.request);
  await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
  const me = (await (await page.request.get('/api/me')).json()) as { user: { id: string } };
  return { companyId: company.id, userId: me.user.id };
}

const shotOf = (page: Page, name: string) => shot(page, name, { fullPage: false });

for (const width of [1280, 375]) {
  test(`the bell receives a mention live and the preferences are kept per kind (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const { companyId, userId } = await signedInWithCompany(page);

    // /perfil › Notificações: turn mention e-mails off.
    await page.goto('/perfil');
    const section = page.getByTestId('notification-preferences');
    await expect(section.getByRole('heading', { name: 'Notificações' })).toBeVisible();
    const mentionEmail = section.getByRole('switch', { name: 'Menções por e-mail' });
    await expect(mentionEmail).toHaveAttribute('aria-checked', 'true');
    await expect(section.getByRole('switch', { name: 'Alertas por e-mail' })).toHaveAttribute('aria-checked', 'false');
    await mentionEmail.click();
    await expect(mentionEmail).toHaveAttribute('aria-checked', 'false');
    await expect(page.getByText('Preferência de notificação salva.')).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    await shotOf(page, `preferences-${width}`);
    await expectAccessible(page);
    await page.reload();
    await expect(page.getByTestId('notification-preferences').getByRole('switch', { name: 'Menções por e-mail' })).toHaveAttribute('aria-checked', 'false');

    // The bell, empty.
    const stream = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200);
    await page.goto('/empresa');
    await stream;
    const bell = page.getByTestId('notification-bell');
    await expect(bell).toHaveAccessibleName('Notificações: Nenhuma notificação não lida');
    await bell.click();
    await expect(page.getByTestId('notifications-empty')).toBeVisible();
    await shotOf(page, `bell-empty-${width}`);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('notifications-empty')).toBeHidden();

    // A mention arrives: the count changes without a reload.
    const result = await notifyOnE2eDatabase({
      companyId,
      userIds: [userId],
      kind: 'mention',
      title: 'Carla Dias mencionou você',
      body: '@Bia pode revisar a proposta da Acme hoje?',
      link: '/empresa',
    });
    expect(result).toEqual({ inApp: 1, email: 0, skipped: 0 });
    await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 5000 });
    await expect(bell).toHaveAccessibleName('Notificações: 1 notificação não lida');
    await expect(page.getByRole('status').filter({ hasText: '1 notificação não lida' })).toHaveCount(1);

    // Keyboard: open, read it, mark all read.
    await bell.focus();
    await page.keyboard.press('Enter');
    const item = page.getByTestId('notification-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText('Carla Dias mencionou você');
    await expect(item).toContainText('(não lida)');
    await shotOf(page, `bell-open-${width}`);
    await expectAccessible(page);
    await page.getByRole('menuitem', { name: /Marcar todas como lidas/ }).click();
    await expect(page.getByTestId('notification-count')).toBeHidden();
    await expect(item).not.toContainText('(não lida)');
    await expect(bell).toHaveAccessibleName('Notificações: Nenhuma notificação não lida');
  });
}

test('opening a notification marks it read and follows its link', async ({ page }) => {
  const { companyId, userId } = await signedInWithCompany(page);
  await page.goto('/perfil');
  await page.getByTestId('notification-preferences').getByRole('switch', { name: 'Atribuições por e-mail' }).click();
  await expect(page.getByTestId('notification-preferences').getByRole('switch', { name: 'Atribuições por e-mail' })).toHaveAttribute('aria-checked', 'false');
  await notifyOnE2eDatabase({ companyId, userIds: [userId], kind: 'assignment', title: 'Nova tarefa para você', link: '/empresa' });
  await expect(page.getByTestId('notification-count')).toHaveText('1', { timeout: 5000 });
  await page.getByTestId('notification-bell').click();
  await page.getByTestId('notification-item').click();
  await expect(page).toHaveURL(/\/empresa$/);
  await expect(page.getByTestId('notification-count')).toBeHidden();
});
