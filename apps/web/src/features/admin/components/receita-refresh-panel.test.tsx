import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReceitaRefreshStatus } from '@sede/shared/prospecting/refresh';
import { ReceitaRefreshPanel } from './receita-refresh-panel.tsx';

const base: ReceitaRefreshStatus = {
  configured: true,
  loaded: { month: '2026-10', source: '2026-10/', importedAt: '2026-10-06T07:40:00.000Z', establishments: 63_512_004 },
  running: null,
  lastCheck: null,
  nextRunAt: '2026-12-02T07:10:00.000Z',
  canStart: false,
  jobId: null,
};

const requests: { method: string; url: string }[] = [];
function renderPanel(status: ReceitaRefreshStatus, answers: Record<string, unknown> = {}) {
  requests.length = 0;
  vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ method, url: input });
    const body = method === 'GET' && input === '/api/prospecting/refresh' ? status : answers[`${method} ${input}`];
    return new Response(JSON.stringify(body ?? {}), { status: method === 'POST' ? 202 : 200, headers: { 'content-type': 'application/json' } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReceitaRefreshPanel />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('ReceitaRefreshPanel', () => {
  it('an admin reads the month in use, the failed check and why, the next check; no button for a non-operator', async () => {
    renderPanel({
      ...base,
      lastCheck: { trigger: 'schedule', status: 'failed', month: '2026-11', stage: null, done: null, total: null, message: 'Estabelecimentos0.zip: ZIP inválido ou incompleto.', startedAt: '2026-12-01T07:10:00.000Z', finishedAt: '2026-12-01T07:25:00.000Z' },
    });
    expect(await screen.findByText('outubro de 2026')).toBeTruthy();
    expect(screen.getByText('63.512.004 estabelecimentos', { exact: false })).toBeTruthy();
    expect(screen.getByTestId('receita-state').textContent).toBe('Última verificação falhou');
    expect(screen.getByTestId('receita-failure').textContent).toBe(
      'A última verificação falhou: Estabelecimentos0.zip: ZIP inválido ou incompleto. Os dados anteriores continuam em uso.',
    );
    expect(screen.getByText('verificação diária')).toBeTruthy();
    expect(screen.getByText('todo dia às 04:10 (horário de Brasília)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Atualizar agora' })).toBeNull();
    expect(screen.getByText(/Só os operadores da plataforma/)).toBeTruthy();
  });

  it("a run of another instance shows its stage and progress; an operator cannot start a second one", async () => {
    renderPanel({
      ...base,
      canStart: true,
      running: { trigger: 'cli', status: 'running', month: '2026-11', stage: 'Carregando os dados', done: 40, total: 100, message: 'Estabelecimentos3.zip · 12.000.000 linhas', startedAt: '2026-12-01T10:00:00.000Z', finishedAt: null },
    });
    const region = await screen.findByRole('region', { name: 'Atualização da base (linha de comando)' });
    expect(within(region).getByText('Carregando os dados')).toBeTruthy();
    expect(within(region).getByRole('progressbar').getAttribute('aria-valuetext')).toBe('40%');
    expect(screen.getByTestId('receita-state').textContent).toBe('Atualizando');
    expect((screen.getByRole('button', { name: 'Atualizar agora' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("an operator's 'Atualizar agora' starts the job and follows it", async () => {
    renderPanel(
      { ...base, canStart: true },
      {
        'POST /api/prospecting/refresh': { jobId: 'a1b2' },
        'GET /api/jobs/a1b2': { id: 'a1b2', kind: 'prospecting.receita-refresh', status: 'running', stage: 'Baixando os arquivos', done: 3, total: 37, message: 'Socios0.zip', result: null, error: null, createdAt: '', updatedAt: '' },
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Atualizar agora' }));
    const region = await screen.findByRole('region', { name: 'Atualização da base' });
    expect(await within(region).findByText('Baixando os arquivos')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST' && r.url === '/api/prospecting/refresh')).toBe(true);
  });

  it('without RECEITA_DATA_URL: says so, and how to import by hand', async () => {
    renderPanel({ ...base, configured: false, loaded: null, nextRunAt: null });
    expect(await screen.findByText('Sem dados importados')).toBeTruthy();
    expect(screen.getByText('Desligada')).toBeTruthy();
    expect(screen.getByText('npm run receita:import -- <pasta ou URL>')).toBeTruthy();
  });
});
