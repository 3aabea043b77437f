import { cn } from '../../lib/cn.ts';
import { Input } from './input.tsx';
import { OptionSelect, type SelectOption } from './option-select.tsx';
import { patchParams, useUrlParams } from '../../lib/url-params.ts';

export type FilterOption = SelectOption;

/** A select kept in the URL's `key`. */
export type FilterSelect = {
  key: string;
  /** The select's accessible name. */
  label: string;
  options: readonly FilterOption[];
  /** The first option, for no filter (the key absent): 'Todas as situações'. */
  all?: string;
  /** Without `all`: the option shown while the key is absent; choosing it removes the key (a default order). */
  fallback?: string;
};

/**
 * A list's filter bar (Jurídico's contracts, RH's employees): a search box and selects whose
 * values live in the URL's query, each change replacing the history entry; an empty value
 * removes its key. The page reads the same keys with `useSearchParams` to query its list.
 */
export function FilterBar({
  label,
  search,
  selects,
  className,
}: {
  /** The bar's accessible name: 'Filtros de contratos'. */
  label: string;
  /** The text search, kept in `key` (default `q`); its label is also its placeholder. */
  search: { key?: string; label: string; className?: string };
  selects: readonly FilterSelect[];
  /** The grid's columns. */
  className?: string;
}) {
  const [params, setParams] = useUrlParams();
  const set = (key: string, value: string) => setParams(patchParams({ [key]: value }), { replace: true });
  const searchKey = search.key ?? 'q';
  return (
    <search className={cn('grid gap-2', className)} aria-label={label}>
      <Input className={search.className} type="search" aria-label={search.label} placeholder={search.label} defaultValue={params.get(searchKey) ?? undefined} onChange={(e) => set(searchKey, e.target.value)} />
      {selects.map((s) => (
        <OptionSelect
          key={s.key}
          aria-label={s.label}
          options={s.options}
          none={s.all}
          value={params.get(s.key) ?? s.fallback ?? ''}
          onChange={(e) => set(s.key, s.fallback !== undefined && e.target.value === s.fallback ? '' : e.target.value)}
        />
      ))}
    </search>
  );
}

/** Options from a list of values and their labels (`CONTRACT_STATUSES`, `CONTRACT_STATUS_LABELS`). */
export const optionsOf = <V extends string>(values: readonly V[], labels: Record<V, string>): FilterOption[] => values.map((value) => ({ value, label: labels[value] }));
