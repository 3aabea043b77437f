import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MunicipioPicker } from './municipio-picker.tsx';

const calls: string[] = [];

function renderPicker(uf: string, initial = '') {
  calls.length = 0;
  vi.stubGlobal('fetch', async (input: string) => {
    calls.push(input);
    const url = new URL(input, 'http://localhost');
    const all = [
      { codigo: '7107', descricao: 'SAO PAULO', uf: 'SP' },
      { codigo: '7075', descricao: 'SANTOS', uf: 'SP' },
      { codigo: '9701', descricao: 'BRASILIA', uf: 'DF' },
    ];
    const q = url.searchParams.get('q') ?? '';
    const only = url.searchParams.get('uf');
    const municipios = all.filter((m) => m.descricao.startsWith(q) && (!only || m.uf === only)).map(({ codigo, descricao }) => ({ codigo, descricao }));
    return new Response(JSON.stringify({ municipios }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <form aria-label="f">
        <MunicipioPicker uf={uf} initial={initial} />
      </form>
    </QueryClientProvider>,
  );
  const hidden = () => view.container.querySelector<HTMLInputElement>('input[type=hidden][name=municipio]')!;
  return { hidden, view };
}

afterEach(() => vi.unstubAllGlobals());

describe('MunicipioPicker', () => {
  it('asks only for the chosen UF and submits the code of the name picked', async () => {
    const { hidden, view } = renderPicker('SP');
    await userEvent.type(screen.getByRole('combobox', { name: 'Município' }), 'sao paulo');
    await waitFor(() => expect(hidden().value).toBe('7107'));
    expect(calls.some((c) => c.includes('uf=SP') && c.includes('q=SAO%20PAULO'))).toBe(true);
    const options = [...view.container.querySelectorAll('datalist option')].map((o) => o.getAttribute('value'));
    expect(options).toEqual(['SAO PAULO']);
  });

  it('a name that is not a município of the list submits nothing and says so', async () => {
    const { hidden } = renderPicker('DF');
    await userEvent.type(screen.getByRole('combobox', { name: 'Município' }), 'santos');
    await waitFor(() => expect(screen.getByText('Escolha um município da lista.')).toBeTruthy());
    expect(hidden().value).toBe('');
  });

  it('keeps a code from the URL as it is', () => {
    const { hidden } = renderPicker('', '7107');
    expect(hidden().value).toBe('7107');
  });
});
