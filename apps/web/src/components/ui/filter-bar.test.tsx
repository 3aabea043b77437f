import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FilterBar, optionsOf } from './filter-bar.tsx';

function Url() {
  const { search } = useLocation();
  return <output aria-label="endereço">{search}</output>;
}

const STATUSES = ['ativo', 'ferias'] as const;
const LABELS = { ativo: 'Ativo', ferias: 'Em férias' };

function setup(url: string) {
  render(
    <MemoryRouter initialEntries={[url]}>
      <FilterBar
        label="Filtros de colaboradores"
        search={{ label: 'Buscar por nome' }}
        selects={[
          { key: 'situacao', label: 'Situação', all: 'Todas as situações', options: optionsOf(STATUSES, LABELS) },
          {
            key: 'ordem',
            label: 'Ordenar por',
            fallback: 'name',
            options: [
              { value: 'name', label: 'Nome (A–Z)' },
              { value: 'name:desc', label: 'Nome (Z–A)' },
            ],
          },
        ]}
      />
      <Url />
    </MemoryRouter>,
  );
  return () => screen.getByRole('status', { name: 'endereço' }).textContent;
}

describe('FilterBar', () => {
  it('shows the values of the URL, the fallback while its key is absent', () => {
    setup('/rh?q=erica&situacao=ferias');
    const bar = screen.getByLabelText('Filtros de colaboradores');
    expect(bar.tagName).toBe('SEARCH');
    expect(within(bar).getByRole('searchbox', { name: 'Buscar por nome' })).toHaveProperty('value', 'erica');
    expect(within(bar).getByRole('combobox', { name: 'Situação' })).toHaveProperty('value', 'ferias');
    expect(within(bar).getByRole('combobox', { name: 'Ordenar por' })).toHaveProperty('value', 'name');
    expect(within(bar).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todas as situações', 'Ativo', 'Em férias', 'Nome (A–Z)', 'Nome (Z–A)']);
  });

  it('writes each change to the URL; an empty value or the fallback removes the key', async () => {
    const url = setup('/rh?colaborador=e1');
    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Ativo');
    expect(url()).toBe('?colaborador=e1&situacao=ativo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Nome (Z–A)');
    expect(url()).toBe('?colaborador=e1&situacao=ativo&ordem=name%3Adesc');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nome' }), { target: { value: 'ana' } });
    expect(url()).toBe('?colaborador=e1&situacao=ativo&ordem=name%3Adesc&q=ana');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ordenar por' }), 'Nome (A–Z)');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Situação' }), 'Todas as situações');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar por nome' }), { target: { value: '' } });
    expect(url()).toBe('?colaborador=e1');
  });
});
