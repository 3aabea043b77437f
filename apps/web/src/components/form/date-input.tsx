import type { InputHTMLAttributes, Ref } from 'react';
import { isIsoDate } from '@sede/shared/platform/calendar';
import { MaskedInput, type MaskOptions } from './masked-input.tsx';

export const BR_DATE_MASK: MaskOptions = { mask: '00/00/0000' };
export const BR_DATE_MESSAGE = 'Data inválida. Use DD/MM/AAAA.';

/** 'DD/MM/AAAA' → 'AAAA-MM-DD'; '' → null (no date); anything else → undefined (invalid). */
export function parseBrDate(text: string): string | null | undefined {
  if (!text.trim()) return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : undefined;
}

/** 'AAAA-MM-DD' → 'DD/MM/AAAA' ('' when there is no date). */
export const brFromIso = (iso: string | null | undefined) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');

type DateInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  /** The date as typed, 'DD/MM/AAAA' (read it with `parseBrDate`). */
  value: string;
  onValueChange: (text: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** The app's date field: typed DD/MM/AAAA on every browser and locale (never the native mm/dd/yyyy picker). */
export function DateInput({ value, onValueChange, placeholder = 'DD/MM/AAAA', ...props }: DateInputProps) {
  return <MaskedInput {...props} mask={BR_DATE_MASK} inputMode="numeric" placeholder={placeholder} value={value} onValueChange={onValueChange} />;
}
