import { useQuery } from '@tanstack/react-query';
import type { PublicSigningView, SignInput } from '@sede/shared/esign/schemas';
import { api } from '../../../lib/api-client.ts';
import { esignKeys } from './keys.ts';

/** The signer's page (no account): the token is all it has. */
const base = (token: string) => `/public/assinaturas/sign/${encodeURIComponent(token)}`;

/** Read again every few seconds while the document is being finalised (decision 0623): the verification code appears once sealed. */
export const useSigning = (token: string) =>
  useQuery({ queryKey: esignKeys.signing(token), queryFn: () => api<PublicSigningView>(base(token)), retry: false, refetchOnWindowFocus: false, refetchInterval: (q) => (q.state.data?.finalizing ? 3000 : false) });
export const signingDocumentUrl = (token: string) => `/api${base(token)}/document`;
export const sendCode = (token: string) => api<{ sentTo: string; expiresAt: string }>(`${base(token)}/code`, { method: 'POST' });
export const confirmCode = (token: string, code: string) => api<{ confirmed: true }>(`${base(token)}/code/confirm`, { method: 'POST', json: { code } });
export const sign = (token: string, input: SignInput) => api<{ done: true }>(`${base(token)}/sign`, { method: 'POST', json: input });
export const refuse = (token: string, reason: string) => api<{ done: true }>(`${base(token)}/refuse`, { method: 'POST', json: { reason } });
