import { Briefcase, Building2, FileText, FolderKanban, Landmark, Lock, Megaphone, Scale, Shield, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { DEPARTMENTS, type DepartmentKey } from '@sede/shared/departments';
import { hasAnyPermission } from '@sede/shared/permissions';
import { cn } from '../../lib/cn.ts';
import { useAuth } from '../../features/auth/auth-provider.tsx';

export const DEPARTMENT_ICONS: Record<DepartmentKey, LucideIcon> = {
  comercial: Briefcase,
  marketing: Megaphone,
  financeiro: Landmark,
  rh: Users,
  juridico: Scale,
  projetos: FolderKanban,
  documentacao: FileText,
  admin: Shield,
};

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium',
    isActive ? 'bg-[var(--color-accent-soft)] text-[var(--color-accent)]' : 'text-slate-700 hover:bg-slate-100',
  );

export function SidebarNav({ collapsed, companyName, onNavigate }: { collapsed: boolean; companyName?: string | null; onNavigate?: () => void }) {
  const { permissions } = useAuth();
  return (
    <nav className="flex-1 overflow-y-auto p-2">
      {companyName && !collapsed && <p className="truncate px-3 pb-2 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-600">{companyName}</p>}
      <ul className="grid gap-0.5">
        <li>
          <NavLink to="/empresa" className={itemClass} onClick={onNavigate} title={collapsed ? 'Empresa' : undefined}>
            <Building2 className="size-4 shrink-0" aria-hidden />
            <span className={cn(collapsed && 'sr-only')}>Empresa</span>
          </NavLink>
        </li>
        {DEPARTMENTS.map((dept) => {
          const Icon = DEPARTMENT_ICONS[dept.key];
          const open = hasAnyPermission(permissions, [dept.guard]);
          if (!open) {
            const why = `${dept.title}: sua função não dá acesso a esta área. Peça a um administrador.`;
            return (
              <li key={dept.key}>
                <span
                  className="flex cursor-not-allowed items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-500"
                  title={why}
                  aria-disabled="true"
                  tabIndex={0}
                  aria-label={why}
                >
                  <Icon className="size-4 shrink-0" aria-hidden />
                  {!collapsed && <span className="flex-1">{dept.title}</span>}
                  <Lock className="size-3.5 shrink-0" aria-hidden />
                </span>
              </li>
            );
          }
          return (
            <li key={dept.key}>
              <NavLink to={dept.path} className={itemClass} onClick={onNavigate} title={collapsed ? dept.title : undefined}>
                <Icon className="size-4 shrink-0" aria-hidden />
                <span className={cn(collapsed && 'sr-only')}>{dept.title}</span>
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
