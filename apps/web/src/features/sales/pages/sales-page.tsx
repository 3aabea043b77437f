import * as Tabs from '@radix-ui/react-tabs';
import { Briefcase } from 'lucide-react';
import { SALES_TABS, type SalesTab } from '@sede/shared/crm/sales';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { OverviewTab } from '../components/overview-tab.tsx';
import { ProductsTab } from '../components/products-tab.tsx';
import { QuotesTab } from '../components/quotes-tab.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { NeedsCompany } from '../../../components/ui/needs-company.tsx';

const LABELS: Record<SalesTab, string> = { 'visao-geral': 'Visão geral', produtos: 'Produtos e serviços', orcamentos: 'Orçamentos' };

/** /comercial: the area's overview, its catalogue and every quote, one tab each (`?aba=` in the URL, decision 0163). */
export default function SalesPage() {
  const { company } = useAuth();
  const [params, setParams] = useUrlParams();
  const raw = params.get('aba');
  const tab: SalesTab = (SALES_TABS as readonly string[]).includes(raw ?? '') ? (raw as SalesTab) : 'visao-geral';
  // The default permissions open /comercial to a person without a company: it asks for one first.
  if (!company) {
    return (
      <NeedsCompany
        icon={Briefcase}
        title="Comercial: vincule sua empresa primeiro"
        description="O Comercial mostra o funil, os orçamentos e as ferramentas de vendas da sua empresa. Vincule sua empresa pelo CNPJ ou aceite o convite que você recebeu por e-mail."
      />
    );
  }
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(v) => {
        setParams((next) => {
          if (v === 'visao-geral') next.delete('aba');
          else next.set('aba', v);
          return next;
        });
      }}
      className="grid grid-cols-1 gap-6"
    >
      <Tabs.List aria-label="Seções do Comercial" className="flex gap-0.5 overflow-x-auto border-b border-slate-200 sm:gap-1">
        {SALES_TABS.map((t) => (
          <Tabs.Trigger
            key={t}
            value={t}
            className="-mb-px whitespace-nowrap border-b-2 border-transparent px-2 py-2 text-sm sm:px-3 font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--color-accent)] data-[state=active]:border-[var(--color-accent)] data-[state=active]:text-slate-900"
          >
            {LABELS[t]}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      <Tabs.Content value="visao-geral" className="focus-visible:outline-none">
        <OverviewTab />
      </Tabs.Content>
      <Tabs.Content value="produtos" className="focus-visible:outline-none">
        <ProductsTab />
      </Tabs.Content>
      <Tabs.Content value="orcamentos" className="focus-visible:outline-none">
        <QuotesTab />
      </Tabs.Content>
    </Tabs.Root>
  );
}
