import type { SelectHTMLAttributes } from 'react';
import { CHANNEL_LABELS, MARKETING_CHANNELS, PIECE_STATUS_LABELS, PIECE_STATUSES } from '@sede/shared/marketing/constants';
import { type FilterOption, optionsOf } from '../../../components/ui/filter-bar.tsx';
import { OptionSelect } from '../../../components/ui/option-select.tsx';
import { Label } from '../../../components/ui/label.tsx';

export type { FilterOption as SelectOption };

type Props = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'id'> & {
  id: string;
  /** The visible label, tied to the select. */
  label: string;
  /** From a list of values and their labels: `optionsOf(PIECE_STATUSES, PIECE_STATUS_LABELS)`. */
  options: readonly FilterOption[];
  /** A first option of value '' (no choice): 'Sem campanha', 'Todos'. */
  empty?: string;
  /** The wrapper's classes, instead of 'grid gap-1.5'. */
  fieldClassName?: string;
  /** Added to the input's classes (width, height). */
  className?: string;
};

/** A label and its select, with an optional empty first option and the given options (the marketing forms and filters). */
export function LabeledSelect({ id, label, options, empty, fieldClassName = 'grid gap-1.5', className, ...select }: Props) {
  return (
    <div className={fieldClassName}>
      <Label htmlFor={id}>{label}</Label>
      <OptionSelect id={id} options={options} none={empty} className={className} {...select} />
    </div>
  );
}

/** The clients as a select's options, an archived one marked so. */
export const clientOptions = (clients: ReadonlyArray<{ id: string; name: string; archived: boolean }> | undefined): FilterOption[] =>
  (clients ?? []).map((c) => ({ value: c.id, label: c.archived ? `${c.name} (arquivada)` : c.name }));

export const CHANNEL_OPTIONS = optionsOf(MARKETING_CHANNELS, CHANNEL_LABELS);
export const STATUS_OPTIONS = optionsOf(PIECE_STATUSES, PIECE_STATUS_LABELS);
