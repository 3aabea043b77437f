import { centsToInput, parseBrlToCents } from '@sede/shared/finance/money';
import { useEffect, useState, type InputHTMLAttributes } from 'react';
import { Input } from '../../../components/ui/input.tsx';

/** A BRL amount typed the Brazilian way ("1.234,56"); reports cents (null when not a number). */
export function MoneyInput({ cents, onCents, ...props }: Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & { cents: number | null; onCents: (cents: number | null) => void }) {
  const [text, setText] = useState(cents === null ? '' : centsToInput(cents));
  // Follow a value set from outside (a suggestion, a reset) unless it is what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the value from outside only
  useEffect(() => {
    if (parseBrlToCents(text) !== cents) setText(cents === null ? '' : centsToInput(cents));
  }, [cents]);
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      {...props}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onCents(parseBrlToCents(e.target.value));
      }}
      onBlur={() => cents !== null && setText(centsToInput(cents))}
    />
  );
}
