import { Suspense } from 'react';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { FINANCE_TABS } from '../tabs.ts';

/** /financeiro: the area's screens as tabs whose state is in the URL, so any of them can be linked and reloaded; each tab's filters are its own. */
export default function FinancePage() {
  return (
    <Tabs
      label="Financeiro"
      resets="all"
      tabs={FINANCE_TABS.map((t) => ({
        value: t.value,
        label: t.label,
        content: (
          <Suspense fallback={<ListSkeleton label="Carregando…" />}>
            <t.component />
          </Suspense>
        ),
      }))}
    />
  );
}
