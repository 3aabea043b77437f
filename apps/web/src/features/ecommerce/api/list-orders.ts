import type { OrderPage } from '@sede/shared/ecommerce/schemas';
import { api } from '../../../lib/api-client.ts';
import { pageUrl, useCursorPages } from '../../../lib/cursor-pages.ts';
import { ecommerceKeys, type OrderFilters } from './keys.ts';

export const listOrders = (f: OrderFilters, cursor?: string | null) => api<OrderPage>(pageUrl('/ecommerce/orders', f, cursor));

/** The orders page by page (cursor), 50 at a time, newest first. */
export const useOrders = (f: OrderFilters) =>
  useCursorPages(ecommerceKeys.orderList(f), (cursor) => listOrders(f, cursor));
