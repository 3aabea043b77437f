import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';

/** A sidebar link's classes; the current route is highlighted (NavLink also sets aria-current="page"). */
const navItemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
    isActive ? 'bg-[var(--color-accent-soft)] text-[var(--color-accent)]' : 'text-slate-700 hover:bg-slate-100',
  );

/** One sidebar link (an area or a tool): icon and title, the title only for screen readers and on hover when collapsed. */
export function NavItemLink({ to, title, icon: Icon, collapsed, onNavigate }: { to: string; title: string; icon: LucideIcon; collapsed: boolean; onNavigate?: () => void }) {
  return (
    <li>
      <NavLink to={to} className={navItemClass} onClick={onNavigate} title={collapsed ? title : undefined}>
        <Icon className="size-4 shrink-0" aria-hidden />
        <span className={cn(collapsed && 'sr-only')}>{title}</span>
      </NavLink>
    </li>
  );
}
