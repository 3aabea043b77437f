import { CheckCircle2 } from 'lucide-react';
import { formatCnpj } from '@sede/shared/cnpj-format';
import { joinAddress, type CompanyLookupResult } from '@sede/shared/company';

/** The company the CNPJ lookup found: legal name, trade name, address, city/state. */
export function FoundCompanyCard({ company }: { company: CompanyLookupResult }) {
  const address = joinAddress([company.logradouro, company.numero, company.bairro]);
  const cityState = [company.municipio, company.uf].filter(Boolean).join('/');
  const rows: Array<[string, string | null, string]> = [
    ['Nome fantasia', company.nome_fantasia, 'found-fantasia'],
    ['Endereço', address, 'found-address'],
    ['Cidade/UF', cityState || null, 'found-city'],
  ];
  return (
    <section
      aria-labelledby="found-company-title"
      data-testid="found-company"
      className="rounded-[var(--radius-ui)] border border-emerald-200 bg-emerald-50/60 p-4"
    >
      <div className="flex items-start gap-3">
        <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
        <div className="min-w-0 flex-1">
          <p id="found-company-title" className="text-xs font-medium uppercase tracking-wide text-emerald-800">
            Empresa encontrada
          </p>
          <p className="mt-1 font-semibold break-words text-slate-900" data-testid="found-razao-social">
            {company.razao_social}
          </p>
          <p className="font-mono text-xs text-slate-600">{formatCnpj(company.cnpj)}</p>
          <dl className="mt-3 grid gap-2 text-sm">
            {rows.map(([label, value, testId]) => (
              <div key={label} className="grid gap-0.5 sm:grid-cols-[7.5rem_1fr] sm:gap-2">
                <dt className="text-slate-600">{label}</dt>
                <dd className="break-words text-slate-900" data-testid={testId}>
                  {value || <span className="text-slate-500">Não informado</span>}
                </dd>
              </div>
            ))}
          </dl>
          {company.situacao && company.situacao.toUpperCase() !== 'ATIVA' && (
            <p className="mt-3 rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900" data-testid="found-situacao">
              Situação na Receita Federal: {company.situacao}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
