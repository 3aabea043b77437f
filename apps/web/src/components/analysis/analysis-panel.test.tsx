import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisStatus, AnalysisView } from '@sede/shared/analysis/schemas';
import { fileKeys } from '../files/files-api.ts';
import { AnalysisPanel, type AnalysisPanelProps } from './analysis-panel.tsx';

vi.mock('../../lib/session/auth-provider.tsx', () => ({ useAuth: () => ({ company: { currency_amount: 100 } }) }));

type Result = { summary: string };
type Call = { method: string; url: string };
let calls: Call[] = [];
let job: { status: string; error: string | null };

const file = (id: string, name: string, mime: string) => ({ id, name, mime, entityType: 'candidate', entityId: 'c1', kind: 'document', size: 10, sha256: '', hasThumbnail: false, createdBy: null, createdAt: '2026-01-01T00:00:00Z', canDelete: true });
let files = [file('f1', 'cv.pdf', 'application/pdf'), file('f2', 'foto.png', 'image/png'), file('f3', 'cv-novo.pdf', 'application/pdf')];

beforeEach(() => {
  calls = [];
  job = { status: 'running', error: null };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input) };
    calls.push(call);
    const answer = call.url.startsWith('/api/files')
      ? { files }
      : call.url.startsWith('/api/ai/status')
        ? { platform: true }
        : call.url.startsWith('/api/jobs/')
          ? { id: 'j1', kind: 'analysis', status: job.status, stage: null, done: 0, total: null, error: job.error, createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' }
          : {};
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  files = [file('f1', 'cv.pdf', 'application/pdf'), file('f2', 'foto.png', 'image/png'), file('f3', 'cv-novo.pdf', 'application/pdf')];
});

const version = (id: string, n: number, status: AnalysisStatus, extra: Partial<AnalysisView<Result>> = {}): AnalysisView<Result> => ({
  id,
  kind: 'resume',
  subjectId: 'c1',
  fileId: 'f1',
  fileName: 'cv.pdf',
  status,
  jobRunId: null,
  version: n,
  result: status === 'done' ? { summary: `Resumo da versão ${n}` } : null,
  error: status === 'failed' ? 'O arquivo não tem texto para analisar.' : null,
  createdBy: null,
  createdByName: null,
  charged: 0,
  createdAt: '2026-01-01T12:00:00Z',
  updatedAt: '2026-01-01T12:00:00Z',
  ...extra,
});

function setup(props: Partial<AnalysisPanelProps<AnalysisView<Result>>> = {}) {
  const start = vi.fn(async (_fileId: string) => ({ id: 'new' }));
  const refresh = vi.fn(async () => {});
  const all: AnalysisPanelProps<AnalysisView<Result>> = {
    entityType: 'candidate',
    entityId: 'c1',
    accepts: (f) => f.mime === 'application/pdf',
    analyses: [],
    action: 'ai.resume_analysis',
    start,
    refresh,
    result: (a) => <p>{a.result.summary}</p>,
    ...props,
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Toaster />
        {ui}
      </MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(wrap(<AnalysisPanel {...all} />));
  const rerender = (next: Partial<AnalysisPanelProps<AnalysisView<Result>>>) => view.rerender(wrap(<AnalysisPanel {...all} {...next} />));
  return { start, refresh, rerender, client };
}

describe('AnalysisPanel', () => {
  it('offers only the files the analysis reads, starts a version on the chosen one and shows that version', async () => {
    const user = userEvent.setup();
    const { start, refresh, rerender } = setup({ fileLabel: 'Currículo a analisar', verbs: { first: 'Analisar currículo', again: 'Analisar de novo' } });
    const select = await screen.findByRole('combobox', { name: 'Currículo a analisar' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['cv.pdf', 'cv-novo.pdf']);
    await user.selectOptions(select, 'cv-novo.pdf');
    await user.click(await screen.findByRole('button', { name: /Analisar currículo/ }));
    await waitFor(() => expect(start).toHaveBeenCalledWith('f3'));
    await waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Análise iniciada. As moedas só são cobradas se ela terminar.')).toBeTruthy();

    // The new version is the one shown, though an older one is done; the verb says it is a new run.
    rerender({ analyses: [version('new', 2, 'analyzing'), version('old', 1, 'done')], verbs: { first: 'Analisar currículo', again: 'Analisar de novo' } });
    expect(screen.getByRole('button', { name: /Versão 2 · Analisando/ }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText('Resumo da versão 1')).toBeNull();
    expect(screen.getByRole('button', { name: /Analisar de novo/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Versão 1 · Pronto/ }));
    expect(screen.getByText('Resumo da versão 1')).toBeTruthy();
  });

  it('without a readable file shows the hint instead of the chooser', async () => {
    files = [file('f2', 'foto.png', 'image/png')];
    const { client } = setup({ noFileHint: <p>Envie o arquivo primeiro.</p> });
    await waitFor(() => expect(client.getQueryState(fileKeys.entity('candidate', 'c1'))?.status).toBe('success'));
    expect(screen.getByText('Envie o arquivo primeiro.')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Analisar/ })).toBeNull();
  });

  it("shows the newest done version's result, and a failed version's message when chosen", async () => {
    const user = userEvent.setup();
    setup({ analyses: [version('v3', 3, 'failed'), version('v2', 2, 'done'), version('v1', 1, 'done')] });
    expect(await screen.findByText('Resumo da versão 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /Versão 3 · Falhou/ }));
    expect(screen.getByRole('alert').textContent).toBe('A versão 3 falhou: O arquivo não tem texto para analisar. Nenhuma moeda foi cobrada.');
    expect(screen.queryByText('Resumo da versão 2')).toBeNull();
  });

  it("follows the running version's job; when it fails it refreshes and says nothing was charged", async () => {
    job = { status: 'failed', error: 'A gravação não tem fala.' };
    const { refresh } = setup({ analyses: [version('v1', 1, 'transcribing', { jobRunId: 'j1' })] });
    expect(await screen.findByRole('region', { name: 'Análise versão 1 · cv.pdf' })).toBeTruthy();
    await waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(await screen.findByText('A gravação não tem fala. Nenhuma moeda foi cobrada.')).toBeTruthy();
    expect(calls.some((c) => c.url === '/api/jobs/j1')).toBe(true);
  });

  it('puts the chooser after the versions and the extra content when asked (the RH pages)', async () => {
    setup({ analyses: [version('v1', 1, 'done')], chooserLast: true, children: <p>Conteúdo extra</p> });
    const select = await screen.findByRole('combobox', { name: 'Arquivo a analisar' });
    const extra = screen.getByText('Conteúdo extra');
    const versions = screen.getByRole('button', { name: /Versão 1/ });
    expect(versions.compareDocumentPosition(extra) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(extra.compareDocumentPosition(select) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
