import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatementLinesPage, StatementOptions } from '@sede/shared/finance/statements-schemas';
import StatementsTab from './statements-tab.tsx';

vi.mock('../../../lib/session/auth-provider.tsx', () => ({ useAuth: () => ({ user: { id: 'me' }, company: { id: 'co1', currency_amount: 10 } }) }));

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let page: StatementLinesPage;

const OPTIONS: StatementOptions = {
  accounts: [{ id: 'acc1', name: 'Itaú PJ', bankCode: '341', accountNumber: '12345' }],
  categories: [
    { id: 'cat-in', name: 'Vendas', kind: 'income', dreGroup: 'receita_bruta' },
    { id: 'cat-tarifa', name: 'Tarifas bancárias', kind: 'expense', dreGroup: 'despesas_financeiras' },
    { id: 'cat-luz', name: 'Energia', kind: 'expense', dreGroup: 'despesas_operacionais' },
  ],
};
const line = (o: Partial<StatementLinesPage['lines'][number]>): StatementLinesPage['lines'][number] => ({
  id: 'l',
  importId: 'i1',
  accountId: 'acc1',
  postedDate: '2024-05-10',
  amountCents: -1000,
  fitId: null,
  memo: 'X',
  payee: null,
  status: 'pending',
  matchedEntryId: null,
  matchedPaymentId: null,
  matchedDescription: null,
  suggestedCategoryId: null,
  suggestion: null,
  ...o,
});
const PAGE: StatementLinesPage = {
  lines: [
    line({ id: 'l1', memo: 'PAG CONTA LUZ', amountCents: -25000, suggestion: { type: 'entry', id: 'e1', entryId: 'e1', kind: 'payable', description: 'Conta de luz', date: '2024-05-09', amountCents: 25000, daysApart: 1 } }),
    line({ id: 'l2', memo: 'TARIFA PACOTE', amountCents: -3990, suggestedCategoryId: 'cat-tarifa' }),
  ],
  nextCursor: null,
  counts: { pending: 2, matched: 0, created: 0, ignored: 0 },
};

const IMPORTS = [
  { id: 'i2', accountId: 'acc1', format: 'csv', fileName: 'extrato-itau.csv', totalLines: 3, importedLines: 3, startDate: '2024-02-01', endDate: '2024-02-02', balance: { date: '2024-02-02', bankCents: 1_241_010, sedeCents: 1_000_000, differenceCents: 241_010 }, createdByName: 'Ana', createdAt: '2024-02-03T12:00:00Z' },
];

beforeEach(() => {
  calls = [];
  page = PAGE;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = call.url.startsWith('/api/finance/statements/options')
      ? OPTIONS
      : call.url.startsWith('/api/finance/statements/lines?')
        ? call.url.includes('cursor=')
          ? { ...PAGE, lines: [line({ id: 'l3', memo: 'LINHA ANTIGA' })], nextCursor: null }
          : page
        : call.url.startsWith('/api/finance/statements/imports')
          ? { imports: IMPORTS }
        : call.url.startsWith('/api/ai/status')
          ? { platform: true }
          : { ok: true, entryId: 'new', paymentId: 'p', confirmed: 1, skipped: 0 };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrap = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={['/financeiro?aba=extratos']}>
        <StatementsTab />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('StatementsTab', () => {
  it('confirms a suggested match in one click', async () => {
    const user = userEvent.setup();
    wrap();
    const luz = await screen.findByRole('listitem', { name: /PAG CONTA LUZ/ });
    expect(within(luz).getByText('Conta de luz')).toBeTruthy();
    await user.click(within(luz).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/finance/statements/lines/l1/confirm', body: { type: 'entry', id: 'e1' } }));
  });

  it('creates a payable for an unmatched line with the suggested category preselected, offering only expense categories', async () => {
    const user = userEvent.setup();
    wrap();
    const tarifa = await screen.findByRole('listitem', { name: /TARIFA PACOTE/ });
    await user.click(within(tarifa).getByRole('button', { name: 'Criar conta a pagar' }));
    const select = within(tarifa).getByLabelText('Categoria') as HTMLSelectElement;
    expect(select.value).toBe('cat-tarifa');
    expect([...select.options].map((o) => o.value)).toEqual(['', 'cat-tarifa', 'cat-luz']);
    await user.click(within(tarifa).getByRole('button', { name: 'Criar lançamento' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/finance/statements/lines/l2/entry', body: { categoryId: 'cat-tarifa' } }));
  });

  it('bulk-confirms every line with a suggestion', async () => {
    const user = userEvent.setup();
    wrap();
    await user.click(await screen.findByRole('button', { name: 'Confirmar todas as sugestões (1)' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')).toEqual({ method: 'POST', url: '/api/finance/statements/lines/confirm-suggested', body: { lineIds: ['l1'] } }));
  });

  it("shows the bank's balance of the latest statement, Sede's balance on that day and the difference (issue item 12)", async () => {
    wrap();
    const card = await screen.findByTestId('statement-balance');
    expect(within(card).getByText('Saldo no banco em 02/02/2024').nextElementSibling?.textContent).toBe('R$\u00a012.410,10');
    expect(within(card).getByText('Saldo no Sede na mesma data').nextElementSibling?.textContent).toBe('R$\u00a010.000,00');
    expect(within(card).getByText('Diferença').nextElementSibling?.textContent).toBe('R$\u00a02.410,10');
    const history = await screen.findByTestId('import-history');
    expect(within(history).getByRole('columnheader', { name: 'Saldo do banco' })).toBeTruthy();
  });

  it('loads the next page of lines with the cursor', async () => {
    page = { ...PAGE, nextCursor: '2024-05-10|00000000-0000-4000-8000-000000000001' };
    const user = userEvent.setup();
    wrap();
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('listitem', { name: /LINHA ANTIGA/ })).toBeTruthy();
    expect(calls.some((c) => c.url.includes('cursor=2024-05-10%7C00000000-0000-4000-8000-000000000001'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
  });
});
