import { useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@sede/shared/ecommerce/schemas';
import { api } from '../../../lib/api-client.ts';
import { ecommerceKeys } from './keys.ts';

export const getOrder = (id: string) => api<OrderDetail>(`/ecommerce/orders/${id}`);
export const useOrder = (id: string) => useQuery({ queryKey: ecommerceKeys.order(id), queryFn: () => getOrder(id) });
