import { expect, test } from '@playwright/test';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, expectAccessible } from './support/team.ts';

const isEventStream = (url: string) => new URL(url).pathname === '/api/events';

test.describe("/empresa: a mention in 'Recados da equipe' reaches the colleague's bell live", () => {
  test('A mentions B in a comment; B’s open page shows the unread mention without a reload', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    // A: the admin (confirming the sign-up signs A in within the page's context).
    const author = await createCompanyWithAdmin(page.request, 'Padaria das Menções Ltda');
    // B: a member of the same company, signed in within a context of its own.
    const contextB = await browser.newContext({ baseURL });
    try {
      const member = await createMember(contextB.request, author.companyId, 'vendas');
      const pageB = await contextB.newPage();

      // B opens /empresa and keeps it open; the live stream is connected before A writes.
      const streamB = pageB.waitForResponse((r) => isEventStream(r.url()) && r.status() === 200);
      await pageB.goto('/empresa');
      await streamB;
      const bellB = pageB.getByTestId('notification-bell');
      await expect(bellB).toHaveAccessibleName('Notificações: Nenhuma notificação não lida');
      await expect(pageB.getByTestId('comment-thread')).toBeVisible();
      // A mark on B's window: it survives only if the page is never reloaded.
      await pageB.evaluate(() => Object.assign(window, { __sedeNoReload: true }));

      // A, on /empresa, writes a comment mentioning B, picked with the keyboard.
      const streamA = page.waitForResponse((r) => isEventStream(r.url()) && r.status() === 200);
      await page.goto('/empresa');
      await streamA;
      const bellA = page.getByTestId('notification-bell');
      await expect(bellA).toHaveAccessibleName('Notificações: Nenhuma notificação não lida');
      const thread = page.getByTestId('comment-thread');
      const box = thread.getByRole('combobox', { name: 'Novo comentário' });
      await box.click();
      await box.pressSequentially('Bom dia @Bru');
      const option = thread.getByRole('option', { name: 'Bruno Membro' });
      await expect(option).toBeVisible();
      await expect(option).toHaveAttribute('aria-selected', 'true');
      await box.press('Enter');
      await expect(box).toHaveValue('Bom dia @Bruno Membro ');
      await box.pressSequentially('pode conferir o pedido?');
      await thread.getByRole('button', { name: 'Comentar' }).click();
      await expect(thread.getByTestId('comment').first()).toContainText('Bom dia @Bruno Membro pode conferir o pedido?');
      await expect(box).toHaveValue('');

      // B's bell shows one unread notification within a few seconds, without a reload.
      await expect(pageB.getByTestId('notification-count')).toHaveText('1', { timeout: 5_000 });
      // And the comment itself appears in B's open thread, live too.
      await expect(pageB.getByTestId('comment-thread').getByTestId('comment').first()).toContainText('pode conferir o pedido?', { timeout: 5_000 });
      await expect(bellB).toHaveAccessibleName('Notificações: 1 notificação não lida');
      expect(await pageB.evaluate(() => (window as unknown as { __sedeNoReload?: boolean }).__sedeNoReload)).toBe(true);

      // The author is not notified of their own mention.
      await expect(bellA).toHaveAccessibleName('Notificações: Nenhuma notificação não lida');
      await expect(page.getByTestId('notification-count')).toBeHidden();
      const byUser = await e2eSql<{ user_id: string; kind: string; link: string | null }>(
        'SELECT user_id, kind, link FROM notifications WHERE company_id = $1',
        [author.companyId],
      );
      expect(byUser).toEqual([{ user_id: member.userId, kind: 'mention', link: '/empresa' }]);
      const unreadA = (await (await page.request.get('/api/notifications/unread-count')).json()) as { count: number };
      expect(unreadA.count).toBe(0);

      // B opens the bell: the mention is there, unread; the page with the bell open is accessible.
      await bellB.click();
      const item = pageB.getByTestId('notification-item');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('Carla Admin mencionou você em um comentário');
      await expect(item).toContainText('Bom dia @Bruno Membro pode conferir o pedido?');
      await expect(item).toContainText('(não lida)');
      await expectAccessible(pageB);
      await pageB.keyboard.press('Escape');
      await expect(item).toBeHidden();

      // Away from /empresa (in-app navigation, still no reload), opening the notification follows its link.
      await pageB.getByRole('button', { name: 'Menu do usuário' }).click();
      await pageB.getByRole('menuitem', { name: 'Meu perfil' }).click();
      await expect(pageB).toHaveURL(/\/perfil$/);
      await bellB.click();
      await expect(item).toHaveCount(1);
      await item.click();
      await expect(pageB).toHaveURL(/\/empresa$/);
      await expect(pageB.getByTestId('comment-thread')).toBeVisible();
      // Opening it marked it read.
      await expect(pageB.getByTestId('notification-count')).toBeHidden();
      await expect(bellB).toHaveAccessibleName('Notificações: Nenhuma notificação não lida');
      expect(await pageB.evaluate(() => (window as unknown as { __sedeNoReload?: boolean }).__sedeNoReload)).toBe(true);
    } finally {
      await contextB.close();
    }
  });
});
