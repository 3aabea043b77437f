import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FiguresTable } from './figures-table.tsx';

describe('FiguresTable', () => {
  it('names each row by its first cell, so a row reads as "label figure rate"', () => {
    render(<FiguresTable caption="Números da campanha" headers={['Indicador', 'Quantidade', 'Taxa']} rows={[{ label: 'Enviados', values: ['2', '100%'] }]} />);
    const table = screen.getByRole('table', { name: 'Números da campanha' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Indicador', 'Quantidade', 'Taxa']);
    expect(within(table).getByRole('row', { name: 'Enviados 2 100%' })).toBeTruthy();
    expect(within(table).getByRole('rowheader', { name: 'Enviados' })).toBeTruthy();
  });
});
