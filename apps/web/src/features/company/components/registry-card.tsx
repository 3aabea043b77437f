import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { toast } from '../../../lib/toast.ts';
import { formatCnpj } from '@sede/shared/cnpj-format';
import { COMPANY_MESSAGES, type CompanyDetails } from '@sede/shared/company';
import { Button } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRefreshCompany } from '../api/refresh-company.ts';

/** `YYYY-MM-DD` as dd/mm/yyyy without a time zone shift. */
const formatIsoDay = (value: string | null) => {
  const m = value && /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : value;
};

function SituacaoBadge({ value }: { value: string | null }) {
  if (!value) return <span className="text-slate-500">Não informada</span>;
  const active = value.toUpperCase() === 'ATIVA';
  return (
    <span
      className={
        active
          ? 'inline-flex rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200'
          : 'inline-flex rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200'
      }
    >
      {value}
    </span>
  );
}

/** Registration data from the Receita Federal, with the button that looks the CNPJ up again. */
export function RegistryCard({ company }: { company: CompanyDetails }) {
  const refresh = useRefreshCompany();
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: () => toast.success(COMPANY_MESSAGES.refreshed),
      onError: (e) => {
        if (e instanceof ApiError && e.status === 404) {
          toast.error(COMPANY_MESSAGES.notFound, { description: COMPANY_MESSAGES.notFoundDescription });
        } else {
          const d = e instanceof ApiError ? e.body?.description : undefined;
          toast.error(COMPANY_MESSAGES.searchError, { description: typeof d === 'string' ? d : COMPANY_MESSAGES.searchErrorDescription });
        }
      },
    });

  const rows: Array<[string, ReactNode, string]> = [
    ['CNPJ', <span key="cnpj" className="font-mono">{formatCnpj(company.cnpj)}</span>, 'profile-cnpj'],
    ['Razão social', company.razao_social ?? <span className="text-slate-500">Não informada</span>, 'profile-razao-social'],
    ['Situação', <SituacaoBadge key="situacao" value={company.situacao} />, 'profile-situacao'],
    ['Atividade principal', company.atividade_principal ?? <span className="text-slate-500">Não informada</span>, 'profile-atividade'],
    ['Data de abertura', formatIsoDay(company.data_abertura) ?? <span className="text-slate-500">Não informada</span>, 'profile-abertura'],
  ];

  return (
    <Card>
      <CardHeader className="gap-3 sm:flex sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle>Dados cadastrais</CardTitle>
          <CardDescription>Da Receita Federal, pelo CNPJ. O CNPJ identifica a empresa e não pode ser alterado.</CardDescription>
        </div>
        <Button variant="secondary" onClick={onRefresh} pending={refresh.isPending} data-testid="company-refresh" className="w-full sm:w-auto">
          {!refresh.isPending && <RefreshCw aria-hidden />}
          Atualizar pela Receita
        </Button>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          {rows.map(([label, value, testId]) => (
            <div key={label} className="grid gap-0.5 sm:grid-cols-[11rem_1fr] sm:gap-4">
              <dt className="text-slate-600">{label}</dt>
              <dd className="break-words text-slate-900" data-testid={testId}>{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
