import { ArrowRight, Coins, Lock, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { formatCnpj } from '@sede/shared/cnpj';
import { hasAnyPermission } from '@sede/shared/permissions';
import { AREAS } from '@sede/shared/registry/areas';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { NAV_ICONS } from '../../../components/nav-icons.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { GettingStartedPanel } from '../components/getting-started/getting-started-panel.tsx';
import { CompanyCollaboration } from '../../../components/collaboration/company-collaboration.tsx';
import { Building2 } from 'lucide-react';

export default function CompanyPage() {
  const { company, permissions } = useAuth();
  if (!company) {
    return (
      <EmptyState
        icon={Building2}
        title="Você ainda não faz parte de uma empresa"
        description="Vincule sua empresa pelo CNPJ ou aceite o convite que um administrador enviou para o seu e-mail."
        action={
          <Button asChild>
            <Link to="/company-welcome">Vincular empresa</Link>
          </Button>
        }
      />
    );
  }
  return (
    // grid-cols-1 (minmax(0, 1fr)) keeps a long legal name from widening the page at 360 px.
    <div className="grid grid-cols-1 gap-6">
      <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <h2 className="break-words text-xl font-semibold text-slate-900" data-testid="company-name">{company.name}</h2>
          {company.fantasia && <p className="text-sm text-slate-700">Nome fantasia: <span data-testid="company-fantasia">{company.fantasia}</span></p>}
          <p className="text-sm text-slate-700">CNPJ: <span className="font-mono" data-testid="company-cnpj">{formatCnpj(company.cnpj)}</span></p>
          {hasAnyPermission(permissions, ['empresa_perfil']) && (
            <Button asChild variant="link" size="sm" className="mt-1 h-auto px-0">
              <Link to="/empresa-perfil" data-testid="company-profile-link">
                <Pencil aria-hidden /> Perfil da empresa
              </Link>
            </Button>
          )}
        </div>
        <div className="flex items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900">
          <Coins className="size-6" aria-hidden />
          <div>
            <p className="text-xs font-medium uppercase tracking-wide">Saldo de moedas</p>
            <p className="text-2xl font-semibold" data-testid="company-balance">{formatNumber(company.currency_amount)}</p>
          </div>
        </div>
      </Card>

      <GettingStartedPanel />
      <CompanyCollaboration companyId={company.id} />

      <section aria-labelledby="departments-title" className="grid gap-3">
        <h2 id="departments-title" className="text-base font-semibold text-slate-900">Departamentos</h2>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {/* The registry's areas, in its order: the sidebar's area entries are the same list (app/routes.test.ts). */}
          {AREAS.map((dept) => {
            const Icon = NAV_ICONS[dept.icon];
            const open = hasAnyPermission(permissions, [dept.guard]);
            const body = (
              <>
                <div className="flex items-center justify-between">
                  <span className={open ? 'rounded-lg bg-[var(--color-accent-soft)] p-2 text-[var(--color-accent)]' : 'rounded-lg bg-slate-100 p-2 text-slate-500'}>
                    <Icon className="size-5" aria-hidden />
                  </span>
                  {open ? <ArrowRight className="size-4 text-slate-500" aria-hidden /> : <Lock className="size-4 text-slate-500" aria-label="Bloqueado" />}
                </div>
                <h3 className="mt-3 font-semibold text-slate-900">{dept.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{open ? dept.description : 'Sua função não dá acesso a esta área.'}</p>
              </>
            );
            return (
              <li key={dept.key} data-testid={`dept-${dept.key}`} data-open={open}>
                {open ? (
                  <Link to={dept.path} className="block h-full rounded-xl border border-slate-200 bg-white p-4 transition-colors hover:border-[var(--color-accent)]">
                    {body}
                  </Link>
                ) : (
                  <div className="h-full rounded-xl border border-slate-200 bg-slate-50 p-4 opacity-80" aria-disabled="true">
                    {body}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}
