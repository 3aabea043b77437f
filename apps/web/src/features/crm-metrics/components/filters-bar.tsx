import { useId } from 'react';
import type { MetricsOptions } from '@sede/shared/crm/metrics';
import { inputClass } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import type { PeriodPreset, useMetricsFilters } from '../lib/filters.ts';
import { NamedOptions } from '../../../components/ui/named-options.tsx';

type Props = { options: MetricsOptions; state: ReturnType<typeof useMetricsFilters> };

/** Period (presets or two months), pipeline and salesperson; every change goes to the URL. */
export function FiltersBar({ options, state }: Props) {
  const id = useId();
  const { filters, update, preset, applyPreset } = state;
  const label = 'text-sm font-medium text-slate-800';
  return (
    <section aria-label="Filtros das métricas" className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-3 lg:grid-cols-5" >
      <div className="col-span-2 grid gap-1.5 sm:col-span-1">
        <label htmlFor={`${id}-preset`} className={label}>
          Período
        </label>
        <select id={`${id}-preset`} className={inputClass} value={preset} onChange={(e) => applyPreset(e.target.value as PeriodPreset)}>
          <option value="last6">Últimos 6 meses</option>
          <option value="last12">Últimos 12 meses</option>
          <option value="year">Este ano</option>
          <option value="custom" disabled={preset !== 'custom'}>
            Personalizado
          </option>
        </select>
      </div>
      <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
        <label htmlFor={`${id}-from`} className={label}>
          De
        </label>
        <input id={`${id}-from`} type="month" className={inputClass} value={filters.from} max={filters.to} required onChange={(e) => e.target.value && update({ de: e.target.value })} />
      </div>
      <div className="col-span-2 grid min-w-0 gap-1.5 sm:col-span-1">
        <label htmlFor={`${id}-to`} className={label}>
          Até
        </label>
        <input id={`${id}-to`} type="month" className={inputClass} value={filters.to} min={filters.from} required onChange={(e) => e.target.value && update({ ate: e.target.value })} />
      </div>
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor={`${id}-pipeline`} className={label}>
          Funil
        </label>
        <select id={`${id}-pipeline`} className={cn(inputClass)} value={filters.pipelineId ?? ''} onChange={(e) => update({ funil: e.target.value })}>
          <option value="">Todos os funis</option>
          <NamedOptions items={options.pipelines} />
        </select>
      </div>
      <div className="grid min-w-0 gap-1.5">
        <label htmlFor={`${id}-owner`} className={label}>
          Vendedor
        </label>
        <select id={`${id}-owner`} className={inputClass} value={filters.ownerId ?? ''} onChange={(e) => update({ vendedor: e.target.value })}>
          <option value="">Toda a equipe</option>
          <NamedOptions items={options.owners} />
        </select>
      </div>
    </section>
  );
}
