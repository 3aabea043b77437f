import type { InputHTMLAttributes, Ref } from 'react';
import { MaskedInput, type MaskOptions } from './masked-input.tsx';

export { BR_DATE_MESSAGE, brFromIso, parseBrDate } from './br-date.ts';

export const BR_DATE_MASK: MaskOptions = { mask: '00/00/0000' };

export type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  /** The date as typed, 'DD/MM/AAAA' (read it with `parseBrDate`). */
  value: string;
  onValueChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** The app's date field: typed DD/MM/AAAA on every browser and locale (never the native mm/dd/yyyy picker). */
export function DateInput({ value, onValueChange, placeholder = 'DD/MM/AAAA', ...props }: DateInputProps) {
  return <MaskedInput {...props} mask={BR_DATE_MASK} inputMode="numeric" placeholder={placeholder} value={value} onValueChange={onValueChange} />;
}
