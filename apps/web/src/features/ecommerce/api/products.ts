import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Overview, ProductPage, ProductPush, StoreProduct } from '@sede/shared/ecommerce/products';
import { api } from '../../../lib/api-client.ts';
import { pageUrl, useCursorPages } from '../../../lib/cursor-pages.ts';
import { ordersQuery } from './keys.ts';

export type ProductFilters = { q?: string; storeId?: string; match?: string };

/** TanStack Query keys of the catalogue and the overview (under the area's key, so its live events reach them). */
export const productKeys = {
  products: ['ecommerce', 'products'] as const,
  list: (f: ProductFilters) => ['ecommerce', 'products', 'list', f] as const,
  overview: (from: string, to: string) => ['ecommerce', 'overview', from, to] as const,
};

/** The stores' products by name, 50 at a time. */
export const useStoreProducts = (f: ProductFilters) =>
  useCursorPages(productKeys.list(f), (cursor) => api<ProductPage>(pageUrl('/ecommerce/products', f, cursor)));

/** 'Enviar para a loja': the price and stock sent to the store's platform (decision 0688). */
export const pushProduct = (id: string, body: ProductPush) => api<StoreProduct>(`/ecommerce/products/${id}/push`, { method: 'POST', json: body });

export const useOverview = (from: string, to: string) =>
  useQuery({
    queryKey: productKeys.overview(from, to),
    queryFn: () => api<Overview>(`/ecommerce/overview?${ordersQuery({ from, to })}`),
    placeholderData: keepPreviousData,
  });
