import { expect, test, type Page } from '@playwright/test';
import { toast } from './support/auth-ui.ts';
import { createCompanyByApi, e2eSql, signInNewPerson } from './support/company.ts';
import { expectAccessible } from './support/team.ts';

/** Screenshots for the closing note when SHOTS=<dir> is set (1280 px and 375 px). */
async function shots(page: Page, name: string) {
  const dir = process.env.SHOTS;
  if (!dir) return;
  await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${dir}/${name}-375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Today in America/Sao_Paulo, shifted by `days`, as YYYY-MM-DD. */
const isoDay = (days = 0) => new Date(Date.now() - 3 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

test.describe('/rh: colaboradores e visão geral', () => {
  test('register an employee, find them in the list and in the overview (birthday), with no serious axe violation', async ({ page }) => {
    // One journey through four pages with axe on each: longer than the default 60 s on a loaded machine.
    test.setTimeout(180_000);
    await signInNewPerson(page, { firstName: 'Helena', lastName: 'RH' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);

    await page.goto('/rh');
    await expect(page.getByRole('heading', { name: 'Nenhum colaborador cadastrado' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Análise de currículos/ })).toHaveAttribute('href', '/rh/analise-curriculos');
    await expect(page.getByRole('link', { name: /Análise de entrevistas/ })).toHaveAttribute('href', '/rh/analise-entrevistas');
    await expectAccessible(page);
    await shots(page, 'rh-empty');

    await page.getByRole('button', { name: 'Cadastrar o primeiro colaborador' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo colaborador' });
    await dialog.getByLabel('Nome completo').fill('Érica Conceição');
    // A bad CPF is refused on the field.
    await dialog.getByLabel('CPF').fill('52998224726');
    await dialog.getByLabel('Data de admissão').fill('2019-03-01');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(dialog.getByText('CPF inválido: confira os dígitos.')).toBeVisible();
    await dialog.getByLabel('CPF').fill('52998224725');
    await expect(dialog.getByLabel('CPF')).toHaveValue('529.982.247-25');
    const birthday = `1990${isoDay(3).slice(4)}`;
    await dialog.getByLabel('Data de nascimento').fill(birthday);
    await dialog.getByLabel('Cargo').fill('Analista de RH');
    await dialog.getByLabel('Departamento').fill('Pessoas');
    await dialog.getByLabel('Tipo de contrato').selectOption('pj');
    await dialog.getByLabel('Salário (R$)').pressSequentially('5500');
    await expectAccessible(page);
    await shots(page, 'rh-dialog');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await expect(toast(page, 'Colaborador cadastrado.')).toBeVisible();

    // The employee's page: the register's data, documents and leaves.
    await expect(page).toHaveURL(/colaborador=[0-9a-f-]{36}/);
    await expect(page.getByRole('heading', { name: 'Érica Conceição' })).toBeVisible();
    await expect(page.getByText('R$ 5.500,00')).toBeVisible();
    await expect(page.getByText('529.982.247-25')).toBeVisible();
    await page.getByLabel('Início').fill(isoDay(-1));
    await page.getByLabel('Fim').fill(isoDay(5));
    await page.getByRole('button', { name: 'Registrar período' }).click();
    await expect(toast(page, 'Período registrado.')).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'rh-employee');

    // The list: found by an accent-free search; a card on phones.
    await page.getByRole('link', { name: 'Voltar para colaboradores' }).click();
    await page.getByRole('searchbox', { name: /Buscar/ }).fill('erica conceicao');
    await expect(page.getByRole('table', { name: 'Colaboradores' }).getByRole('link', { name: 'Érica Conceição' })).toBeVisible();
    await expect(page.getByText('1 colaborador', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'rh-list');
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(page.getByRole('list', { name: 'Colaboradores' }).getByRole('link', { name: 'Érica Conceição' })).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });

    // The overview: headcount, the birthday in 3 days and the leave now.
    await page.getByRole('tab', { name: 'Visão geral' }).click();
    const birthdays = page.getByRole('heading', { name: 'Aniversários nos próximos 30 dias' }).locator('..');
    await expect(birthdays.getByRole('link', { name: 'Érica Conceição' })).toBeVisible();
    await expect(birthdays).toContainText('em 3 dias');
    const onLeave = page.getByRole('heading', { name: 'De férias ou afastados hoje' }).locator('..');
    await expect(onLeave.getByRole('link', { name: 'Érica Conceição' })).toBeVisible();
    await page.getByRole('region', { name: 'Pessoas por departamento' }).getByRole('button', { name: 'Ver tabela' }).click();
    await expect(page.getByRole('table', { name: 'Pessoas por departamento' }).getByRole('row', { name: /Pessoas 1/ })).toBeVisible();
    await expectAccessible(page);
    await shots(page, 'rh-overview');
  });
});

test.describe('axe and toasts', () => {
  // This one needs the toasts to move: the other tests run with motion reduced (decision 0437).
  test.use({ reducedMotion: 'no-preference' });
  test('two stacked toasts caught mid-animation are measured at rest: no contrast violation', async ({ page }) => {
    await signInNewPerson(page, { firstName: 'Helena', lastName: 'RH' });
    const company = await createCompanyByApi(page.request);
    await e2eSql('UPDATE companies SET onboarding_completed = true WHERE id = $1', [company.id]);
    const res = await page.request.post('/api/rh/employees', { data: { name: 'Érica Conceição', cpf: '52998224725', admissionDate: '2019-03-01' } });
    expect(res.status(), await res.text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await page.goto(`/rh?colaborador=${id}`);
    await expect(page.getByRole('heading', { name: 'Érica Conceição' })).toBeVisible();

    // Animations 100 times slower, so the toasts are still moving when they are frozen below.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Animation.enable');
    await cdp.send('Animation.setPlaybackRate', { playbackRate: 0.01 });
    for (const [start, end] of [
      [isoDay(-30), isoDay(-25)],
      [isoDay(-20), isoDay(-15)],
    ]) {
      await page.getByLabel('Início').fill(start!);
      await page.getByLabel('Fim').fill(end!);
      await page.getByRole('button', { name: 'Registrar período' }).click();
      await expect(toast(page, 'Período registrado.')).toHaveCount(start === isoDay(-30) ? 1 : 2);
    }
    // The new toast fading in and the content of the one behind it fading out, frozen half-way.
    await expect(page.locator('[data-sonner-toast][data-mounted="true"][data-front="false"]')).toHaveCount(1);
    const midway = await page.evaluate(() => {
      const moving = document.getAnimations().filter((a) => a.effect instanceof KeyframeEffect && a.effect.target?.closest('[data-sonner-toaster]'));
      for (const a of moving) {
        a.pause();
        a.currentTime = Number(a.effect!.getComputedTiming().duration) / 2;
      }
      return [...document.querySelectorAll('[data-sonner-toast], [data-sonner-toast] > *')].filter((el) => {
        const o = Number(getComputedStyle(el).opacity);
        return o > 0 && o < 1;
      }).length;
    });
    expect(midway).toBeGreaterThan(0);
    await expectAccessible(page);
  });
});
