import { queryOptions } from '@tanstack/react-query';
import type { PermissionSet } from '@sede/shared/permissions';
import { api, ApiError } from '../../../lib/api-client.ts';

export type MeProfile = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  cpf: string | null;
  company_id: string | null;
  onboarding_completed: boolean | null;
  currency_amount: number | null;
};

export type MeCompany = {
  id: string;
  name: string;
  cnpj: string;
  fantasia: string | null;
  situacao: string | null;
  atividade_principal: string | null;
  onboarding_completed: boolean;
  plan_type: string | null;
  currency_amount: number;
  subscription_status: string;
  trial_ends_at: string | null;
};

export type Me = {
  user: { id: string; email: string; emailVerified: boolean; firstName: string; lastName: string; image: string | null };
  profile: MeProfile | null;
  company: MeCompany | null;
  membership: { role: string; customPermissions: string[] } | null;
  permissions: PermissionSet;
};

export const meQueryKey = ['me'] as const;

/** The signed-in bootstrap; null when nobody is signed in (a 401 is an answer, not an error). */
export async function getMe(): Promise<Me | null> {
  try {
    return await api<Me>('/me');
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return null;
    throw e;
  }
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meQueryKey, queryFn: getMe, staleTime: 30_000, gcTime: 15 * 60_000, retry: 1 });
