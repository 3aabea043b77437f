import type { Deal } from '@sede/shared/crm/deals';
import type { Product, ProductCreate, Quote, QuoteCreate, QuoteStatus } from '@sede/shared/crm/quotes';
import { api } from '../../lib/api-client.ts';

/** Requests of /api/crm-quotes (decision 0160), shared by the deal panel and /comercial. */
export const crmQuoteKeys = {
  all: ['crm-quotes'] as const,
  products: (filter: string) => ['crm-quotes', 'products', filter] as const,
  quotes: (filter: { dealId?: string; status?: QuoteStatus }) => ['crm-quotes', 'quotes', filter] as const,
  deals: (q: string) => ['crm-quotes', 'deals', q] as const,
  deal: (id: string) => ['crm-quotes', 'deal', id] as const,
};

export type DealOption = { id: string; title: string; valueCents: number; status: string };

export const listProducts = (opts: { q?: string; active?: 'true' | 'false' | 'all' } = {}) => {
  const p = new URLSearchParams();
  if (opts.q) p.set('q', opts.q);
  if (opts.active) p.set('active', opts.active);
  return api<{ items: Product[] }>(`/crm-quotes/products?${p}`);
};
export const createProduct = (input: ProductCreate) => api<Product>('/crm-quotes/products', { method: 'POST', json: input });
export const updateProduct = (id: string, input: Partial<ProductCreate>) => api<Product>(`/crm-quotes/products/${id}`, { method: 'PATCH', json: input });
export const deleteProduct = (id: string) => api<{ success: true }>(`/crm-quotes/products/${id}`, { method: 'DELETE' });

export const listQuotes = (filter: { dealId?: string; status?: QuoteStatus }) => {
  const p = new URLSearchParams();
  if (filter.dealId) p.set('dealId', filter.dealId);
  if (filter.status) p.set('status', filter.status);
  return api<{ items: Quote[] }>(`/crm-quotes/quotes?${p}`);
};
export const createQuote = (dealId: string, input: QuoteCreate) => api<Quote>(`/crm-quotes/deals/${dealId}/quotes`, { method: 'POST', json: input });
export const updateQuote = (id: string, input: QuoteCreate) => api<Quote>(`/crm-quotes/quotes/${id}`, { method: 'PUT', json: input });
export const deleteQuote = (id: string) => api<{ success: true }>(`/crm-quotes/quotes/${id}`, { method: 'DELETE' });
export const sendQuote = (id: string, input: { to?: string; message?: string }) => api<Quote>(`/crm-quotes/quotes/${id}/send`, { method: 'POST', json: input });
export const answerQuote = (id: string, answer: 'aceito' | 'recusado', reason?: string) =>
  api<Quote>(`/crm-quotes/quotes/${id}/answer`, { method: 'POST', json: { answer, reason } });
/** The quote's deal: its client (to fill the form) and its value (to offer the quote's total). */
export const getDeal = (id: string) => api<Deal>(`/crm/deals/${id}`);
export const setDealValue = (id: string, valueCents: number) => api<Deal>(`/crm/deals/${id}`, { method: 'PATCH', json: { valueCents } });
export const searchDeals = (q: string) => api<{ items: DealOption[] }>(`/crm-quotes/deals${q ? `?q=${encodeURIComponent(q)}` : ''}`);
/** The PDF (a plain link: the browser downloads it with the session cookie). */
export const quotePdfUrl = (id: string) => `/api/crm-quotes/quotes/${id}/pdf`;
