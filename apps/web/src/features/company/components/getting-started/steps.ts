// The 'Primeiros passos' steps of /empresa, in order. Each area adds its own "first action"
// step to AREA_FIRST_STEPS when it lands (e.g. { id: 'comercial-first-lead', guard: 'comercial',
// title: 'Cadastre seu primeiro lead', href: '/comercial', done: (c) => c.counts.leads > 0 }):
// the panel shows the steps that apply to the person and checks the ones done.
import { PLANS, type PlanType } from '@sede/shared/constants';
import { hasAnyPermission, type GuardKey, type PermissionSet } from '@sede/shared/permissions';
import type { Me } from '../../../../lib/session/get-me.ts';

export type GettingStartedContext = {
  company: NonNullable<Me['company']>;
  profile: Me['profile'];
  permissions: PermissionSet;
  isAdmin: boolean;
  /** Members (the person included) and pending invitations; undefined while unknown or not an admin. */
  team?: { members: number; pendingInvitations: number };
  now: number;
};

export type GettingStartedStep = {
  id: string;
  title: string;
  description: string;
  /** Where the person does it; shown while the step is not done. */
  href: string;
  linkLabel: string;
  /** Only admins, or only people with one of these guard keys, see the step. */
  adminOnly?: boolean;
  guard?: GuardKey;
  done(ctx: GettingStartedContext): boolean | undefined;
};

const CORE_STEPS: GettingStartedStep[] = [
  {
    id: 'company',
    title: 'Empresa vinculada',
    description: 'Os dados da Receita Federal já estão no perfil da empresa.',
    href: '/empresa-perfil',
    linkLabel: 'Ver perfil da empresa',
    done: () => true,
  },
  {
    id: 'onboarding',
    title: 'Concluir a configuração inicial',
    description: 'Seu perfil, as áreas que quer automatizar e o plano.',
    href: '/onboarding',
    linkLabel: 'Continuar configuração',
    adminOnly: true,
    done: (c) => c.company.onboarding_completed,
  },
  {
    id: 'team',
    title: 'Convidar a equipe',
    description: 'Cada pessoa entra com a função dela e vê só o que precisa.',
    href: '/admin',
    linkLabel: 'Convidar pessoas',
    adminOnly: true,
    done: (c) => (c.team ? c.team.members > 1 || c.team.pendingInvitations > 0 : undefined),
  },
  {
    id: 'profile',
    title: 'Completar seu perfil',
    description: 'Nome, sobrenome e telefone para a equipe falar com você.',
    href: '/perfil',
    linkLabel: 'Completar perfil',
    done: (c) => Boolean(c.profile?.first_name && c.profile?.last_name && c.profile?.phone),
  },
];

/** The first action of each department area, added by the area when it lands. */
export const AREA_FIRST_STEPS: GettingStartedStep[] = [];

export function stepsFor(ctx: GettingStartedContext): { step: GettingStartedStep; done: boolean | undefined }[] {
  return [...CORE_STEPS, ...AREA_FIRST_STEPS]
    .filter((s) => (!s.adminOnly || ctx.isAdmin) && (!s.guard || hasAnyPermission(ctx.permissions, [s.guard])))
    .map((step) => ({ step, done: step.done(ctx) }));
}

const DAY_MS = 86_400_000;

/** 'Teste grátis: 12 dias restantes · Plano Mensal', or the plan alone once paying. */
export function trialLine(company: GettingStartedContext['company'], now: number): string {
  const plan = company.plan_type && company.plan_type in PLANS ? `Plano ${PLANS[company.plan_type as PlanType].label}` : 'Plano a escolher';
  const ends = company.trial_ends_at ? Date.parse(company.trial_ends_at) : NaN;
  if (company.subscription_status === 'trialing' && Number.isFinite(ends)) {
    const days = Math.max(0, Math.ceil((ends - now) / DAY_MS));
    const left = days === 0 ? 'termina hoje' : days === 1 ? '1 dia restante' : `${days} dias restantes`;
    return `Teste grátis: ${left} · ${plan}`;
  }
  return plan;
}

/** Dismissal is per person, in this browser (no preferences column on profiles: decision 0088). */
export const dismissedKey = (userId: string) => `sede:getting-started-dismissed:${userId}`;
