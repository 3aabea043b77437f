import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderPage } from '@sede/shared/ecommerce/schemas';
import { api } from '../../../lib/api-client.ts';
import { ecommerceKeys, type OrderFilters, ordersQuery } from './keys.ts';

export const listOrders = (f: OrderFilters, cursor?: string | null) => {
  const q = ordersQuery(f);
  if (cursor) q.set('cursor', cursor);
  return api<OrderPage>(`/ecommerce/orders${q.size ? `?${q}` : ''}`);
};

/** The orders page by page (cursor), 50 at a time, newest first. */
export const useOrders = (f: OrderFilters) =>
  useInfiniteQuery({
    queryKey: ecommerceKeys.orderList(f),
    queryFn: ({ pageParam }) => listOrders(f, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
