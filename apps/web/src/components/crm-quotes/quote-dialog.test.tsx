import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuoteDialog } from './quote-dialog.tsx';

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    let answer: unknown = { items: [] };
    if (call.url.startsWith('/api/crm-quotes/products')) {
      answer = { items: [{ id: 'p1', name: 'Pão de forma', description: '', code: null, unit: 'pct', priceCents: 1290, active: true, createdAt: '', updatedAt: '' }] };
    }
    if (call.url === '/api/crm/deals/d2') {
      answer = { id: 'd2', title: 'Fornecimento', status: 'open', valueCents: 10_000, organizationId: 'o1', organizationName: 'Mercado Bom Preço', personId: 'pe1', personName: 'Ana Compras', contacts: [] };
    }
    if (call.method === 'POST') answer = { id: 'q1', number: 7, items: [], dealId: call.url.split('/')[4], totalCents: 3_000 };
    if (call.method === 'PATCH') answer = { id: 'd2', valueCents: 3_000 };
    return new Response(JSON.stringify(answer), { status: call.method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrap = (ui: ReactNode) => render(<QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>);

// Each test types a whole quote key by key: more than the default 5 s on a loaded machine.
describe('QuoteDialog', { timeout: 20_000 }, () => {
  it('fills an item from the catalogue, shows totals live and sends only what the server computes from', async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    wrap(<QuoteDialog open onOpenChange={() => {}} dealId="d1" onSaved={onSaved} />);
    const dialog = await screen.findByTestId('quote-dialog');
    const item = within(dialog).getAllByTestId('quote-item')[0]!;
    await waitFor(() => expect(within(item).getByRole('option', { name: /Pão de forma/ })).toBeTruthy());
    await user.selectOptions(within(item).getByLabelText('Produto ou serviço do catálogo'), 'p1');
    expect(within(item).getByLabelText('Descrição')).toHaveProperty('value', 'Pão de forma');
    expect(within(item).getByLabelText('Preço unitário (R$)')).toHaveProperty('value', '12,90');
    const quantity = within(item).getByLabelText('Quantidade');
    await user.clear(quantity);
    await user.type(quantity, '2,5');
    // 2,5 × 12,90 = 32,25
    expect(within(dialog).getByTestId('quote-total').textContent).toBe('R$\u00a032,25');
    await user.type(within(dialog).getByLabelText('Desconto no total (R$)'), '40');
    expect(within(dialog).getByTestId('quote-totals').textContent).toContain('O desconto é maior que o total do orçamento.');
    await user.clear(within(dialog).getByLabelText('Desconto no total (R$)'));
    await user.type(within(dialog).getByLabelText('Desconto no total (R$)'), '2,25');
    expect(within(dialog).getByTestId('quote-total').textContent).toBe('R$\u00a030,00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar orçamento' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/crm-quotes/deals/d1/quotes');
    expect(post.body).toMatchObject({
      discountCents: 225,
      items: [{ productId: 'p1', description: 'Pão de forma', unit: 'pct', quantityMilli: 2500, unitPriceCents: 1290, discountCents: 0 }],
    });
    expect(post.body).not.toHaveProperty('totalCents');
  });

  it("fills the client from the deal and, once saved, offers the quote's total as the deal's value", async () => {
    const user = userEvent.setup();
    const onSaved = vi.fn();
    wrap(<QuoteDialog open onOpenChange={() => {}} dealId="d2" onSaved={onSaved} />);
    const dialog = await screen.findByTestId('quote-dialog');
    await waitFor(() => expect(within(dialog).getByText('Mercado Bom Preço')).toBeTruthy());
    expect(within(dialog).getByText('Ana Compras')).toBeTruthy();
    const item = within(dialog).getAllByTestId('quote-item')[0]!;
    await user.type(within(item).getByLabelText('Descrição'), 'Consultoria');
    await user.type(within(item).getByLabelText('Preço unitário (R$)'), '30');
    await user.click(within(dialog).getByRole('button', { name: 'Criar orçamento' }));
    const ask = await screen.findByRole('dialog', { name: 'Usar R$\u00a030,00 como valor do negócio?' });
    expect(ask.textContent).toContain('vale hoje R$\u00a0100,00');
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ organizationId: 'o1', personId: 'pe1' });
    await user.click(within(ask).getByRole('button', { name: 'Atualizar o valor' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: '/api/crm/deals/d2', body: { valueCents: 3_000 } });
  });

  it('refuses a quantity with more than 3 decimals before calling the server', async () => {
    const user = userEvent.setup();
    wrap(<QuoteDialog open onOpenChange={() => {}} dealId="d1" />);
    const dialog = await screen.findByTestId('quote-dialog');
    const item = within(dialog).getAllByTestId('quote-item')[0]!;
    await user.type(within(item).getByLabelText('Descrição'), 'Serviço');
    await user.clear(within(item).getByLabelText('Quantidade'));
    await user.type(within(item).getByLabelText('Quantidade'), '1,2345');
    await user.type(within(item).getByLabelText('Preço unitário (R$)'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Criar orçamento' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', expect.stringContaining('Item 1: confira a quantidade'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
