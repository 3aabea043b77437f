import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LatestLocation, patchParams, pickParams, useUrlParams } from './url-params.ts';

function Board() {
  const [params, setParams] = useUrlParams();
  const closeThenFilter = async () => {
    setParams((p) => {
      p.delete('negocio');
      return p;
    });
    // The router moves its state within a few microtasks and renders later, in a transition:
    // the second change comes before that render, as a second click does on a busy machine.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    setParams((p) => {
      p.set('situacao', 'won');
      return p;
    });
  };
  return (
    <>
      <output>{params.toString()}</output>
      <button type="button" onClick={closeThenFilter}>
        Fechar e filtrar
      </button>
    </>
  );
}

describe('useUrlParams', () => {
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('builds a second quick change on the first one, not on the last render', async () => {
    window.history.replaceState(null, '', '/kanban-leads?negocio=d1&funil=p1');
    const router = createBrowserRouter([{ path: '/kanban-leads', element: <Board /> }]);
    // As the app provides it (app/app.tsx).
    render(
      <LatestLocation.Provider value={() => router.state.location}>
        <RouterProvider router={router} />
      </LatestLocation.Provider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Fechar e filtrar' }));
    await act(async () => {});
    expect(new URLSearchParams(window.location.search).get('negocio')).toBeNull();
    expect(window.location.search).toBe('?funil=p1&situacao=won');
    expect(screen.getByRole('status').textContent).toBe('funil=p1&situacao=won');
  });
});

describe('patchParams', () => {
  it('sets the keys given a value and removes the empty ones, leaving the rest', () => {
    const next = patchParams({ ordem: 'amount', sentido: 'desc', busca: '' })(new URLSearchParams('aba=contas-a-pagar&busca=luz'));
    expect(next.toString()).toBe('aba=contas-a-pagar&ordem=amount&sentido=desc');
  });
});

describe('pickParams', () => {
  it('keeps the keys asked for that have a value', () => {
    expect(pickParams(new URLSearchParams('status=won&tag=&q=ana&other=x'), ['status', 'tag', 'q', 'owner'])).toEqual({ status: 'won', q: 'ana' });
  });
});
