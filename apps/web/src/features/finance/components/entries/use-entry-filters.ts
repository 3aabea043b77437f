import type { EntryKind } from '@sede/shared/finance/entries';
import { useMemo } from 'react';
import { patchParams, useUrlParams } from '../../../../lib/url-params.ts';
import type { EntryFilters } from '../../api/keys.ts';

/** URL parameter (pt-BR) → API filter. */
const PARAMS = { situacao: 'status', campo: 'dateField', de: 'from', ate: 'to', categoria: 'categoryId', conta: 'accountId', centro: 'costCenterId', busca: 'q', ordem: 'sort', sentido: 'order' } as const;
export type EntryParam = keyof typeof PARAMS;

/** The entries' filters kept in the URL: what the API gets, whether any is on, and how to change one. */
export function useEntryFilters(kind: EntryKind) {
  const [params, setParams] = useUrlParams();
  const filters: EntryFilters = useMemo(() => {
    const f: EntryFilters = { kind };
    for (const [p, key] of Object.entries(PARAMS)) f[key] = params.get(p) ?? undefined;
    return f;
  }, [params, kind]);
  const hasFilters = (Object.keys(PARAMS) as EntryParam[]).some((p) => p !== 'ordem' && p !== 'sentido' && params.get(p));
  const setValues = (values: Partial<Record<EntryParam, string>>) => setParams(patchParams(values), { replace: true });
  const clear = () => setParams({ aba: params.get('aba') ?? '' }, { replace: true });
  return { params, filters, hasFilters, set: (p: EntryParam, value: string) => setValues({ [p]: value }), setValues, clear };
}
