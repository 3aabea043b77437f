import { expect, test, type Page } from '@playwright/test';
import { e2eSql } from './support/company.ts';
import { pickUpWithKeyboard } from './support/keyboard-drag.ts';
import { dragByMouse } from './support/mouse-drag.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const day = (page: Page, date: string) => page.locator(`[data-testid="calendar-day"][data-day="${date}"]`);
const piece = (page: Page, title: string) => page.getByTestId('calendar-piece').filter({ hasText: title });
const shots = process.env.SHOTS_DIR;

async function scheduledAt(companyId: string, title: string) {
  const [row] = await e2eSql<{ at: string | null }>(`SELECT to_char(scheduled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI') AS at FROM marketing_pieces WHERE company_id = $1 AND title = $2`, [companyId, title]);
  return row?.at;
}

test.describe('marketing calendar', () => {
  test('shows pieces, campaigns and dates; drags a piece by mouse and keyboard and an idea onto a day; creates on a day', async ({ page }) => {
    test.setTimeout(120_000);
    // The month fits the window, so a drag needs no auto-scroll.
    await page.setViewportSize({ width: 1280, height: 1000 });
    const admin = await createCompanyWithAdmin(page.request, 'Agência Calendário E2E Ltda');
    const clients = await page.request.get('/api/marketing/clients');
    const own = ((await clients.json()) as { clients: Array<{ id: string }> }).clients[0]!.id;
    const create = async (data: Record<string, unknown>) => {
      const res = await page.request.post('/api/marketing/pieces', { data: { clientId: own, channel: 'instagram', ...data } });
      expect(res.status(), await res.text()).toBe(201);
    };
    await create({ title: 'Post da promoção', scheduledAt: '2026-11-10T14:30:00-03:00', status: 'producao' });
    await create({ title: 'Artigo do blog', channel: 'blog', format: 'artigo', scheduledAt: '2026-11-11T09:00:00-03:00', status: 'revisao' });
    await create({ title: 'Ideia de reels' });
    await e2eSql(`INSERT INTO campaigns (company_id, name, status, scheduled_at) VALUES ($1, 'Newsletter de novembro', 'sent', '2026-11-12T13:00:00Z')`, [admin.companyId]);

    await page.goto('/marketing/calendario?visao=mes&data=2026-11-10');
    await expect(page.getByTestId('calendar-period')).toHaveText('novembro de 2026');
    await expect(day(page, '2026-11-10').getByText('Post da promoção')).toBeVisible();
    await expect(day(page, '2026-11-10').getByText('Produção')).toBeVisible();
    await expect(day(page, '2026-11-27').getByText('Black Friday')).toBeVisible();
    await expect(day(page, '2026-11-02').getByText('Finados')).toBeVisible();
    await expect(day(page, '2026-11-12').getByRole('link', { name: /Newsletter de novembro/ })).toHaveAttribute('href', '/campanhas-massa');
    await expect(page.getByTestId('calendar-no-date').getByText('Ideia de reels')).toBeVisible();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/month-1280.png`, fullPage: true });

    // Mouse: the promotion's post from the 10th to the 18th, keeping 14:30.
    await dragByMouse(page, piece(page, 'Post da promoção'), day(page, '2026-11-18'));
    await expect(day(page, '2026-11-18').getByText('Post da promoção')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Desfazer' })).toBeVisible();
    await expect.poll(() => scheduledAt(admin.companyId, 'Post da promoção')).toBe('2026-11-18T17:30');

    // Keyboard: the blog article one day to the right (the 11th → the 12th).
    const article = piece(page, 'Artigo do blog');
    await article.focus();
    await pickUpWithKeyboard(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: /Sobre o dia: em quinta-feira, 12 de novembro/ })).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(day(page, '2026-11-12').getByText('Artigo do blog')).toBeVisible();
    await expect.poll(() => scheduledAt(admin.companyId, 'Artigo do blog')).toBe('2026-11-12T12:00');

    // 'Desfazer' moves it back.
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Artigo do blog' }).getByRole('button', { name: 'Desfazer' }).click();
    await expect.poll(() => scheduledAt(admin.companyId, 'Artigo do blog')).toBe('2026-11-11T12:00');
    await expect(day(page, '2026-11-11').getByText('Artigo do blog')).toBeVisible();

    // An idea from 'Sem data' onto the 20th gets 10:00.
    await dragByMouse(page, piece(page, 'Ideia de reels'), day(page, '2026-11-20'));
    await expect(day(page, '2026-11-20').getByText('Ideia de reels')).toBeVisible();
    await expect.poll(() => scheduledAt(admin.companyId, 'Ideia de reels')).toBe('2026-11-20T13:00');

    // A click on a day creates a piece there.
    await page.getByRole('button', { name: 'Criar peça em quarta-feira, 25 de novembro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova peça' });
    await expect(dialog.getByLabel('Data')).toHaveValue('2026-11-25');
    await dialog.getByLabel('Título', { exact: true }).fill('Stories da Black Friday');
    await dialog.getByLabel('Canal').selectOption('facebook');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Criar peça' }).click();
    await expect(day(page, '2026-11-25').getByText('Stories da Black Friday')).toBeVisible();

    // A click on a piece opens it for editing.
    await piece(page, 'Stories da Black Friday').click();
    const edit = page.getByRole('dialog', { name: 'Editar peça' });
    await expect(edit.getByLabel('Título', { exact: true })).toHaveValue('Stories da Black Friday');
    await edit.getByLabel('Status').selectOption('aprovado');
    await edit.getByRole('button', { name: 'Salvar' }).click();
    await expect(day(page, '2026-11-25').getByText('Aprovado')).toBeVisible();
    // The piece shows its new status as the dialog closes: its own 'Canal' goes with it first.
    await expect(edit).toBeHidden();

    // Filters in the URL; the week and the list views.
    await page.getByLabel('Canal').selectOption('blog');
    await expect(page).toHaveURL(/canal=blog/);
    await expect(piece(page, 'Post da promoção')).toHaveCount(0);
    await expect(piece(page, 'Artigo do blog')).toBeVisible();
    await page.getByLabel('Canal').selectOption('');
    await page.getByRole('button', { name: 'Semana' }).click();
    await expect(page).toHaveURL(/visao=semana/);
    await expect(page.getByTestId('calendar-week')).toBeVisible();
    await expect(day(page, '2026-11-11').getByText('Artigo do blog')).toBeVisible();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/week-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Lista' }).click();
    await expect(page.getByTestId('calendar-list')).toBeVisible();
    await expect(page.getByTestId('calendar-list').getByText('Post da promoção')).toBeVisible();
    await expectAccessible(page);
    if (shots) await page.screenshot({ path: `${shots}/list-1280.png`, fullPage: true });

    // Another member's change appears live.
    await create({ title: 'Post de outra aba', scheduledAt: '2026-11-16T10:00:00-03:00' });
    await expect(page.getByTestId('calendar-list').getByText('Post de outra aba')).toBeVisible();

    // A client's page links here with ?cliente=: the filter follows it.
    await page.goto(`/marketing/calendario?visao=lista&data=2026-11-10&cliente=${own}`);
    await expect(page.getByLabel('Empresa cliente')).toHaveValue(own);
    await expect(page.getByTestId('calendar-list').getByText('Post da promoção')).toBeVisible();

    // On a phone the calendar opens as a list.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/marketing/calendario?data=2026-11-10');
    await expect(page.getByTestId('calendar-list')).toBeVisible();
    await expectAccessible(page);
    if (shots) {
      await page.screenshot({ path: `${shots}/list-375.png`, fullPage: true });
      await page.goto('/marketing/calendario?visao=mes&data=2026-11-10');
      await expect(page.getByTestId('calendar-month')).toBeVisible();
      await page.screenshot({ path: `${shots}/month-375.png`, fullPage: true });
      await page.goto('/marketing/calendario?visao=semana&data=2026-11-10');
      await expect(page.getByTestId('calendar-week')).toBeVisible();
      await page.screenshot({ path: `${shots}/week-375.png`, fullPage: true });
    }
  });

  test("'Sem data' loads more ideas on 'Carregar mais', and an idea of a later page drags onto a day", async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 1000 });
    const admin = await createCompanyWithAdmin(page.request, 'Agência Ideias E2E Ltda');
    const clients = await page.request.get('/api/marketing/clients');
    const own = ((await clients.json()) as { clients: Array<{ id: string }> }).clients[0]!.id;
    const idea = async (n: number) => {
      const res = await page.request.post('/api/marketing/pieces', { data: { clientId: own, channel: 'instagram', title: `Ideia ${String(n).padStart(2, '0')}` } });
      expect(res.status(), await res.text()).toBe(201);
    };
    // 'Ideia 01' is the oldest: the second page's.
    await idea(1);
    for (let n = 2; n <= 51; n += 10) await Promise.all(Array.from({ length: Math.min(10, 52 - n) }, (_, i) => idea(n + i)));

    await page.goto('/marketing/calendario?visao=mes&data=2026-11-10');
    const noDate = page.getByTestId('calendar-no-date');
    const status = noDate.getByTestId('no-date-status');
    await expect(status).toHaveText('Mostrando as 50 mais recentes.');
    await expect(noDate.getByTestId('calendar-piece')).toHaveCount(50);
    await expect(noDate.getByTestId('no-date-count')).toHaveText('50+');
    await expect(piece(page, 'Ideia 01')).toHaveCount(0);
    await expectAccessible(page);
    if (shots) await noDate.screenshot({ path: `${shots}/no-date-1280.png` });

    await noDate.getByRole('button', { name: 'Carregar mais' }).click();
    await expect(noDate.getByTestId('calendar-piece')).toHaveCount(51);
    await expect(status).toHaveText('Todas as 51 ideias carregadas.');
    await expect(noDate.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
    // The focus is on the first idea of the new page: the keyboard user goes on from there.
    await expect(piece(page, 'Ideia 01')).toBeFocused();
    await expectAccessible(page);

    // That idea of the second page onto a day of the calendar, by keyboard.
    await pickUpWithKeyboard(page);
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('status').filter({ hasText: /Sobre o dia: em / })).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(page.getByTestId('calendar-month').getByText('Ideia 01')).toBeVisible();
    await expect.poll(() => scheduledAt(admin.companyId, 'Ideia 01')).not.toBeNull();
    await expect(noDate.getByText('Ideia 01')).toHaveCount(0);
    await expect(noDate.getByTestId('calendar-piece')).toHaveCount(50);

    // On a phone (the list view), with a second page again.
    await idea(52);
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/marketing/calendario?data=2026-11-10');
    await expect(status).toHaveText('Mostrando as 50 mais recentes.');
    await noDate.getByRole('button', { name: 'Carregar mais' }).scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    if (shots) await page.screenshot({ path: `${shots}/no-date-375.png` });
  });
});
