import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Users } from 'lucide-react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DataColumn, DataList } from './data-list.tsx';
import { VIRTUAL_FROM } from './use-window-rows.ts';

type Entry = { id: string; name: string; cents: number };
const many = (n: number): Entry[] => Array.from({ length: n }, (_, i) => ({ id: `e${i + 1}`, name: `Lançamento ${i + 1}`, cents: i * 100 }));
const columns: DataColumn<Entry>[] = [
  { id: 'name', header: 'Descrição', card: 'title', cell: (e) => e.name },
  { id: 'cents', header: 'Valor', align: 'right', cell: (e) => String(e.cents) },
];
const states = { icon: Users, loading: 'Carregando…', failed: 'Falhou', empty: { title: 'Vazia', description: 'Nada.' } };
const ok = { isPending: false, isError: false, error: null };

function show(rows: Entry[], props: Partial<Parameters<typeof DataList<Entry>>[0]> = {}) {
  return render(
    <MemoryRouter>
      <DataList label="Lançamentos" rows={rows} columns={columns} query={ok} states={states} rowTestId="entry-row" {...props} />
    </MemoryRouter>,
  );
}

function wideScreen(wide: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: wide, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('DataList with many rows (decision 0671)', () => {
  it('draws only the rows near the viewport, in the table alone on a wide screen', () => {
    wideScreen(true);
    show(many(5_000));
    const table = screen.getByRole('table', { name: 'Lançamentos' });
    const drawn = screen.getAllByTestId('entry-row');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(60);
    expect(drawn[0]!.textContent).toContain('Lançamento 1');
    // Screen readers still hear the whole count; the cards are not drawn at all.
    expect(table.getAttribute('aria-rowcount')).toBe('5001');
    expect(drawn[0]!.getAttribute('aria-rowindex')).toBe('2');
    expect(screen.queryByRole('list', { name: 'Lançamentos' })).toBeNull();
  });

  it('draws the cards alone on a phone, also only those near the viewport', () => {
    wideScreen(false);
    show(many(2_000));
    const cards = within(screen.getByRole('list', { name: 'Lançamentos' })).getAllByRole('listitem');
    expect(cards.length).toBeLessThan(40);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('keeps selection working on the drawn rows', async () => {
    wideScreen(true);
    const actions = vi.fn();
    show(many(VIRTUAL_FROM + 50), { selection: { rowLabel: (e) => `Selecionar ${e.name}`, actions: (chosen) => <span>{actions(chosen.length)}{`${chosen.length} escolhidos`}</span> } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar Lançamento 3' }));
    expect(screen.getByText('1 selecionado')).toBeTruthy();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todos' }));
    expect(screen.getByText(`${VIRTUAL_FROM + 50} selecionados`)).toBeTruthy();
  });

  it('a short list still draws every row, as a table and as cards, and CSS picks one', () => {
    wideScreen(true);
    show(many(VIRTUAL_FROM));
    expect(screen.getAllByTestId('entry-row')).toHaveLength(VIRTUAL_FROM);
    expect(within(screen.getByRole('list', { name: 'Lançamentos' })).getAllByRole('listitem')).toHaveLength(VIRTUAL_FROM);
  });
});
