import * as Tabs from '@radix-ui/react-tabs';
import { ArrowLeftRight, FileSpreadsheet, LayoutDashboard, TrendingUp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';

/*
 * TEMPORARY shell of /financeiro on engineer F's branch (engineer E's page and tabs shell win at
 * merge): it only mounts F's tabs, each a lazy chunk (recharts loads with them, never on
 * /auth or /empresa), the current tab in the URL (?aba=).
 */
const TABS = [
  { value: 'visao-geral', label: 'Visão geral', icon: LayoutDashboard, panel: lazy(() => import('../tabs/overview-tab.tsx')) },
  { value: 'fluxo-de-caixa', label: 'Fluxo de caixa', icon: TrendingUp, panel: lazy(() => import('../tabs/cash-flow-tab.tsx')) },
  { value: 'dre', label: 'DRE', icon: FileSpreadsheet, panel: lazy(() => import('../tabs/dre-tab.tsx')) },
  { value: 'extratos', label: 'Extratos e conciliação', icon: ArrowLeftRight, panel: lazy(() => import('../tabs/statements-tab.tsx')) },
] as const;

export default function FinancePage() {
  const [params, setParams] = useSearchParams();
  const current = TABS.find((t) => t.value === params.get('aba'))?.value ?? 'visao-geral';
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">Financeiro</h2>
        <p className="text-sm text-slate-600">Saldos, fluxo de caixa, DRE gerencial e conciliação dos extratos bancários.</p>
      </div>
      <Tabs.Root value={current} onValueChange={(v) => setParams(new URLSearchParams({ aba: v }))} className="grid gap-4">
        <Tabs.List aria-label="Financeiro" className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] data-[state=active]:border-[var(--color-accent)] data-[state=active]:text-[var(--color-accent)]"
            >
              <t.icon className="size-4" aria-hidden /> {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="focus-visible:outline-none">
            {t.value === current && (
              <Suspense fallback={<Spinner label="Carregando…" />}>
                <t.panel />
              </Suspense>
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
