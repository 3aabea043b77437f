import { Link } from 'react-router';
import { dayOf } from '@sede/shared/format';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useCompanyClosure } from '../api/company-closure.ts';

/** The admins' banner while the company's account is being closed (decision 0136). */
export function ClosureBanner() {
  const { company, permissions } = useAuth();
  const closure = useCompanyClosure(Boolean(company) && permissions.canAccessAdmin);
  const eraseAfter = closure.data?.eraseAfter;
  if (!eraseAfter || !permissions.canAccessAdmin) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900" data-testid="closure-banner">
      <span>A conta será encerrada em {dayOf(eraseAfter)}, e todos os dados da empresa serão apagados.</span>
      <Link to="/empresa-perfil#dados-da-empresa" className="font-medium underline underline-offset-4">
        Cancelar encerramento
      </Link>
    </div>
  );
}
