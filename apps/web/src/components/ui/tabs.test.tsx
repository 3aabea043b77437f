import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DetailHeader } from './detail-header.tsx';
import { Tabs } from './tabs.tsx';

function Url() {
  return <output aria-label="endereço">{useLocation().search}</output>;
}
const url = () => screen.getByRole('status', { name: 'endereço' }).textContent;
const tabs = [
  { value: 'visao-geral', label: 'Visão geral', content: <p>Resumo</p> },
  { value: 'colaboradores', label: 'Colaboradores', content: <p>Lista</p> },
];

function setup(initial: string, resets: string[] | 'all' = []) {
  render(
    <MemoryRouter initialEntries={[initial]}>
      <Tabs label="Recursos Humanos" tabs={tabs} resets={resets} />
      <Url />
    </MemoryRouter>,
  );
}

describe('Tabs kept in the URL', () => {
  it("has the chosen tab as the list's tab stop in the server's markup too (decision 0769)", () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/rh?aba=colaboradores']}>
        <Tabs label="Recursos Humanos" tabs={tabs} />
      </MemoryRouter>,
    );
    const found = [...new DOMParser().parseFromString(html, 'text/html').querySelectorAll('[role="tab"]')].map((t) => [t.textContent, t.getAttribute('tabindex')]);
    expect(found).toEqual([
      ['Visão geral', '-1'],
      ['Colaboradores', '0'],
    ]);
  });
  it('Tab reaches the chosen tab; an arrow chooses the next one, which becomes the tab stop', async () => {
    setup('/rh');
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Visão geral' }));
    await userEvent.keyboard('{ArrowRight}');
    const next = screen.getByRole('tab', { name: 'Colaboradores' });
    // Radix moves the focus in a timeout; the choice follows the focus.
    await expect.poll(() => document.activeElement).toBe(next);
    await expect.poll(() => next.getAttribute('aria-selected')).toBe('true');
    expect(url()).toBe('?aba=colaboradores');
    expect(next.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Visão geral' }).tabIndex).toBe(-1);
  });
  it('opens the tab the URL names, the first one by default', () => {
    setup('/rh?aba=colaboradores');
    expect(screen.getByRole('tab', { name: 'Colaboradores' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('Lista')).toBeTruthy();
  });
  it('writes the chosen tab to the URL, keeps the other keys, drops the resets, and leaves the default out', async () => {
    setup('/rh?q=ana&colaborador=1', ['colaborador']);
    expect(screen.getByRole('tab', { name: 'Visão geral' }).getAttribute('aria-selected')).toBe('true');
    await userEvent.click(screen.getByRole('tab', { name: 'Colaboradores' }));
    expect(url()).toBe('?q=ana&aba=colaboradores');
    await userEvent.click(screen.getByRole('tab', { name: 'Visão geral' }));
    expect(url()).toBe('?q=ana');
  });
  it('drops every other key with resets="all" (each tab has its own filters)', async () => {
    setup('/financeiro?aba=colaboradores&situacao=paid&busca=ana', 'all');
    await userEvent.click(screen.getByRole('tab', { name: 'Visão geral' }));
    expect(url()).toBe('');
  });
  it('ignores a tab the page does not have', () => {
    setup('/rh?aba=nada');
    expect(screen.getByRole('tab', { name: 'Visão geral' }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('DetailHeader', () => {
  it('shows the way back, the title as a heading, the badges and the actions', () => {
    render(
      <MemoryRouter>
        <DetailHeader back={{ to: '/rh', label: 'Voltar' }} title="Ana Souza" badges={<span>Ativa</span>} subtitle="Analista" actions={<button type="button">Editar</button>} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Voltar' }).getAttribute('href')).toBe('/rh');
    expect(screen.getByRole('heading', { name: 'Ana Souza' })).toBeTruthy();
    expect(screen.getByText('Ativa')).toBeTruthy();
    expect(screen.getByText('Analista')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
  });
});
