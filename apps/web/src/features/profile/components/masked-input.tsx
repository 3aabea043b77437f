import { IMaskInput } from 'react-imask';
import type { Ref } from 'react';
import { inputClass } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';

type Props = {
  mask: string | Array<{ mask: string }>;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  placeholder?: string;
  inputMode?: 'numeric' | 'tel';
  autoComplete?: string;
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/** A masked text field (react-imask); the form keeps the masked text, the schema keeps digits. */
export function MaskedInput({ mask, value, onChange, inputRef, className, ...props }: Props) {
  return (
    <IMaskInput
      {...props}
      mask={mask as never}
      value={value}
      inputRef={inputRef as never}
      onAccept={(v: string) => onChange(v)}
      className={cn(inputClass, className)}
    />
  );
}
