import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Users } from 'lucide-react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataList, listStates } from './data-list.tsx';

type Person = { id: string; name: string; city: string; status: string };
const people: Person[] = [
  { id: 'a', name: 'Ana Souza', city: 'Recife', status: 'Ativa' },
  { id: 'b', name: 'Bruno Lima', city: 'Natal', status: 'Férias' },
];
const columns: DataColumn<Person>[] = [
  { id: 'name', header: 'Nome', card: 'title', sortKey: 'name', cell: (p) => p.name },
  { id: 'city', header: 'Cidade', cell: (p) => p.city },
  { id: 'status', header: 'Situação', card: 'badge', cell: (p) => p.status },
];
const states = {
  icon: Users,
  loading: 'Carregando pessoas…',
  failed: 'Não foi possível carregar as pessoas',
  empty: { title: 'Nenhuma pessoa ainda', description: 'As pessoas da empresa aparecem aqui.' },
  noMatch: { title: 'Nenhuma pessoa com estes filtros', description: 'Mude os filtros.' },
};
const ok = { isPending: false, isError: false, error: null };

function Url() {
  return <output aria-label="endereço">{useLocation().search}</output>;
}

function setup(props: Partial<Parameters<typeof DataList<Person>>[0]> = {}, url = '/') {
  render(
    <MemoryRouter initialEntries={[url]}>
      <DataList label="Pessoas" rows={people} rowId={(p) => p.id} columns={columns} query={ok} states={states} filtered={false} {...props} />
      <Url />
    </MemoryRouter>,
  );
}

describe('DataList', () => {
  it('shows the same columns as a table and as cards (title, badge, label: value)', () => {
    setup({ total: 2, countLabel: (n) => `${n} pessoas` });
    const table = screen.getByRole('table', { name: 'Pessoas' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Cidade', 'Situação']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const cards = within(screen.getByRole('list', { name: 'Pessoas' })).getAllByRole('listitem');
    expect(cards[0]?.textContent).toContain('Ana Souza');
    expect(within(cards[1]!).getByText('Cidade').nextSibling?.textContent).toBe('Natal');
    expect(screen.getByText('2 pessoas')).toBeTruthy();
  });

  it('sizes table or cards by its own box when asked (a list inside a side panel)', () => {
    setup({ fitTo: 'container' });
    expect(screen.getByRole('table', { name: 'Pessoas' }).parentElement?.className).toContain('@2xl:block');
    expect(screen.getByRole('list', { name: 'Pessoas' }).className).toContain('@2xl:hidden');
  });

  it('keeps the sort in the URL: ascending, then descending, back to the default', async () => {
    setup({ sort: { fallback: 'city' } });
    const sortByName = () => screen.getByRole('button', { name: 'Nome' });
    await userEvent.click(sortByName());
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('?ordem=name');
    expect(screen.getByRole('columnheader', { name: 'Nome' }).getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(sortByName());
    expect(screen.getByRole('status', { name: 'endereço' }).textContent).toBe('?ordem=name%3Adesc');
    expect(screen.getByRole('columnheader', { name: 'Nome' }).getAttribute('aria-sort')).toBe('descending');
  });

  it('selects rows and hands the chosen ones to the bulk actions', async () => {
    const remove = vi.fn();
    setup({ selection: { actions: (chosen) => <button type="button" onClick={() => remove(chosen.map((p) => p.id))}>Excluir</button> } });
    const table = screen.getByRole('table', { name: 'Pessoas' });
    await userEvent.click(within(table).getAllByRole('checkbox', { name: 'Selecionar' })[1]!);
    expect(screen.getByText('1 selecionado')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir' }));
    expect(remove).toHaveBeenCalledWith(['b']);
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Selecionar todos' }));
    expect(screen.getByText('2 selecionados')).toBeTruthy();
  });

  it('leaves rows out of the selection, names the checkboxes, hides a heading and puts actions at the foot of a card', async () => {
    const pay = vi.fn();
    setup({
      columns: [...columns, { id: 'actions', header: 'Ações', headerHidden: true, card: 'actions', cell: (p) => <button type="button">Abrir {p.name}</button> }],
      selection: { canSelect: (p) => p.status === 'Ativa', rowLabel: (p) => `Selecionar ${p.name}`, allLabel: 'Selecionar todos ativos', actions: (chosen) => <button type="button" onClick={() => pay(chosen.map((p) => p.id))}>Pagar</button> },
    });
    const table = screen.getByRole('table', { name: 'Pessoas' });
    expect(within(table).queryByRole('checkbox', { name: 'Selecionar Bruno Lima' })).toBeNull();
    expect(within(table).getByRole('columnheader', { name: 'Ações' }).querySelector('.sr-only')).toBeTruthy();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Selecionar todos ativos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Pagar' }));
    expect(pay).toHaveBeenCalledWith(['a']);
    const card = within(screen.getByRole('list', { name: 'Pessoas' })).getAllByRole('listitem')[1]!;
    expect(card.lastElementChild?.textContent).toBe('Abrir Bruno Lima');
    expect(within(card).queryByText('Ações')).toBeNull();
  });

  it('says what the list is for when empty, and that the filters hide everything when filtered', () => {
    setup({ rows: [] });
    expect(screen.getByRole('heading', { name: 'Nenhuma pessoa ainda' })).toBeTruthy();
  });
  it('names the filters when they hide everything, and the failure when the list failed', () => {
    setup({ rows: [], filtered: true });
    expect(screen.getByRole('heading', { name: 'Nenhuma pessoa com estes filtros' })).toBeTruthy();
  });
  it('a list without filters leaves out `filtered` and `noMatch`: empty, it says what it is for', () => {
    const { noMatch: _, ...unfiltered } = states;
    render(
      <MemoryRouter>
        <DataList label="Pessoas" rows={[]} rowId={(p: Person) => p.id} columns={columns} query={ok} states={unfiltered} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Nenhuma pessoa ainda' })).toBeTruthy();
  });

  it('loads the next page on "Carregar mais"', async () => {
    const fetchNextPage = vi.fn();
    setup({ paging: { hasNextPage: true, fetchNextPage } });
    await userEvent.click(screen.getByRole('button', { name: 'Carregar mais' }));
    expect(fetchNextPage).toHaveBeenCalledOnce();
  });

  it('hides a column of buttons\' heading from sight and puts its buttons at the foot of each card', () => {
    const withActions: DataColumn<Person>[] = [...columns, { id: 'actions', header: 'Ações', headerHidden: true, card: 'actions', cell: (p) => <button type="button">{`Abrir ${p.name}`}</button> }];
    setup({ columns: withActions });
    const heading = within(screen.getByRole('table', { name: 'Pessoas' })).getByRole('columnheader', { name: 'Ações' });
    expect(heading.querySelector('.sr-only')?.textContent).toBe('Ações');
    const card = within(screen.getByRole('list', { name: 'Pessoas' })).getAllByRole('listitem')[0]!;
    expect(within(card).getByRole('button', { name: 'Abrir Ana Souza' })).toBeTruthy();
    expect(within(card).queryByText('Ações')).toBeNull();
  });

  it('highlights the row open next to the list and marks the table rows for tests', () => {
    setup({ current: (p) => p.id === 'b', rowTestId: 'person-row' });
    const rows = screen.getAllByTestId('person-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]!.className).toContain('bg-[var(--color-accent-soft)]');
    expect(rows[0]!.className).not.toContain('bg-[var(--color-accent-soft)]');
  });

  it('keys rows by their id, takes no filter and needs no noMatch text when none is given', () => {
    const { noMatch: _, ...plain } = states;
    render(
      <MemoryRouter>
        <DataList label="Pessoas" rows={people} columns={columns} query={ok} states={plain} />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('table', { name: 'Pessoas' })).getAllByRole('row')).toHaveLength(3);
    render(
      <MemoryRouter>
        <DataList label="Vazia" rows={[]} columns={columns} query={ok} states={plain} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Nenhuma pessoa ainda' })).toBeTruthy();
  });
});

describe('listStates', () => {
  it('names loading and failure by the items, with their article', () => {
    const empty = { title: 'Nenhuma pessoa', description: 'Cadastre a primeira.' };
    expect(listStates(Users, 'as pessoas', empty)).toEqual({ icon: Users, loading: 'Carregando as pessoas…', failed: 'Não foi possível carregar as pessoas', empty, noMatch: undefined });
    expect(listStates(Users, 'os contratos', empty, 'Nenhum contrato com estes filtros.').noMatch).toBe('Nenhum contrato com estes filtros.');
  });
});
