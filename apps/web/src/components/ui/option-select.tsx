import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';
import { inputClass } from './input.tsx';

/** A choice; `optionsOf(VALUES, LABELS)` (filter-bar.tsx) makes them from fixed values and their pt-BR labels. */
export type SelectOption = { value: string; label: string };

/** A native select of its options ('Situação', a file, a candidate); `none` adds an empty first choice ('Escolha a vaga'). */
export function OptionSelect({ options, none, className, ...props }: { options: readonly SelectOption[]; none?: string } & Omit<ComponentProps<'select'>, 'children'>) {
  return (
    <select className={cn(inputClass, className)} {...props}>
      {none !== undefined && <option value="">{none}</option>}
      <Options options={options} />
    </select>
  );
}

/** A select of fixed values shown by their pt-BR labels ('Aparece em', 'Tipo'); `onChange` gets the chosen value, typed. */
export function EnumSelect<V extends string>({ values, labels, value, onChange, ...props }: { values: readonly V[]; labels: Record<V, string>; value: V; onChange: (value: V) => void } & Omit<ComponentProps<'select'>, 'children' | 'value' | 'onChange'>) {
  return <OptionSelect options={values.map((v) => ({ value: v, label: labels[v] }))} value={value} onChange={(e) => onChange(e.target.value as V)} {...props} />;
}

/** Just the `<option>`s, for a select styled its own way (a compact filter in a panel's heading). */
export function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((o) => (
    <option key={o.value} value={o.value}>
      {o.label}
    </option>
  ));
}
