import * as RadixTabs from '@radix-ui/react-tabs';
import type { ReactNode } from 'react';
import { useUrlParams } from '../../lib/url-params.ts';

export type TabDef = { value: string; label: ReactNode; content: ReactNode };

/**
 * Tabs kept in the URL (`?aba=colaboradores`, decision 0432): a reload, a shared link and the
 * back button open the same tab. The first tab is the default and leaves the key out of the URL.
 * Changing tab drops the keys in `resets` (a detail open inside the previous tab), or every other
 * key with `resets="all"` (each tab's filters are its own).
 */
export function Tabs({ label, tabs, param = 'aba', value, resets = [] }: { label: string; tabs: readonly TabDef[]; param?: string; value?: string; resets?: readonly string[] | 'all' }) {
  const [params, setParams] = useUrlParams();
  const fallback = tabs[0]?.value ?? '';
  const fromUrl = params.get(param);
  const current = value ?? (tabs.some((t) => t.value === fromUrl) ? fromUrl! : fallback);
  const choose = (next: string) => {
    setParams((query) => {
      for (const key of resets === 'all' ? [...query.keys()] : resets) query.delete(key);
      if (next === fallback) query.delete(param);
      else query.set(param, next);
      return query;
    });
  };
  return (
    <RadixTabs.Root value={current} onValueChange={choose} className="grid min-w-0 gap-4">
      <RadixTabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((t) => (
          <RadixTabs.Trigger
            key={t.value}
            value={t.value}
            // The chosen tab is the list's tab stop from the server's markup on (Radix's roving focus
            // counts its tabs in effects, so before hydration no tab and not the list had a tab stop:
            // the keyboard skipped the tabs and axe flagged the scrolling list, decision 0769).
            tabIndex={t.value === current ? 0 : -1}
            className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)] data-[state=active]:border-[var(--color-accent)] data-[state=active]:text-[var(--color-accent)]"
          >
            {t.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((t) => (
        <RadixTabs.Content key={t.value} value={t.value} className="min-w-0 focus-visible:outline-none">
          {t.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
