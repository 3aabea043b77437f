import type { ConnectComplete, Provider, Store } from '@sede/shared/ecommerce/schemas';
import { api } from '../../../lib/api-client.ts';

/** Where to send the person to approve Sede at the store. */
export const startConnection = (provider: Provider) => api<{ url: string }>(`/ecommerce/connections/${provider}/start`, { method: 'POST' });
/** The code and state the store sent back: the connection, its import started. */
export const completeConnection = (provider: string, body: ConnectComplete) => api<Store>(`/ecommerce/connections/${encodeURIComponent(provider)}/complete`, { method: 'POST', json: body });
export const syncStore = (id: string) => api<Store>(`/ecommerce/stores/${id}/sync`, { method: 'POST' });
export const disconnectStore = (id: string) => api<Store>(`/ecommerce/stores/${id}`, { method: 'DELETE' });
