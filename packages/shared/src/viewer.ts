import type { OnboardingArea } from './onboarding.ts';
import type { PermissionSet } from './permissions.ts';

/** The signed-in bootstrap (`GET /api/me`), as the server builds it and the web reads it. */
export type ViewerProfile = {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  cpf: string | null;
  company_id: string | null;
  onboarding_completed: boolean | null;
  /** Copied from the joined company (spec §3). */
  currency_amount: number | null;
};

export type ViewerCompany = {
  id: string;
  name: string;
  cnpj: string;
  fantasia: string | null;
  situacao: string | null;
  atividade_principal: string | null;
  onboarding_completed: boolean;
  /** The onboarding answers 'Quais áreas deseja automatizar?' (spec §3); /empresa shows these areas first. Empty before onboarding. */
  onboarding_areas: OnboardingArea[];
  plan_type: string | null;
  currency_amount: number;
  subscription_status: string;
  trial_ends_at: string | null;
};

export type Viewer = {
  user: { id: string; email: string; emailVerified: boolean; firstName: string; lastName: string; image: string | null };
  profile: ViewerProfile | null;
  company: ViewerCompany | null;
  membership: { role: string; customPermissions: string[] } | null;
  permissions: PermissionSet;
};
