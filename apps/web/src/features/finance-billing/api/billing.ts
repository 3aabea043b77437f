import { useQuery } from '@tanstack/react-query';
import type { BilledEntry, BillingState, CustomerMoney } from '@sede/shared/finance/billing';
import type { NfseInvoice } from '@sede/shared/finance/nfse';
import { api } from '../../../lib/api-client.ts';
import { billingKeys } from './keys.ts';

type Origin = 'quote' | 'deal';
const base = (type: Origin, id: string) => `/finance/billing/${type === 'quote' ? 'quotes' : 'deals'}/${id}`;

export const useBillingState = (type: Origin, id: string, enabled: boolean) => useQuery({ queryKey: billingKeys.origin(type, id), queryFn: () => api<BillingState>(base(type, id)), enabled });
export const billOrigin = (type: Origin, id: string) => api<{ entry: BilledEntry; created: boolean }>(`${base(type, id)}/receivable`, { method: 'POST', json: {} });
export const invoiceOrigin = (type: Origin, id: string) => api<NfseInvoice>(`${base(type, id)}/invoice`, { method: 'POST', json: {} });

export const useCustomerMoney = (kind: 'organization' | 'person', id: string, enabled: boolean) =>
  useQuery({ queryKey: billingKeys.customer(kind, id), queryFn: () => api<CustomerMoney>(`/finance/billing/${kind === 'organization' ? 'organizations' : 'people'}/${id}`), enabled });
