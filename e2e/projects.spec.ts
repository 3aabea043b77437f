import { expect, test, type Page } from '@playwright/test';
import { shot, shots } from './support/shots.ts';
import { e2eSql } from './support/company.ts';
import { pickUpWithKeyboard } from './support/keyboard-drag.ts';
import { dragByMouse, nearTop } from './support/mouse-drag.ts';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';


const column = (page: Page, name: string) => page.locator(`[data-testid="kanban-column"][data-column="${name}"]`);
const card = (page: Page, title: string) => page.getByTestId('kanban-card').filter({ hasText: title });

async function columnOf(companyId: string, title: string) {
  const [row] = await e2eSql<{ name: string }>(
    'SELECT c.name FROM project_tasks pt JOIN tasks t ON t.id = pt.task_id JOIN project_columns c ON c.id = pt.column_id WHERE t.company_id = $1 AND t.title = $2',
    [companyId, title],
  );
  return row?.name;
}

test.describe('projects', () => {
  test('creates a project from a template, moves tasks by mouse and keyboard, sees the dashboard', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Projetos Kanban Ltda');
    await page.goto('/gestao-projetos');
    await expect(page.getByText('Organize os projetos da equipe')).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Criar o primeiro projeto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo projeto' });
    await dialog.getByRole('radio', { name: 'A partir de modelo' }).click();
    await dialog.getByRole('radio', { name: /Implantação de cliente/ }).check();
    await dialog.getByLabel('Nome do projeto').fill('Implantação Padaria Central');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Criar projeto' }).click();

    await expect(page).toHaveURL(/\/projeto-kanban\//);
    await expect(page.getByTestId('project-name')).toHaveText('Implantação Padaria Central');
    await expect(column(page, 'A fazer').getByTestId('kanban-card')).toHaveCount(7);
    await expectAccessible(page);

    // Mouse: the kickoff → Em andamento.
    await dragByMouse(page, card(page, 'Reunião de kickoff com o cliente'), column(page, 'Em andamento'), nearTop);
    await expect(column(page, 'Em andamento').getByTestId('kanban-card').filter({ hasText: 'Reunião de kickoff' })).toBeVisible();
    await expect.poll(() => columnOf(admin.companyId, 'Reunião de kickoff com o cliente')).toBe('Em andamento');

    // Keyboard: 'Levantar requisitos' one column to the right.
    const req = card(page, 'Levantar requisitos e dados de acesso');
    await req.focus();
    await pickUpWithKeyboard(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: /Sobre a .*Em andamento/ })).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect(column(page, 'Em andamento').getByTestId('kanban-card').filter({ hasText: 'Levantar requisitos' })).toBeVisible();
    await expect.poll(() => columnOf(admin.companyId, 'Levantar requisitos e dados de acesso')).toBe('Em andamento');

    // A task created elsewhere appears live.
    const projectId = page.url().split('/projeto-kanban/')[1]!.split('?')[0]!;
    const res = await page.request.post(`/api/projects/${projectId}/tasks`, { data: { title: 'Tarefa de outra aba' } });
    expect(res.status()).toBe(201);
    await expect(card(page, 'Tarefa de outra aba')).toBeVisible();

    // The kickoff to done, by keyboard (two columns right).
    const kickoff = card(page, 'Reunião de kickoff com o cliente');
    await kickoff.focus();
    await pickUpWithKeyboard(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: /Sobre a .*Aguardando cliente/ })).toHaveCount(1);
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('status').filter({ hasText: /Sobre a .*Concluído/ })).toHaveCount(1);
    await page.keyboard.press('Space');
    await expect.poll(() => columnOf(admin.companyId, 'Reunião de kickoff com o cliente')).toBe('Concluído');

    // The task panel: comments and files of the platform.
    await card(page, 'Tarefa de outra aba').click();
    const panel = page.getByRole('dialog', { name: 'Tarefa de outra aba' });
    await expect(panel.getByRole('textbox', { name: 'Título', exact: true })).toHaveValue('Tarefa de outra aba');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    // Columns: add one (it appears on the board), the dialog is accessible.
    await page.getByRole('button', { name: 'Colunas' }).click();
    const cols = page.getByRole('dialog', { name: 'Colunas do quadro' });
    await cols.getByLabel('Nova coluna').fill('Bloqueado');
    await cols.getByRole('button', { name: 'Adicionar' }).click();
    await expect(column(page, 'Bloqueado')).toHaveCount(1);
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Painel' }).click();
    await expect(page).toHaveURL(/\/kanban-dashboard\//);
    await expect(page.getByTestId('dashboard-kpis')).toContainText('8');
    await expect(page.getByTestId('chart-burnup')).toBeVisible();
    await page.getByText('Ver por coluna em tabela').click();
    await expect(page.getByRole('table', { name: 'Tarefas por coluna' }).getByRole('row', { name: /Em andamento 1/ })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/gestao-projetos');
    await expect(page.getByRole('link', { name: 'Implantação Padaria Central' }).first()).toBeVisible();
    await expect(page.getByRole('progressbar', { name: 'Progresso de Implantação Padaria Central' }).first()).toHaveAttribute('aria-valuenow', '13');
  });

  test('the board fits beside the sidebar at 1366 and 1280 px; a task’s description is rich text; Minhas tarefas names the project', async ({ page }) => {
    test.setTimeout(120_000);
    const admin = await createCompanyWithAdmin(page.request, 'Projetos Largura Ltda');
    const res = await page.request.post('/api/projects', { data: { name: 'Reforma da loja', template: 'implantacao-cliente' } });
    expect(res.status()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    // Every column in view, the last one included, at the widths of common laptops (decision 0424).
    for (const [width, height] of [
      [1366, 768],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.goto(`/projeto-kanban/${id}`);
      await expect(page.getByRole('navigation').first()).toBeVisible();
      const last = page.getByTestId('kanban-column').last();
      await expect(last).toHaveAttribute('data-column', 'Concluído');
      const box = (await last.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.getByTestId('project-board').evaluate((b) => b.scrollWidth <= b.clientWidth)).toBe(true);
      await shot(page, `project-board-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 375, height: 812 });
    await shot(page, 'project-board-375');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The description: bold and a list through the toolbar, kept after saving (decision 0422).
    await card(page, 'Reunião de kickoff com o cliente').click();
    const panel = page.getByRole('dialog', { name: 'Reunião de kickoff com o cliente' });
    const description = panel.getByRole('textbox', { name: 'Descrição' });
    await description.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Negrito' }).click();
    await page.keyboard.type('Levar o contrato');
    await panel.getByRole('button', { name: 'Negrito' }).click();
    await page.keyboard.press('Enter');
    await panel.getByRole('button', { name: 'Lista com marcadores' }).click();
    await page.keyboard.type('sala de reunião');
    await expectAccessible(page);
    await shots(page, 'task-description');
    await panel.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Tarefa salva.')).toBeVisible();
    const taskId = new URL(page.url()).searchParams.get('tarefa')!;
    const saved = (await (await page.request.get(`/api/projects/tasks/${taskId}`)).json()) as { description: string; descriptionDoc: unknown };
    expect(JSON.stringify(saved.descriptionDoc)).toContain('"bold"');
    expect(saved.description).toContain('Levar o contrato\n- sala de reunião');
    await page.keyboard.press('Escape');
    await card(page, 'Reunião de kickoff com o cliente').click();
    await expect(panel.getByRole('textbox', { name: 'Descrição' }).locator('strong')).toHaveText('Levar o contrato');
    await expect(panel.getByRole('textbox', { name: 'Descrição' }).locator('ul li')).toHaveText('sala de reunião');
    await page.keyboard.press('Escape');

    // Assigned to the admin: 'Minhas tarefas' says which project it is part of, with a link to its board (decision 0423).
    expect((await page.request.patch(`/api/projects/tasks/${taskId}`, { data: { assigneeIds: [admin.userId] } })).status()).toBe(200);
    await page.goto('/empresa');
    const myTasks = page.getByTestId('my-tasks');
    await myTasks.getByRole('button', { name: 'Próximas' }).click();
    const item = myTasks.getByTestId('task').filter({ hasText: 'Reunião de kickoff com o cliente' });
    await expect(item.getByRole('link', { name: 'Reforma da loja' })).toHaveAttribute('href', `/projeto-kanban/${id}`);
    await expect(item).toContainText('Projeto: Reforma da loja');
    await expectAccessible(page);
    await shots(page, 'minhas-tarefas');
  });

  test('a project from a brief: the AI proposes tasks (3 coins), the person reviews and creates it', async ({ page }) => {
    test.setTimeout(90_000);
    await createCompanyWithAdmin(page.request, 'Projetos IA Ltda');
    await page.goto('/gestao-projetos');
    await page.getByRole('button', { name: 'Novo projeto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo projeto' });
    await dialog.getByRole('radio', { name: 'Briefing com IA' }).click();
    await dialog.getByLabel('Briefing').fill('Lançar a loja virtual da padaria até o Natal, com entrega no bairro e pagamento por Pix.');
    await dialog.getByRole('button', { name: /Propor tarefas/ }).click();
    await expect(dialog.getByTestId('brief-proposal')).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel('Nome do projeto').fill('Loja virtual');
    await dialog.getByRole('button', { name: 'Criar projeto' }).click();
    await expect(page.getByTestId('project-name')).toHaveText('Loja virtual');
    await expect(page.getByTestId('kanban-card').first()).toBeVisible();
  });
});

