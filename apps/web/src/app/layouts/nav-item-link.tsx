import { cn } from '../../lib/cn.ts';

/** A sidebar link's classes; the current route is highlighted (NavLink also sets aria-current="page"). */
export const navItemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
    isActive ? 'bg-[var(--color-accent-soft)] text-[var(--color-accent)]' : 'text-slate-700 hover:bg-slate-100',
  );
