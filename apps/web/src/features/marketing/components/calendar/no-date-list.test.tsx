import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMemo } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PieceList, PieceView } from '@sede/shared/marketing/pieces';
import { marketingKeys } from '../../api/keys.ts';
import { usePiecePages } from '../../api/pieces.ts';
import { CalendarBoard } from './calendar-board.tsx';
import { loadedPieces } from './no-date-pages.ts';

const idea = (n: number): PieceView => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  clientId: 'c1',
  clientName: 'Loja',
  campaignId: null,
  campaignName: null,
  title: `Ideia ${n}`,
  channel: 'instagram',
  format: 'post',
  status: 'ideia',
  scheduledAt: null,
  brief: null,
  copy: null,
  hashtags: [],
  assigneeId: null,
  assigneeName: null,
  publishedUrl: null,
  createdAt: '2026-11-20T12:00:00Z',
  updatedAt: '2026-11-20T12:00:00Z',
});

/** The server's pages: 5 ideas, 2 a page, by cursor ('p2', 'p3'); `fail` makes the next page answer 500 once. */
let urls: string[] = [];
let fail = false;
const PAGES: Record<string, PieceList> = {
  '': { pieces: [idea(1), idea(2)], nextCursor: 'p2' },
  p2: { pieces: [idea(3), idea(4)], nextCursor: 'p3' },
  p3: { pieces: [idea(5)], nextCursor: null },
};

beforeEach(() => {
  urls = [];
  fail = false;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(String(input), 'http://sede.test');
    urls.push(url.pathname + url.search);
    const cursor = url.searchParams.get('cursor') ?? '';
    if (cursor && fail) {
      fail = false;
      return new Response(JSON.stringify({ error: 'Erro interno', code: 'INTERNAL' }), { status: 500, headers: { 'content-type': 'application/json' } });
    }
    return new Response(JSON.stringify(PAGES[cursor]), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const QUERY = { unscheduled: '1', limit: 2 } as const;

function Harness() {
  const noDate = usePiecePages(QUERY);
  const unscheduled = useMemo(() => loadedPieces(noDate.data), [noDate.data]);
  return (
    <CalendarBoard
      view="lista"
      from="2026-11-01"
      to="2026-11-30"
      month="2026-11-01"
      today="2026-11-25"
      pieces={[]}
      campaigns={[]}
      dates={[]}
      clientNames={new Map([['c1', 'Loja']])}
      unscheduled={unscheduled}
      noDatePaging={{ more: noDate.hasNextPage, loading: noDate.isFetchingNextPage, failed: noDate.isFetchNextPageError, pages: noDate.data?.pages.length ?? 0, onLoadMore: () => noDate.fetchNextPage() }}
      canWrite
      onMove={() => {}}
      onOpen={() => {}}
      onCreate={() => {}}
      onShowDay={() => {}}
    />
  );
}

const setup = () => {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <Harness />
    </QueryClientProvider>,
  );
  return qc;
};
const titles = () => within(screen.getByTestId('no-date-list')).getAllByTestId('calendar-piece').map((el) => el.textContent?.match(/Ideia \d+/)?.[0]);

describe("'Sem data' on the calendar", () => {
  it("loads the next pages on 'Carregar mais', with the count, focus on the first new idea, until the last", async () => {
    const user = userEvent.setup();
    setup();
    await waitFor(() => expect(titles()).toEqual(['Ideia 1', 'Ideia 2']));
    const status = screen.getByTestId('no-date-status');
    expect(status.textContent).toBe('Mostrando as 2 mais recentes.');
    expect(screen.getByTestId('no-date-count').textContent).toBe('2+');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(titles()).toEqual(['Ideia 1', 'Ideia 2', 'Ideia 3', 'Ideia 4']));
    expect(urls.at(-1)).toBe('/api/marketing/pieces?unscheduled=1&limit=2&cursor=p2');
    expect(status.textContent).toBe('Mostrando as 4 mais recentes.');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Ideia 3'));
    // Every loaded idea is draggable onto a day (dnd-kit's handle attributes).
    for (const el of within(screen.getByTestId('no-date-list')).getAllByTestId('calendar-piece')) expect(el.getAttribute('aria-roledescription')).toBe('peça arrastável');

    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(titles()).toEqual(['Ideia 1', 'Ideia 2', 'Ideia 3', 'Ideia 4', 'Ideia 5']));
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(screen.getByTestId('no-date-status').textContent).toBe('Todas as 5 ideias carregadas.');
    expect(screen.getByTestId('no-date-count').textContent).toBe('5');
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Ideia 5'));
  });

  it('a live refresh reloads every page loaded, so the loaded ideas stay', async () => {
    const user = userEvent.setup();
    const qc = setup();
    await waitFor(() => expect(titles()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    urls = [];
    // What useLiveInvalidate('marketing_piece', marketingKeys.pieces) does on an event.
    await qc.invalidateQueries({ queryKey: marketingKeys.pieces });
    await waitFor(() => expect(urls).toEqual(['/api/marketing/pieces?unscheduled=1&limit=2', '/api/marketing/pieces?unscheduled=1&limit=2&cursor=p2']));
    expect(titles()).toHaveLength(4);
  });

  it('says when a page failed and keeps the button to try again', async () => {
    const user = userEvent.setup();
    setup();
    await waitFor(() => expect(titles()).toHaveLength(2));
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(screen.getByTestId('no-date-status').textContent).toBe('Não foi possível carregar mais ideias. Tente de novo.'));
    expect(titles()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Carregar mais' }));
    await waitFor(() => expect(titles()).toHaveLength(4));
    expect(screen.getByTestId('no-date-status').textContent).toBe('Mostrando as 4 mais recentes.');
  });

  it('one page only: the count, no button', async () => {
    PAGES[''] = { pieces: [idea(1)], nextCursor: null };
    try {
      setup();
      await waitFor(() => expect(titles()).toEqual(['Ideia 1']));
      expect(screen.getByTestId('no-date-status').textContent).toBe('1 ideia.');
      expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    } finally {
      PAGES[''] = { pieces: [idea(1), idea(2)], nextCursor: 'p2' };
    }
  });
});
