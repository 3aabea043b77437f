import { Coins, Pencil } from 'lucide-react';
import { Link } from 'react-router';
import { formatCnpj } from '@sede/shared/cnpj-format';
import { hasAnyPermission } from '@sede/shared/permissions';
import { count } from '@sede/shared/format';
import { Card } from '../../../components/ui/card.tsx';
import { NeedsCompany } from '../../../components/ui/needs-company.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { DepartmentsSection } from '../components/departments-section.tsx';
import { GettingStartedPanel } from '../components/getting-started/getting-started-panel.tsx';
import { ToolsSection } from '../components/tools-section.tsx';
import { CompanyCollaboration } from '../../../components/collaboration/company-collaboration.tsx';
import { Building2 } from 'lucide-react';

export default function CompanyPage() {
  const { company, permissions, membership } = useAuth();
  if (!company) {
    return (
      <NeedsCompany
        icon={Building2}
        title="Você ainda não faz parte de uma empresa"
        description="Vincule sua empresa pelo CNPJ ou aceite o convite que um administrador enviou para o seu e-mail."
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
            <p className="text-2xl font-semibold" data-testid="company-balance">{count(company.currency_amount)}</p>
          </div>
        </div>
      </Card>

      <GettingStartedPanel />
      <CompanyCollaboration companyId={company.id} />

      <DepartmentsSection permissions={permissions} membership={membership} onboardingAreas={company.onboarding_areas ?? []} />

      <ToolsSection onboardingAreas={company.onboarding_areas ?? []} />
    </div>
  );
}
