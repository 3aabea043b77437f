import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StatementLinesPage, StatementOptions } from '@sede/shared/finance/statements-schemas';
import { fakeApi, renderWithProviders } from '../../../../test/render.tsx';
import StatementsTab from './statements-tab.tsx';

let page: StatementLinesPage;
let api: ReturnType<typeof fakeApi>;

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
  page = PAGE;
  api = fakeApi({
    'GET /finance/statements/options': OPTIONS,
    'GET /finance/statements/lines': (call) => (call.query.has('cursor') ? { ...PAGE, lines: [line({ id: 'l3', memo: 'LINHA ANTIGA' })], nextCursor: null } : page),
    'GET /finance/statements/imports': { imports: IMPORTS },
    'GET /ai/status': { platform: true },
    'POST /finance/statements/lines/*/confirm': { ok: true },
    'POST /finance/statements/lines/*/entry': { ok: true, entryId: 'new', paymentId: 'p' },
    'POST /finance/statements/lines/confirm-suggested': { confirmed: 1, skipped: 0 },
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrap = () => renderWithProviders(<StatementsTab />, { route: '/financeiro?aba=extratos' });
const posted = () => api.calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }));

describe('StatementsTab', () => {
  it('confirms a suggested match in one click', async () => {
    const { user } = wrap();
    const luz = await screen.findByRole('listitem', { name: /PAG CONTA LUZ/ });
    expect(within(luz).getByText('Conta de luz')).toBeTruthy();
    await user.click(within(luz).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(posted()).toEqual([{ path: '/finance/statements/lines/l1/confirm', body: { type: 'entry', id: 'e1' } }]));
  });

  it('creates a payable for an unmatched line with the suggested category preselected, offering only expense categories', async () => {
    const { user } = wrap();
    const tarifa = await screen.findByRole('listitem', { name: /TARIFA PACOTE/ });
    await user.click(within(tarifa).getByRole('button', { name: 'Criar conta a pagar' }));
    const select = within(tarifa).getByLabelText('Categoria') as HTMLSelectElement;
    expect(select.value).toBe('cat-tarifa');
    expect([...select.options].map((o) => o.value)).toEqual(['', 'cat-tarifa', 'cat-luz']);
    await user.click(within(tarifa).getByRole('button', { name: 'Criar lançamento' }));
    await waitFor(() => expect(posted()).toEqual([{ path: '/finance/statements/lines/l2/entry', body: { categoryId: 'cat-tarifa' } }]));
  });

  it('bulk-confirms every line with a suggestion', async () => {
    const { user } = wrap();
    await user.click(await screen.findByRole('button', { name: 'Confirmar todas as sugestões (1)' }));
    await waitFor(() => expect(posted()).toEqual([{ path: '/finance/statements/lines/confirm-suggested', body: { lineIds: ['l1'] } }]));
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
    const { user } = wrap();
    await user.click(await screen.findByRole('button', { name: 'Carregar mais' }));
    expect(await screen.findByRole('listitem', { name: /LINHA ANTIGA/ })).toBeTruthy();
    expect(api.callsTo('GET /finance/statements/lines').some((c) => c.query.get('cursor') === '2024-05-10|00000000-0000-4000-8000-000000000001')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Carregar mais' })).toBeNull();
    expect(api.unexpected).toEqual([]);
  });
});
