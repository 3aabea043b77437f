import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@sede/shared/platform/collaboration';
import { CommentThread } from './comment-thread.tsx';
import { fromBody, toBody } from './mention-textarea.tsx';
import { MyTasks } from './my-tasks.tsx';

vi.mock('../../lib/session/auth-provider.tsx', () => ({ useAuth: () => ({ user: { id: 'me' } }) }));

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let route: (call: Call) => unknown;

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = route(call);
    return new Response(answer === null ? '' : JSON.stringify(answer), { status: answer === null ? 204 : 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrap = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

const PEOPLE = [
  { userId: 'u1', name: 'Ana Souza' },
  { userId: 'u2', name: 'André Lima' },
];

describe('mention text', () => {
  it('turns picked names into tokens and back', () => {
    const body = toBody('Oi @Ana Souza e @André Lima, e @Ana', [
      { name: 'Ana Souza', userId: 'u1' },
      { name: 'André Lima', userId: 'u2' },
    ]);
    expect(body).toBe('Oi @[Ana Souza](u1) e @[André Lima](u2), e @Ana');
    expect(fromBody(body)).toEqual({ text: 'Oi @Ana Souza e @André Lima, e @Ana', mentions: [{ name: 'Ana Souza', userId: 'u1' }, { name: 'André Lima', userId: 'u2' }] });
  });
});

describe('CommentThread', () => {
  it('offers the company’s members after @, picks one with the keyboard and sends the mention', async () => {
    route = (c) => {
      if (c.url.startsWith('/api/comments/mentionable')) {
        const q = new URL(c.url, 'http://x').searchParams.get('q') ?? '';
        return { people: PEOPLE.filter((p) => p.name.toLowerCase().includes(q.toLowerCase())) };
      }
      if (c.method === 'POST') return { id: 'c1', body: (c.body as { body: string }).body };
      return { comments: [], nextCursor: null };
    };
    const user = userEvent.setup();
    wrap(<CommentThread entityType="company" entityId="co1" />);
    const box = screen.getByRole('combobox', { name: 'Novo comentário' });
    await user.type(box, 'Oi @an');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(2));
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('option')[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true');
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    await user.keyboard('{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Oi @André Lima ');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    // Esc closes the list without picking.
    await user.type(box, 'e @ana');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    await user.keyboard('{Escape}');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect((box as HTMLTextAreaElement).value).toBe('Oi @André Lima e @ana');
    await user.click(screen.getByRole('button', { name: 'Comentar' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/comments?entityType=company&entityId=co1');
    expect(post.body).toEqual({ body: 'Oi @[André Lima](u2) e @ana' });
  });
});

describe('MyTasks', () => {
  const task = (over: Partial<Task>): Task => ({
    id: 't1',
    title: 'Ligar para o cliente',
    description: '',
    kind: 'call',
    assignee: { id: 'me', name: 'Eu' },
    dueDate: '2026-11-20',
    overdue: true,
    doneAt: null,
    entityType: null,
    entityId: null,
    createdBy: 'me',
    createdAt: '2026-11-01T10:00:00Z',
    canEdit: true,
    canDelete: true,
    ...over,
  });

  it('shows a late task in words and completes it with its checkbox', async () => {
    let done = false;
    route = (c) => {
      if (c.method === 'PATCH') {
        done = (c.body as { done: boolean }).done;
        return task({ doneAt: '2026-11-25T10:00:00Z', overdue: false });
      }
      if (c.url.startsWith('/api/tasks/mine?scope=today')) return { tasks: done ? [] : [task({})] };
      if (c.url.startsWith('/api/comments/mentionable')) return { people: PEOPLE };
      return { tasks: [] };
    };
    const user = userEvent.setup();
    wrap(<MyTasks />);
    const checkbox = await screen.findByRole('checkbox', { name: 'Ligar para o cliente' });
    expect(screen.getByText('Atrasada · venceu em 20/11/2026')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hoje' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(checkbox);
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: '/api/tasks/t1', body: { done: true } }));
    await waitFor(() => expect(screen.getByText('Nada para hoje.')).toBeTruthy());
  });

  it('names the project a task belongs to, with a link to its board (decision 0423)', async () => {
    route = (c) => {
      if (c.url.startsWith('/api/tasks/mine?scope=today'))
        return { tasks: [task({ kind: 'task', entityType: 'project', entityId: 'p1', context: { kind: 'Projeto', name: 'Reforma da loja', path: '/projeto-kanban/p1' } })] };
      if (c.url.startsWith('/api/comments/mentionable')) return { people: PEOPLE };
      return { tasks: [] };
    };
    render(
      <MemoryRouter>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MyTasks />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    const link = await screen.findByRole('link', { name: 'Reforma da loja' });
    expect(link.getAttribute('href')).toBe('/projeto-kanban/p1');
    expect(link.parentElement?.textContent).toBe('Projeto: Reforma da loja');
  });
});
