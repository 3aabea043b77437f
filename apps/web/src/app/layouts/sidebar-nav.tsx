import { Lock } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import * as Tooltip from '@radix-ui/react-tooltip';
import { useState } from 'react';
import { allows } from '@sede/shared/permissions';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { NAV_ICONS } from '../../components/nav-icons.ts';
import { NAV_ITEMS } from '../navigation.ts';
import { NavItemLink } from './nav-item-link.tsx';
import { SidebarTools } from './sidebar-tools.tsx';

export function SidebarNav({ collapsed, companyName, onNavigate }: { collapsed: boolean; companyName?: string | null; onNavigate?: () => void }) {
  const { permissions, membership } = useAuth();
  return (
    <Tooltip.Provider delayDuration={200}>
      <nav className="flex-1 overflow-y-auto p-2">
        {companyName && !collapsed && <p className="truncate px-3 pb-2 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{companyName}</p>}
        <ul className="grid gap-0.5">
          {NAV_ITEMS.map((item) => {
            const Icon = NAV_ICONS[item.icon];
            const open = !item.access || allows(permissions, membership, [item.access]);
            if (!open) {
              return (
                <li key={item.key}>
                  <LockedItem title={item.title} icon={Icon} collapsed={collapsed} />
                </li>
              );
            }
            return <NavItemLink key={item.key} to={item.path} title={item.title} icon={Icon} collapsed={collapsed} onNavigate={onNavigate} />;
          })}
        </ul>
        <SidebarTools collapsed={collapsed} onNavigate={onNavigate} />
      </nav>
    </Tooltip.Provider>
  );
}

const LOCKED_AREA_HINT = 'Sua função não dá acesso a esta área. Peça a um administrador.';

/**
 * A department the person's role does not open. It stays in the tab order so keyboard users
 * reach it, and the reason appears on hover, on focus and on tap (touch has no hover).
 */
function LockedItem({ title, icon: Icon, collapsed }: { title: string; icon: LucideIcon; collapsed: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Root open={open} onOpenChange={setOpen}>
      <Tooltip.Trigger asChild>
        <button
          type="button"
          aria-disabled="true"
          data-testid="locked-area"
          onClick={(e) => {
            e.preventDefault(); // Radix closes the tooltip on click; a tap should show it.
            setOpen(true);
          }}
          className="flex w-full cursor-not-allowed items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-500"
        >
          <Icon className="size-4 shrink-0" aria-hidden />
          <span className={cn('flex-1', collapsed && 'sr-only')}>{title}</span>
          <Lock className="size-3.5 shrink-0" aria-hidden />
        </button>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          // Below the item when the sidebar is wide (the drawer at 360 px has no room on the right).
          side={collapsed ? 'right' : 'bottom'}
          align={collapsed ? 'center' : 'start'}
          sideOffset={4}
          collisionPadding={8}
          className="z-50 max-w-60 rounded-md bg-slate-900 px-3 py-2 text-xs leading-snug text-white shadow-lg"
        >
          <strong className="font-semibold">{title}</strong>: {LOCKED_AREA_HINT}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
