import { render, screen } from '@testing-library/react';
import { Sparkles } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { ListStates } from './list-states.tsx';

const base = {
  icon: Sparkles,
  loading: 'Carregando os criativos',
  failed: 'Não foi possível carregar os criativos',
  empty: { title: 'Produza e aprove os criativos', description: 'Para que serve.', action: <button type="button">Criar o primeiro criativo</button> },
  noMatch: 'Nenhum criativo com estes filtros.',
};
const ok = { isPending: false, isError: false, error: null };
const show = (props: Partial<Parameters<typeof ListStates>[0]>) =>
  render(
    <ListStates {...base} query={ok} count={2} filtered={false} {...props}>
      <ul aria-label="Criativos" />
    </ListStates>,
  );

describe('ListStates', () => {
  it('loading, then the list', () => {
    const { unmount } = show({ query: { isPending: true, isError: false, error: null } });
    expect(screen.getByRole('status').textContent).toBe('Carregando os criativos');
    expect(screen.queryByRole('list')).toBeNull();
    unmount();
    show({});
    expect(screen.getByRole('list', { name: 'Criativos' })).toBeTruthy();
  });

  it('a failure shows the API’s message, or asks to try again', () => {
    const { unmount } = show({ query: { isPending: false, isError: true, error: new ApiError(403, 'FORBIDDEN', 'Sem permissão.') } });
    expect(screen.getByRole('heading', { name: 'Não foi possível carregar os criativos' })).toBeTruthy();
    expect(screen.getByText('Sem permissão.')).toBeTruthy();
    unmount();
    show({ query: { isPending: false, isError: true, error: new Error('rede') } });
    expect(screen.getByText('Tente de novo em instantes.')).toBeTruthy();
  });

  it('empty: what the page is for and its first action without filters; says so under filters', () => {
    const { unmount } = show({ count: 0 });
    expect(screen.getByRole('heading', { name: 'Produza e aprove os criativos' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Criar o primeiro criativo' })).toBeTruthy();
    unmount();
    show({ count: 0, filtered: true });
    expect(screen.getByText('Nenhum criativo com estes filtros.')).toBeTruthy();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
