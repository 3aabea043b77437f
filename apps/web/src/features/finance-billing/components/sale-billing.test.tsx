import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi, fakeAuth, renderWithProviders, status } from '../../../../test/render.tsx';
import { SaleBilling } from './sale-billing.tsx';

const ENTRY = { id: 'e9', description: 'Orçamento nº 3 — Site', amountCents: 480000, paidCents: 0, status: 'open', dueDate: '2026-12-10' };
const DETAIL = { ...ENTRY, kind: 'receivable', openCents: 480000, effectiveDueDate: '2026-12-10', competenceDate: '2026-12-03', displayStatus: 'open', payments: [] };

describe('SaleBilling', () => {
  it("'Cobrar' creates the receivable once, then opens its charge", async () => {
    let billed = false;
    const api = fakeApi({
      'GET /finance/billing/quotes/*': () => ({ entry: billed ? ENTRY : null, invoice: null }),
      'POST /finance/billing/quotes/*/receivable': () => {
        billed = true;
        return status(201, { entry: ENTRY, created: true });
      },
      'GET /finance/entries/*': DETAIL,
      'GET /finance/pix/entries/*/charge': { charge: null, link: null, customerEmail: null },
    });
    const { user } = renderWithProviders(<SaleBilling type="quote" id="q1" />);
    await user.click(await screen.findByRole('button', { name: 'Cobrar o orçamento' }));
    expect(await screen.findByTestId('charge-dialog')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/finance/billing/quotes/q1/receivable']);
    await waitFor(() => expect(screen.getByText('A receber')).toBeTruthy());
  });

  it('opens the receivable someone else created a moment before (409 with its id)', async () => {
    const api = fakeApi({
      'GET /finance/billing/deals/*': { entry: null, invoice: null },
      'POST /finance/billing/deals/*/receivable': status(409, { error: 'Já cobrado.', code: 'ALREADY_BILLED', entryId: 'e9' }),
      'GET /finance/entries/*': DETAIL,
      'GET /finance/pix/entries/*/charge': { charge: null, link: null, customerEmail: null },
    });
    const { user } = renderWithProviders(<SaleBilling type="deal" id="d1" />);
    await user.click(await screen.findByRole('button', { name: 'Cobrar o negócio' }));
    expect(await screen.findByTestId('charge-dialog')).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/finance/entries/e9')).toBe(true);
  });

  it('shows nothing to a member who does not read Financeiro', async () => {
    const api = fakeApi({});
    renderWithProviders(<SaleBilling type="deal" id="d1" />, { auth: fakeAuth({ role: 'vendas' }) });
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('sale-billing-deal')).toBeNull();
    expect(api.calls).toEqual([]);
  });
});
