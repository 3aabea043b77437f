import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FinEntry } from '@sede/shared/finance/entries';
import type { FinRegisters } from '@sede/shared/finance/registers';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { SettleDialog } from './settle-dialog.tsx';

// Issue item 11: 'Pagar' on an overdue bill pays the amount due; interest and fine are a suggestion the user adds.
let posted: unknown[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (_input: string, init: RequestInit = {}) => {
    if (init.method === 'POST') posted.push(JSON.parse(String(init.body)));
    const body = init.method === 'POST' ? { entry: { status: 'paid', openCents: 0 } } : { ...overdue, payments: [] };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

// Due 60 days ago (some weekday), R$ 3.000,00 open.
const overdue = {
  id: 'e1',
  kind: 'payable',
  description: 'Aluguel',
  amountCents: 300_000,
  paidCents: 0,
  openCents: 300_000,
  dueDate: addDays(todayInBrazil(), -60),
  status: 'open',
  accountId: 'a1',
} as FinEntry;
const registers = { accounts: [{ id: 'a1', name: 'Itaú PJ', archived: false }], categories: [], costCenters: [] } as unknown as FinRegisters;
const total = () => screen.getByText(/^Total pago:/).textContent;

describe('SettleDialog', () => {
  it('an overdue bill is paid for the amount due unless the user adds the suggested interest and fine', async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SettleDialog entry={overdue} onClose={() => {}} registers={registers} canUndo={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByLabelText('Juros (R$)')).toHaveProperty('value', '0,00');
    expect(screen.getByLabelText('Multa (R$)')).toHaveProperty('value', '0,00');
    expect(total()).toBe('Total pago: R$\u00a03.000,00');
    const suggestion = screen.getByTestId('late-charges');
    expect(suggestion.textContent).toMatch(/dias de atraso/);
    expect(suggestion.textContent).toContain('multa de R$\u00a060,00 (2%)');

    await user.click(within(suggestion).getByRole('button', { name: 'Adicionar juros e multa' }));
    expect(screen.getByLabelText('Multa (R$)')).toHaveProperty('value', '60,00');
    expect((screen.getByLabelText('Juros (R$)') as HTMLInputElement).value).not.toBe('0,00');
    expect(screen.queryByTestId('late-charges')).toBeNull();

    // Taken back: the total is the amount due again, and that is what is sent.
    await user.type(screen.getByLabelText('Juros (R$)'), '0');
    await user.type(screen.getByLabelText('Multa (R$)'), '0');
    expect(total()).toBe('Total pago: R$\u00a03.000,00');
    await user.click(screen.getByRole('button', { name: 'Confirmar baixa' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ amountCents: 300_000, interestCents: 0, fineCents: 0, discountCents: 0 });
  });
});
