import { AlertTriangle } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useCurrentCompany } from '../api/get-current-company.ts';
import { CompanyDataCard } from '../components/company-data-card.tsx';
import { CompanyEditForm } from '../components/company-edit-form.tsx';
import { CompanyFilesCard } from '../components/company-files-card.tsx';
import { CompanySummaryCard } from '../components/company-summary-card.tsx';
import { RegistryCard } from '../components/registry-card.tsx';

function ProfileSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Carregando dados da empresa...">
      {[0, 1].map((i) => (
        <Card key={i} className="grid gap-3 p-6">
          <div className="h-5 w-40 animate-pulse rounded bg-slate-200" />
          <div className="h-4 w-full animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-3/4 animate-pulse rounded bg-slate-100" />
          <div className="h-4 w-1/2 animate-pulse rounded bg-slate-100" />
        </Card>
      ))}
    </div>
  );
}

/** /empresa-perfil (admins, spec §6): registration data, the edit form and the lookup refresh. */
export default function CompanyProfilePage() {
  const company = useCurrentCompany();
  if (company.isPending) return <ProfileSkeleton />;
  if (company.isError) {
    return (
      <EmptyState
        icon={AlertTriangle}
        title="Erro ao carregar dados da empresa"
        description="Não conseguimos abrir os dados da empresa agora. Tente novamente em alguns instantes."
        action={<Button onClick={() => void company.refetch()}>Tentar novamente</Button>}
      />
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6" data-testid="company-profile">
      <RegistryCard company={company.data} />
      <CompanyEditForm company={company.data} />
      <CompanyFilesCard companyId={company.data.id} />
      <CompanySummaryCard />
      <CompanyDataCard companyName={company.data.name} />
    </div>
  );
}
