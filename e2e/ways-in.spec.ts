import { expect, test } from '@playwright/test';
import { MEMBER_TOOLS } from '@sede/shared/registry/tools';
import { signInByApi } from './support/api.ts';
import { e2eSql } from './support/company.ts';
import { createCompanyWithAdmin, createMember, expectAccessible } from './support/team.ts';

/** Decisions 0140, 0141: the nine member tools in the sidebar and on /empresa; /empresa ordered by the onboarding areas. */
test.describe('ways in', () => {
  test("a member with role 'rh' sees the nine tools and opens /kanban-leads from the sidebar and from /empresa", async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request);
    // Confirming the e-mail signs the member in within the page's context.
    const member = await createMember(page.request, admin.companyId, 'rh');
    await e2eSql(`UPDATE profiles SET onboarding_completed = true WHERE id = $1`, [member.userId]);
    await page.goto('/empresa');
    const nav = page.getByRole('complementary', { name: 'Navegação principal' });
    // Comercial stays locked for rh; its tools are open to every member.
    await expect(nav.getByRole('button', { name: 'Comercial', exact: true })).toHaveAttribute('aria-disabled', 'true');
    const toggle = nav.getByRole('button', { name: 'Ferramentas' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const tool of MEMBER_TOOLS) await expect(nav.getByRole('link', { name: tool.title, exact: true }), tool.path).toHaveAttribute('href', tool.path);
    await expectAccessible(page);

    // Keyboard: the section closes and opens from its button.
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('link', { name: 'Kanban de leads' })).toBeHidden();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await nav.getByRole('link', { name: 'Kanban de leads', exact: true }).click();
    await expect(page).toHaveURL(/\/kanban-leads$/);
    await expect(page.getByRole('heading', { name: 'Seu funil de vendas começa aqui' })).toBeVisible();
    await expect(page).toHaveTitle('Kanban de leads · Sede');
    await expect(nav.getByRole('link', { name: 'Kanban de leads', exact: true })).toHaveAttribute('aria-current', 'page');

    await nav.getByRole('link', { name: 'Empresa', exact: true }).click();
    const tools = page.getByRole('region', { name: 'Ferramentas' });
    await expect(tools.getByRole('link')).toHaveCount(9);
    await tools.getByRole('link', { name: /Kanban de leads/ }).click();
    await expect(page).toHaveURL(/\/kanban-leads$/);
    await expect(page.getByRole('heading', { name: 'Seu funil de vendas começa aqui' })).toBeVisible();
  });

  test("an admin whose company chose ['financial', 'hr'] sees Financeiro and RH first, marked 'Prioridade da empresa'", async ({ page, request }) => {
    const admin = await createCompanyWithAdmin(request);
    await e2eSql(`UPDATE companies SET onboarding_areas = $2::jsonb WHERE id = $1`, [admin.companyId, JSON.stringify(['financial', 'hr'])]);
    await signInByApi(page, admin.email, admin.password);
    await page.goto('/empresa');
    const cards = page.getByRole('region', { name: 'Departamentos' }).getByRole('listitem');
    await expect(cards.nth(0)).toHaveAttribute('data-testid', 'dept-finance');
    await expect(cards.nth(1)).toHaveAttribute('data-testid', 'dept-hr');
    await expect(cards.nth(2)).toHaveAttribute('data-testid', 'dept-sales');
    for (const i of [0, 1]) await expect(cards.nth(i)).toContainText('Prioridade da empresa');
    await expect(page.getByRole('region', { name: 'Departamentos' }).getByText('Prioridade da empresa')).toHaveCount(2);
    await expect(cards.nth(0).getByRole('link')).toHaveAttribute('href', '/financeiro');
    await expectAccessible(page);
  });

  test('at 375 px the tools are in the drawer, and a tool link closes it', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    const admin = await createCompanyWithAdmin(request);
    const member = await createMember(page.request, admin.companyId, 'financeiro');
    await e2eSql(`UPDATE profiles SET onboarding_completed = true WHERE id = $1`, [member.userId]);
    await page.goto('/empresa');
    await expect(page.getByRole('region', { name: 'Ferramentas' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.getByRole('link', { name: 'Atendimento simples' }).click();
    await expect(page).toHaveURL(/\/atendimento-simples$/);
    await expect(drawer).toHaveCount(0);
    // The inbox in one column (decision 0267).
    await expect(page.getByRole('combobox', { name: 'Situação da conversa' })).toBeVisible();
  });
});
