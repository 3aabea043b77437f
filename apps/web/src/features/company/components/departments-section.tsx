import { ArrowRight, Lock } from 'lucide-react';
import { Link } from 'react-router';
import { allows, type PermissionSet } from '@sede/shared/permissions';
import { areaAccess, AREAS } from '@sede/shared/registry/areas';
import type { Membership } from '@sede/shared/registry/permissions';
import { byCompanyPriority } from '@sede/shared/registry/priority';
import { NAV_ICONS } from '../../../components/nav-icons.ts';
import { cn } from '../../../lib/cn.ts';
import { PriorityBadge } from './priority-badge.tsx';

/**
 * /empresa's department cards: the registry's areas (the sidebar's area entries are the same
 * list, app/routes.test.ts), the ones serving the company's onboarding answers first and
 * marked 'Prioridade da empresa', the rest after (decision 0141). Locked areas stay visible.
 */
export function DepartmentsSection({ permissions, membership, onboardingAreas }: { permissions: PermissionSet; membership: Membership; onboardingAreas: readonly string[] }) {
  const ordered = byCompanyPriority(AREAS, onboardingAreas);
  const anyPriority = ordered.some((o) => o.priority);
  return (
    // Below the first screen: its layout and paint wait until it nears the viewport (decision 0772).
    <section aria-labelledby="departments-title" className="grid gap-3 [contain-intrinsic-size:auto_1400px] [content-visibility:auto] lg:[contain-intrinsic-size:auto_540px]">
      <div>
        <h2 id="departments-title" className="text-base font-semibold text-slate-900">Departamentos</h2>
        {anyPriority && <p className="text-sm text-slate-600">Primeiro, as áreas que a empresa escolheu automatizar.</p>}
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {ordered.map(({ item: dept, priority }) => {
          const Icon = NAV_ICONS[dept.icon];
          const open = allows(permissions, membership, [areaAccess(dept)]);
          const body = (
            <>
              <div className="flex items-center justify-between gap-2">
                <span className={open ? 'rounded-lg bg-[var(--color-accent-soft)] p-2 text-[var(--color-accent)]' : 'rounded-lg bg-slate-100 p-2 text-slate-500'}>
                  <Icon className="size-5" aria-hidden />
                </span>
                {open ? <ArrowRight className="ml-auto size-4 shrink-0 text-slate-500" aria-hidden /> : <Lock className="ml-auto size-4 shrink-0 text-slate-500" aria-label="Bloqueado" />}
              </div>
              {priority && (
                <div className="mt-3">
                  <PriorityBadge />
                </div>
              )}
              <h3 className={cn('font-semibold text-slate-900', priority ? 'mt-1.5' : 'mt-3')}>{dept.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{open ? dept.description : 'Sua função não dá acesso a esta área.'}</p>
            </>
          );
          const frame = priority ? 'border-amber-300' : 'border-slate-200';
          return (
            <li key={dept.key} data-testid={`dept-${dept.key}`} data-open={open} data-priority={priority}>
              {open ? (
                <Link to={dept.path} className={cn('block h-full rounded-xl border bg-white p-4 transition-colors hover:border-[var(--color-accent)]', frame)}>
                  {body}
                </Link>
              ) : (
                <div className={cn('h-full rounded-xl border bg-slate-50 p-4 opacity-80', frame)} aria-disabled="true">
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
