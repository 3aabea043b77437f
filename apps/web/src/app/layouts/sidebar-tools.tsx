import { ChevronDown, Wrench } from 'lucide-react';
import { useId, useState } from 'react';
import { useBrowserValue } from '../../lib/browser-value.ts';
import { useLocation } from 'react-router';
import { MEMBER_TOOLS, TOOL_GROUPS, toolsOf } from '@sede/shared/registry/tools';
import { NAV_ICONS } from '../../components/nav-icons.ts';
import { cn } from '../../lib/cn.ts';
import { NavItemLink } from './nav-item-link.tsx';

/** Where the section's open/closed choice is kept (per browser; both sidebars read it). */
export const TOOLS_SECTION_KEY = 'sede:nav-tools';

function readOpen() {
  try {
    return localStorage.getItem(TOOLS_SECTION_KEY) !== 'closed';
  } catch {
    return true;
  }
}

/**
 * The sidebar's 'Ferramentas' section: the nine tools the spec (§2) opens to every signed-in
 * member, whatever the role, grouped (decision 0140). A disclosure button opens and closes it
 * (kept in local storage); closed, it shows that the current page is one of its tools.
 */
export function SidebarTools({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  // Open on the server, as kept in this browser from the first render after (decision 0766).
  const kept = useBrowserValue(readOpen, true);
  const [chosen, setOpen] = useState<boolean | null>(null);
  const open = chosen ?? kept;
  const { pathname } = useLocation();
  const id = useId();
  const here = MEMBER_TOOLS.some((t) => t.path === pathname);
  const toggle = () => {
    const next = !open;
    setOpen(next);
    try {
      if (next) localStorage.removeItem(TOOLS_SECTION_KEY);
      else localStorage.setItem(TOOLS_SECTION_KEY, 'closed');
    } catch {
      /* private mode: the choice lasts for this page only */
    }
  };
  return (
    <div className="mt-2 border-t border-slate-200 pt-2" data-testid="nav-tools">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={toggle}
        title={collapsed ? 'Ferramentas' : undefined}
        className={cn(
          'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-semibold hover:bg-slate-100',
          !open && here ? 'bg-[var(--color-accent-soft)] text-[var(--color-accent)]' : 'text-slate-800',
        )}
      >
        <Wrench className="size-4 shrink-0" aria-hidden />
        <span className={cn('flex-1', collapsed && 'sr-only')}>Ferramentas</span>
        {!collapsed && <ChevronDown className={cn('size-4 shrink-0 transition-transform', !open && '-rotate-90')} aria-hidden />}
      </button>
      <div id={`${id}-list`} hidden={!open}>
        {TOOL_GROUPS.map((group) => (
          <div key={group.key}>
            <p id={`${id}-${group.key}`} className={collapsed ? 'sr-only' : 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600'}>
              {group.title}
            </p>
            <ul className="grid gap-0.5" aria-labelledby={`${id}-${group.key}`}>
              {toolsOf(group.key).map((tool) => (
                <NavItemLink key={tool.path} to={tool.path} title={tool.title} icon={NAV_ICONS[tool.icon]} collapsed={collapsed} onNavigate={onNavigate} />
              ))}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
