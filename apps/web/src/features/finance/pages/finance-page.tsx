import { Suspense } from 'react';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { FINANCE_TABS } from '../tabs.ts';

/**
 * The tab at this address, loaded before the route renders: a page the server rendered hydrates it
 * with the rest in its first pass. Left to suspend, its part stayed the server's inert markup until
 * its code arrived, and what was clicked or chosen there meanwhile (a row's 'Editar', a statement's
 * file) was lost (decision 0769).
 */
export function firstViewReady() {
  if (typeof window === 'undefined') return undefined;
  const aba = new URLSearchParams(window.location.search).get('aba');
  return (FINANCE_TABS.find((t) => t.value === aba) ?? FINANCE_TABS[0]).code.ready();
}

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
            <t.code.Component />
          </Suspense>
        ),
      }))}
    />
  );
}
