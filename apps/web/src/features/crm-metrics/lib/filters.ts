import { useCallback, useMemo } from 'react';
import { addMonths, currentMonth, defaultPeriod, isMonth, type MetricsQuery } from '@sede/shared/crm/metrics';
import { useUrlParams } from '../../../lib/url-params.ts';

/**
 * /metricas' filters live in the URL (decision 0165): `?de=2026-01&ate=2026-06&funil=<id>&vendedor=<id>`,
 * so a view can be shared and survives a reload. Missing or invalid months fall back to the
 * default period (the current month and the five before it).
 */
export type PeriodPreset = 'last6' | 'last12' | 'year' | 'custom';

export function useMetricsFilters() {
  const [params, setParams] = useUrlParams();
  const filters = useMemo<Required<Pick<MetricsQuery, 'from' | 'to'>> & Pick<MetricsQuery, 'pipelineId' | 'ownerId'>>(() => {
    const fallback = defaultPeriod();
    const de = params.get('de') ?? '';
    const ate = params.get('ate') ?? '';
    let from = isMonth(de) ? de : fallback.from;
    let to = isMonth(ate) ? ate : fallback.to;
    if (from > to) [from, to] = [to, from];
    return { from: from!, to: to!, pipelineId: params.get('funil') || undefined, ownerId: params.get('vendedor') || undefined };
  }, [params]);

  const update = useCallback(
    (patch: Partial<{ de: string; ate: string; funil: string; vendedor: string }>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const preset: PeriodPreset = useMemo(() => {
    const now = currentMonth();
    if (filters.to !== now) return 'custom';
    if (filters.from === addMonths(now, -5)) return 'last6';
    if (filters.from === addMonths(now, -11)) return 'last12';
    if (filters.from === `${now.slice(0, 4)}-01`) return 'year';
    return 'custom';
  }, [filters]);

  const applyPreset = useCallback(
    (p: PeriodPreset) => {
      const now = currentMonth();
      if (p === 'last6') update({ de: addMonths(now, -5), ate: now });
      else if (p === 'last12') update({ de: addMonths(now, -11), ate: now });
      else if (p === 'year') update({ de: `${now.slice(0, 4)}-01`, ate: now });
    },
    [update],
  );

  return { filters, update, preset, applyPreset };
}
