import { filtersQuery } from '../../../lib/cursor-pages.ts';

/** TanStack Query keys of E-commerce. */
export type OrderFilters = { q?: string; storeId?: string; status?: string; payment?: string; from?: string; to?: string };

export const ecommerceKeys = {
  all: ['ecommerce'] as const,
  stores: ['ecommerce', 'stores'] as const,
  orders: ['ecommerce', 'orders'] as const,
  orderList: (f: OrderFilters) => ['ecommerce', 'orders', 'list', f] as const,
  order: (id: string) => ['ecommerce', 'orders', 'one', id] as const,
};

export const ordersQuery = (f: OrderFilters) => filtersQuery(f);
