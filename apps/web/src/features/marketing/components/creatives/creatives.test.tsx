import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PieceView } from '@sede/shared/marketing/pieces';
import type { PieceReview, VersionView } from '@sede/shared/marketing/review';
import { ApprovalPanel } from './approval-panel.tsx';
import { VersionsList } from './versions-list.tsx';

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let route: (call: Call) => unknown;

beforeEach(() => {
  calls = [];
  route = () => ({});
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    return new Response(JSON.stringify(route(call)), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrap = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

const version = (number: number, copy: string): VersionView => ({
  id: `v${number}`,
  number,
  copy,
  hashtags: [],
  files: [],
  note: null,
  source: 'manual',
  restoredFrom: null,
  createdBy: 'u1',
  createdByName: 'Bia',
  createdAt: '2026-11-20T12:00:00Z',
});
const piece = { id: 'p1', title: 'Post', status: 'revisao' } as PieceView;
const review = (over: Partial<PieceReview> = {}): PieceReview => ({ versions: [], approvals: [], links: [], clientApproval: false, clientApproved: false, aiCopy: null, ...over });

describe('VersionsList', () => {
  it('compares an old version with the current one and restores it', async () => {
    const user = userEvent.setup();
    route = (c) => (c.method === 'POST' ? { ...version(3, 'Texto antigo'), source: 'restauracao', restoredFrom: 1 } : {});
    wrap(<VersionsList pieceId="p1" versions={[version(2, 'Texto novo'), version(1, 'Texto antigo')]} mayWrite />);
    expect(screen.getAllByRole('button', { name: 'Comparar com a atual' })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Comparar com a atual' }));
    const cmp = screen.getByTestId('version-comparison');
    expect(within(cmp).getByText('Da versão 1 para a versão 2 (atual)')).toBeTruthy();
    const text = within(cmp).getByTestId('diff-text');
    expect(text.querySelector('del')?.textContent).toBe('[removido: antigo]');
    expect(text.querySelector('ins')?.textContent).toBe('[incluído: novo]');
    expect(within(cmp).getByTestId('diff-summary').textContent).toBe('1 palavra incluída · 1 palavra removida');
    await user.click(screen.getByRole('button', { name: 'Fechar comparação' }));
    expect(screen.queryByTestId('version-comparison')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Comparar com a atual' }));
    await user.click(screen.getByRole('button', { name: 'Restaurar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.url).toBe('/api/marketing/pieces/p1/versions/v1/restore'));
  });

  it('marks hashtags and media added and removed, with a legend; says when the text is the same', async () => {
    const user = userEvent.setup();
    const file = (id: string, name: string) => ({ id, name, kind: 'image' as const, mime: 'image/png', hasThumbnail: false, deleted: false });
    const current = { ...version(2, 'Mesmo texto'), hashtags: ['Natal', 'loja'], files: [file('f2', 'nova.png'), file('f3', 'logo.png')] };
    const old = { ...version(1, 'Mesmo texto'), hashtags: ['natal', 'promo'], files: [file('f1', 'antiga.png'), file('f3', 'logo.png')] };
    wrap(<VersionsList pieceId="p1" versions={[current, old]} mayWrite />);
    await user.click(screen.getByRole('button', { name: 'Comparar com a atual' }));
    const cmp = screen.getByTestId('version-comparison');
    expect(within(cmp).getByTestId('diff-summary').textContent).toBe('O texto é o mesmo nas duas versões.');
    expect(within(cmp).getByTestId('diff-text').querySelector('ins, del')).toBeNull();
    const legend = within(cmp).getByTestId('diff-legend');
    expect(legend.querySelector('ins')?.textContent).toBe('incluído');
    expect(legend.querySelector('del')?.textContent).toBe('removido');
    const tags = within(cmp).getByTestId('diff-hashtags');
    expect([...tags.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['#Natal', '[incluído: #loja]', '[removido: #promo]']);
    expect(within(cmp).getByText('Incluídos na atual (1)')).toBeTruthy();
    expect(within(cmp).getByText('Removidos desde a versão 1 (1)')).toBeTruthy();
    expect(within(cmp).getByText('nova.png')).toBeTruthy();
    expect(within(cmp).getByText('antiga.png')).toBeTruthy();
  });

  it('offers no restore to a member who may not write', () => {
    wrap(<VersionsList pieceId="p1" versions={[version(2, 'a'), version(1, 'b')]} mayWrite={false} />);
    expect(screen.queryByRole('button', { name: 'Restaurar' })).toBeNull();
  });
});

describe('ApprovalPanel', () => {
  it('asks for changes with the comment, and shows a new client link once', async () => {
    const user = userEvent.setup();
    route = (c) => {
      if (c.url.endsWith('/decision')) return { status: 'producao', waitingForClient: false };
      if (c.url.endsWith('/approval-links')) return { url: 'http://sede.test/aprovacao/abc', link: { id: 'l1', status: 'ativo', expiresAt: '2026-12-01T12:00:00Z', createdAt: '2026-11-24T12:00:00Z', createdByName: 'Bia' } };
      return {};
    };
    wrap(<ApprovalPanel piece={piece} review={review({ versions: [version(1, 'Texto')] })} mayWrite />);
    await user.type(screen.getByLabelText('Comentário da revisão'), 'Troque a foto');
    await user.click(screen.getByRole('button', { name: 'Pedir alterações' }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith('/decision'))?.body).toEqual({ decision: 'alteracoes', comment: 'Troque a foto' }));
    await user.click(screen.getByRole('button', { name: 'Gerar link de aprovação' }));
    expect(await screen.findByDisplayValue('http://sede.test/aprovacao/abc')).toBeTruthy();
  });

  it('says when the client must approve, and shows the client’s decision in the history', () => {
    wrap(
      <ApprovalPanel
        piece={piece}
        review={review({ clientApproval: true, approvals: [{ id: 'a1', decision: 'aprovado', comment: 'Ótimo', source: 'cliente', reviewerName: 'Marina', versionNumber: 1, createdAt: '2026-11-24T12:00:00Z' }] })}
        mayWrite={false}
      />,
    );
    expect(screen.getByTestId('client-approval-state').textContent).toMatch(/só pode ser aprovada ou agendada depois da aprovação do cliente/);
    expect(screen.getByText('Aprovado pelo cliente')).toBeTruthy();
    expect(screen.getByText(/Marina/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Aprovar' })).toBeNull();
  });
});
