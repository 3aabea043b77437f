import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { LatestLocation, useUrlParams, withParam } from './url-params.ts';

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

describe('withParam', () => {
  it('sets one key and keeps the others; an empty value removes the key', () => {
    const start = new URLSearchParams('q=logo&cliente=a');
    expect(withParam('cliente', 'b')(start).toString()).toBe('q=logo&cliente=b');
    expect(withParam('q', '')(start).toString()).toBe('cliente=a');
    expect(start.toString()).toBe('q=logo&cliente=a');
  });
});
