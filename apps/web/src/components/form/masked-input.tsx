import type { ComponentType, InputHTMLAttributes, Ref } from 'react';
import { IMaskInput } from 'react-imask';
import { inputClass } from '../ui/input.tsx';
import { cn } from '../../lib/cn.ts';

/** IMask options for the masks we use (pattern strings, definitions, dynamic lists). */
export type MaskOptions = Record<string, unknown> & { mask: unknown };

/** The alphanumeric CNPJ (IN RFB 2.229/2024): 12 letters or digits, then 2 check digits. */
export const CNPJ_MASK: MaskOptions = {
  mask: '##.###.###/####-00',
  definitions: { '#': /[0-9A-Za-z]/ },
  prepareChar: (chars: string) => chars.toUpperCase(),
};

/** (99) 9999-9999 up to 10 digits, else (99) 99999-9999 (spec §5). */
export const PHONE_MASK: MaskOptions = { mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }] };

export const CEP_MASK: MaskOptions = { mask: '00000-000' };

// react-imask's props are a union per mask kind; one loose signature keeps our wrapper simple.
const AnyMaskInput = IMaskInput as unknown as ComponentType<Record<string, unknown>>;

type MaskedInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange'> & {
  mask: MaskOptions;
  value: string;
  /** The masked text as shown (parse it with the shared schema). */
  onValueChange: (value: string) => void;
  ref?: Ref<HTMLInputElement>;
};

/** A text input with an input mask; looks and behaves like our Input. */
export function MaskedInput({ mask, value, onValueChange, className, ref, ...props }: MaskedInputProps) {
  return (
    <AnyMaskInput
      {...mask}
      {...props}
      value={value}
      inputRef={ref}
      onAccept={(v: string) => onValueChange(v)}
      className={cn(inputClass, className)}
    />
  );
}
