import { useQuery } from '@tanstack/react-query';
import { CACHE } from '@sede/shared/constants';
import type { StoreList } from '@sede/shared/ecommerce/schemas';
import { api } from '../../../lib/api-client.ts';
import { ecommerceKeys } from './keys.ts';

export const listStores = () => api<StoreList>('/ecommerce/stores');
export const useStores = () => useQuery({ queryKey: ecommerceKeys.stores, queryFn: listStores, ...CACHE.dynamic });
