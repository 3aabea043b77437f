import * as Tabs from '@radix-ui/react-tabs';
import { Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FINANCE_TABS, tabFrom } from '../tabs.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

/** /financeiro: the area's screens as tabs whose state is in the URL, so any of them can be linked and reloaded. */
export default function FinanceiroPage() {
  const [params, setParams] = useUrlParams();
  const tab = tabFrom(params.get('aba'));
  return (
    <div className="grid min-w-0 gap-4">
      <Tabs.Root value={tab} onValueChange={(value) => setParams({ aba: value })} className="grid min-w-0 gap-4">
        <Tabs.List aria-label="Financeiro" className="flex gap-1 overflow-x-auto border-b border-slate-200">
          {FINANCE_TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] data-[state=active]:border-[var(--color-accent)] data-[state=active]:text-[var(--color-accent)]"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {FINANCE_TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="min-w-0 focus-visible:outline-none">
            <Suspense fallback={<Spinner label="Carregando…" />}>
              <t.component />
            </Suspense>
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
