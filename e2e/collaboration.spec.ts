import { expect, test } from '@playwright/test';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, expectAccessible } from './support/team.ts';

test.describe('/empresa: Minhas tarefas and Recados da equipe', () => {
  test('a member mentions a colleague in a comment on the company and completes a task', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    // Confirming the sign-up signs the admin in within the page's context.
    const admin = await createCompanyWithAdmin(page.request, 'Padaria Colaborativa Ltda');
    const other = await browser.newContext({ baseURL });
    const member = await createMember(other.request, admin.companyId, 'vendas');
    await other.close();
    await page.goto('/empresa');

    // A task for today, added in 'Minhas tarefas'.
    const myTasks = page.getByTestId('my-tasks');
    await expect(myTasks.getByText('Nada para hoje.')).toBeVisible();
    await myTasks.getByLabel('Nova tarefa').fill('Conferir o estoque de farinha');
    await myTasks.getByLabel('Vencimento').pressSequentially('31/02/2026');
    await myTasks.getByRole('button', { name: 'Adicionar' }).click();
    await expect(myTasks.getByRole('alert')).toHaveText('Data inválida. Use DD/MM/AAAA.');
    const [y, m, d] = todayInBrazil().split('-');
    await myTasks.getByLabel('Vencimento').fill('');
    await myTasks.getByLabel('Vencimento').pressSequentially(`${d}${m}${y}`);
    await expect(myTasks.getByLabel('Vencimento')).toHaveValue(`${d}/${m}/${y}`);
    await myTasks.getByLabel('Responsável').selectOption({ label: 'Eu' });
    await myTasks.getByRole('button', { name: 'Adicionar' }).click();
    const checkbox = myTasks.getByRole('checkbox', { name: 'Conferir o estoque de farinha' });
    await expect(checkbox).toBeVisible();
    await expect(checkbox).not.toBeChecked();

    // A comment mentioning the colleague, picked with the keyboard.
    const thread = page.getByTestId('comment-thread');
    const box = thread.getByRole('combobox', { name: 'Novo comentário' });
    await box.click();
    await box.pressSequentially('Bom dia @bru');
    const option = thread.getByRole('option', { name: 'Bruno Membro' });
    await expect(option).toBeVisible();
    await expectAccessible(page);
    await box.press('Enter');
    await expect(box).toHaveValue('Bom dia @Bruno Membro ');
    await box.pressSequentially('pode conferir?');
    await thread.getByRole('button', { name: 'Comentar' }).click();
    const comment = thread.getByTestId('comment').first();
    await expect(comment).toContainText('Bom dia @Bruno Membro pode conferir?');
    await expect(comment.locator('strong')).toHaveText('@Bruno Membro');
    await expect(comment).toContainText('agora');
    await expect(box).toHaveValue('');
    const rows = await e2eSql<{ body: string; mentions: string[] }>('SELECT body, mentions FROM comments WHERE company_id = $1', [admin.companyId]);
    expect(rows).toEqual([{ body: `Bom dia @[Bruno Membro](${member.userId}) pode conferir?`, mentions: [member.userId] }]);

    // Completing the task moves it to 'Concluídas'. A click, not check(): the row may leave the
    // list (the live refresh) before Playwright reads the box back, and check() then waits forever.
    await checkbox.click();
    await expect(myTasks.getByText('Nada para hoje.')).toBeVisible();
    await myTasks.getByRole('button', { name: 'Concluídas' }).click();
    await expect(myTasks.getByRole('checkbox', { name: 'Conferir o estoque de farinha' })).toBeChecked();
    const [task] = await e2eSql<{ done_at: Date | null }>('SELECT done_at FROM tasks WHERE company_id = $1', [admin.companyId]);
    expect(task!.done_at).not.toBeNull();
    await expectAccessible(page);
  });
});
