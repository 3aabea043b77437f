import { Link } from 'react-router';
import { byCompanyPriority } from '@sede/shared/registry/priority';
import { TOOL_GROUPS, toolsOf } from '@sede/shared/registry/tools';
import { NAV_ICONS } from '../../../components/nav-icons.ts';
import { PriorityBadge } from './priority-badge.tsx';

/**
 * /empresa's 'Ferramentas': the nine tools the spec (§2) opens to every member, whatever the
 * role, by group (decision 0140); a group serving the company's onboarding answers comes first.
 */
export function ToolsSection({ onboardingAreas }: { onboardingAreas: readonly string[] }) {
  return (
    // Below the first screen: its layout and paint wait until it nears the viewport (decision 0772).
    <section aria-labelledby="tools-title" className="grid gap-3 [contain-intrinsic-size:auto_1300px] [content-visibility:auto] lg:[contain-intrinsic-size:auto_550px]" data-testid="company-tools">
      <div>
        <h2 id="tools-title" className="text-base font-semibold text-slate-900">Ferramentas</h2>
        <p className="text-sm text-slate-600">Disponíveis para todos os membros da empresa.</p>
      </div>
      {byCompanyPriority(TOOL_GROUPS, onboardingAreas).map(({ item: group, priority }) => (
        <div key={group.key} className="grid gap-2" data-testid={`tool-group-${group.key}`} data-priority={priority}>
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`tool-group-${group.key}`} className="text-sm font-semibold uppercase tracking-wide text-slate-700">{group.title}</h3>
            {priority && <PriorityBadge />}
          </div>
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" aria-labelledby={`tool-group-${group.key}`}>
            {toolsOf(group.key).map((tool) => {
              const Icon = NAV_ICONS[tool.icon];
              return (
                <li key={tool.path}>
                  <Link
                    to={tool.path}
                    data-testid={`tool-${tool.path.slice(1)}`}
                    className="flex h-full gap-3 rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-[var(--color-accent)]"
                  >
                    <span className="h-fit rounded-lg bg-[var(--color-accent-soft)] p-2 text-[var(--color-accent)]">
                      <Icon className="size-5" aria-hidden />
                    </span>
                    <span className="min-w-0">
                      <span className="block font-semibold text-slate-900">{tool.title}</span>
                      <span className="mt-1 block text-sm text-slate-600">{tool.description}</span>
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </section>
  );
}
