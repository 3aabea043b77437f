import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyDataCard } from './company-data-card.tsx';

type Call = { url: string; method: string; body: unknown };
let calls: Call[] = [];
let closure = { closureRequestedAt: null as string | null, eraseAfter: null as string | null };
let exportPolls = 0;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  exportPolls = 0;
  closure = { closureRequestedAt: null, eraseAfter: null };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url: input, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (input === '/api/company-data/closure' && method === 'GET') return json(closure);
    if (input === '/api/company-data/closure' && method === 'POST') {
      closure = { closureRequestedAt: '2026-11-25T12:00:00.000Z', eraseAfter: '2026-12-25T12:00:00.000Z' };
      return json(closure);
    }
    if (input === '/api/company-data/closure' && method === 'DELETE') return json({ closureRequestedAt: null, eraseAfter: null });
    if (input === '/api/company-data/exports' && method === 'POST') return json({ jobId: 'job-1' }, 202);
    if (input === '/api/jobs/job-1') {
      return json({ id: 'job-1', kind: 'company-data.export', status: 'running', stage: 'Compactando', done: 1, total: 4, message: '1 de 4 arquivos', result: null, error: null, createdAt: '2026-11-25T12:00:00.000Z', updatedAt: '2026-11-25T12:00:01.000Z' });
    }
    if (input === '/api/company-data/exports/job-1') {
      exportPolls++;
      return exportPolls < 2
        ? json({ jobId: 'job-1', status: 'running', stage: 'Compactando', done: 1, total: 4, percent: 25, message: '1 de 4 arquivos', size: null, expiresAt: null, downloadUrl: null })
        : json({ jobId: 'job-1', status: 'done', stage: 'Concluído', done: 4, total: 4, percent: 100, message: null, size: 2048, expiresAt: '2026-12-02T12:00:00.000Z', downloadUrl: '/api/company-data/exports/job-1/download' });
    }
    return json({ error: 'Não encontrado', code: 'NOT_FOUND' }, 404);
  });
});
afterEach(() => vi.unstubAllGlobals());

const renderCard = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <CompanyDataCard companyName="Padaria Aurora" />
    </QueryClientProvider>,
  );

describe("'Todos os dados da empresa'", () => {
  it('exports with a progress bar and offers the download when done', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Exportar todos os dados' }));
    const bar = await screen.findByRole('progressbar', { name: 'Progresso da exportação' });
    expect(bar.getAttribute('aria-valuenow')).toBe('25');
    const link = await screen.findByRole('link', { name: /Baixar ZIP \(2 KB\)/ }, { timeout: 3000 });
    expect(link.getAttribute('href')).toBe('/api/company-data/exports/job-1/download');
    expect(screen.getByText('Exportação pronta.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('closes the account only once the name is typed, then shows the date and cancels', async () => {
    renderCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Encerrar conta da empresa' }));
    const confirm = screen.getByRole('button', { name: 'Encerrar conta' });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Nome da empresa'), 'padaria aurora');
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/api/company-data/closure')).toBe(true));
    expect(calls.find((c) => c.method === 'POST' && c.url === '/api/company-data/closure')!.body).toEqual({ confirmation: 'padaria aurora' });
    expect((await screen.findByTestId('company-closure-scheduled')).textContent).toContain('A conta será encerrada em 25/12/2026');
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar encerramento' }));
    expect(await screen.findByRole('button', { name: 'Encerrar conta da empresa' })).toBeTruthy();
  });
});
