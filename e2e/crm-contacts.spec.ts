import { readFileSync } from 'node:fs';
import { shot } from './support/shots.ts';
import { expect, test, type Page } from '@playwright/test';
import { createCompanyWithAdmin, expectAccessible } from './support/team.ts';

const toast = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });


/** A CSV from Excel on Brazilian Windows: Windows-1252, ';', an empty line, a repeated header, two invalid rows. */
const CSV = Buffer.from(
  [
    'Nome;E-mail;Celular;Empresa;Cargo',
    'João Conceição;joao.e2e@exemplo.com.br;(11) 98888-0001;Padaria Pão Quente;Diretor',
    'Maria Açaí;maria.e2e@exemplo.com.br;(11) 98888-0002;Padaria Pão Quente;Gerente',
    '',
    'Nome;E-mail;Celular;Empresa;Cargo',
    'Pedro Inválido;pedro@;(11) 98888-0003;;',
    'Ana Sem Telefone;ana.e2e@exemplo.com.br;123;;',
    'Zé Válido;ze.e2e@exemplo.com.br;11 97777-0000;Oficina do Zé;Dono',
  ].join('\r\n'),
  'latin1',
);

test.describe('/lista-contatos', () => {
  test('import a CSV with mapping and progress, download the errors, a list with a bulk action', async ({ page }) => {
    // Five tabs, an import job and a phone layout walked through, each checked by axe.
    test.setTimeout(120_000);
    // Confirming the account signs it in within the page's context.
    await createCompanyWithAdmin(page.request);
    await page.goto('/lista-contatos');
    await expect(page.getByRole('heading', { name: 'Nenhuma pessoa ainda' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'desktop-empty');

    // The import wizard: upload → mapping with preview → duplicates → progress → result.
    await page.getByRole('button', { name: 'Importar planilha' }).click();
    await expect(page).toHaveURL(/importar=1/);
    await page.getByTestId('import-file').setInputFiles({ name: 'contatos-excel.csv', mimeType: 'text/csv', buffer: CSV });
    await expect(page.getByText('5 linha(s) de dados · Windows-1252 (Excel) · separador ";"')).toBeVisible();
    await expect(page.getByRole('cell', { name: 'João Conceição' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Campo da coluna Celular' })).toHaveValue('mobile');
    await expect(page.getByRole('combobox', { name: 'Campo da coluna Empresa' })).toHaveValue('company');
    await expectAccessible(page);
    await shot(page, 'desktop-import-mapping');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('radio', { name: /Ignorar/ }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Importar 5 linha(s)' }).click();
    // The import's id is in the URL (leave and come back) and its progress is followed to the end.
    await expect(page).toHaveURL(/importacao=[0-9a-f-]{36}/);
    const result = page.getByTestId('import-result');
    await expect(result).toBeVisible({ timeout: 30_000 });
    await expect(result.getByText('Importação concluída')).toBeVisible();
    await expect(page.getByTestId('import-count-Criados')).toHaveText('3');
    await expect(page.getByTestId('import-count-Com erro')).toHaveText('2');
    await expect(page.getByTestId('import-count-Empresas novas')).toHaveText('2');
    await shot(page, 'desktop-import-result');
    // Coming back to the import later shows the same result.
    await page.reload();
    await expect(page.getByTestId('import-count-Criados')).toHaveText('3');

    const downloading = page.waitForEvent('download');
    await page.getByTestId('import-errors').click();
    const download = await downloading;
    const report = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(report[0]).toBe('Linha;Campo;Erro;Nome;E-mail;Celular;Empresa;Cargo');
    expect(report[1]).toContain('6;E-mail;E-mail inválido: pedro@;Pedro Inválido');
    expect(report[2]).toMatch(/^7;Celular;/);

    // A list, then a bulk action on two selected people.
    await page.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('tab', { name: 'Listas' }).click();
    await expect(page).toHaveURL(/aba=listas/);
    await expect(page.getByRole('heading', { name: 'Nenhuma lista ainda' })).toBeVisible();
    await page.getByLabel('Nova lista').fill('Feira 2025');
    await page.getByRole('button', { name: 'Criar lista' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Feira 2025' })).toContainText('0 pessoa(s)');
    await expectAccessible(page);
    await shot(page, 'desktop-lists');

    await page.getByRole('tab', { name: 'Pessoas' }).click();
    const rows = page.getByTestId('contact-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first()).toContainText('João Conceição');
    await expect(rows.first()).toContainText('(11) 98888-0001');
    await expect(rows.first()).toContainText('Padaria Pão Quente');
    await page.getByRole('checkbox', { name: 'Selecionar João Conceição' }).check();
    await page.getByRole('checkbox', { name: 'Selecionar Maria Açaí' }).check();
    const bar = page.getByTestId('bulk-bar');
    await expect(bar).toContainText('2 selecionado(s)');
    await bar.getByLabel('Lista').selectOption({ label: 'Feira 2025' });
    await expectAccessible(page);
    await shot(page, 'desktop-bulk-bar');
    await bar.getByRole('button', { name: 'Adicionar à lista' }).click();
    await expect(toast(page, 'Adicionados à lista: 2 contato(s).')).toBeVisible();
    await bar.getByLabel('Etiquetas').waitFor({ state: 'detached' });

    // Search on the server, then the list's members.
    await page.getByRole('textbox', { name: 'Buscar pessoas' }).fill('98888-0002');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Maria Açaí');
    // Her record holds her tasks: one added from the dialog shows there and in 'Minhas tarefas'.
    await rows.first().getByRole('button', { name: 'Maria Açaí' }).click();
    const contact = page.getByRole('dialog', { name: 'Editar pessoa' });
    const tasks = contact.getByTestId('task-list');
    await tasks.getByLabel('Nova tarefa').fill('Ligar para a Maria sobre a feira');
    await tasks.getByRole('button', { name: 'Adicionar' }).click();
    await expect(tasks.getByRole('checkbox', { name: 'Ligar para a Maria sobre a feira' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'desktop-person-tasks');
    await contact.getByRole('button', { name: 'Cancelar' }).click();
    await expect(contact).toBeHidden();
    await page.getByRole('textbox', { name: 'Buscar pessoas' }).fill('');
    await page.getByRole('tab', { name: 'Listas' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Feira 2025' })).toContainText('2 pessoa(s)');
    await page.getByRole('button', { name: 'Ver pessoas' }).click();
    await expect(page).toHaveURL(/listId=/);
    await expect(rows).toHaveCount(2);
    await shot(page, 'desktop-people');
    // Removing one from the list it is filtered by.
    await page.getByRole('checkbox', { name: 'Selecionar Maria Açaí' }).check();
    await page.getByTestId('bulk-bar').getByRole('button', { name: 'Remover da lista' }).click();
    await expect(toast(page, 'Removidos da lista: 1 contato(s).')).toBeVisible();
    await expect(rows).toHaveCount(1);

    await page.getByRole('tab', { name: 'Organizações' }).click();
    await expect(page.getByTestId('contact-row')).toHaveCount(2);
    await expectAccessible(page);
    await shot(page, 'desktop-organizations');
    await page.getByRole('tab', { name: 'Segmentos' }).click();
    await expect(page.getByRole('heading', { name: 'Nenhum segmento salvo' })).toBeVisible();
    await shot(page, 'desktop-segments');
    await page.getByRole('tab', { name: 'Importações' }).click();
    await expect(page.getByRole('table', { name: 'Importações' })).toContainText('contatos-excel.csv');
    await shot(page, 'desktop-imports');

    // Phones: rows become cards.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/lista-contatos?aba=pessoas');
    await expect(page.getByTestId('contact-row')).toHaveCount(3);
    await page.getByRole('checkbox', { name: 'Selecionar Zé Válido' }).check();
    await expectAccessible(page);
    await shot(page, 'mobile-people');
    await page.goto('/lista-contatos?aba=listas');
    await expect(page.getByRole('list', { name: 'Listas' }).getByRole('listitem')).toHaveCount(1);
    await shot(page, 'mobile-lists');
    await page.goto('/lista-contatos?aba=organizacoes');
    await expect(page.getByTestId('contact-row')).toHaveCount(2);
    await shot(page, 'mobile-organizations');
    await page.goto('/lista-contatos?aba=segmentos');
    await shot(page, 'mobile-segments');
    await page.goto('/lista-contatos?importar=1');
    await page.getByTestId('import-file').setInputFiles({ name: 'contatos.csv', mimeType: 'text/csv', buffer: CSV });
    await expect(page.getByRole('cell', { name: 'João Conceição' })).toBeVisible();
    await expectAccessible(page);
    await shot(page, 'mobile-import-mapping');
  });
});
