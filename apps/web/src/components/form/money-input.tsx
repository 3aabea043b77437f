import { centsToInput, parseBrlToCents } from '@sede/shared/finance/money';
import { useEffect, useRef, useState, type InputHTMLAttributes, type Ref } from 'react';
import { Input } from '../ui/input.tsx';

/** Whole reais beyond this many digits are not an amount anyone types (R$ 1 trilhão). */
const MAX_INTEGER_DIGITS = 13;

/**
 * What was typed, kept to an amount: digits, the thousands dots and one decimal comma with at most
 * two digits after it; a minus sign first when negatives are allowed. "1,234.56" (pasted the US
 * way: the point comes last) becomes "1234,56".
 */
export function cleanMoneyText(raw: string, allowNegative = false): string {
  const negative = allowNegative && raw.trimStart().startsWith('-');
  let t = raw.replace(/[^\d.,]/g, '');
  if (t.includes(',') && t.lastIndexOf('.') > t.lastIndexOf(',')) {
    const at = t.lastIndexOf('.');
    t = `${t.slice(0, at).replace(/,/g, '')},${t.slice(at + 1)}`;
  }
  const comma = t.indexOf(',');
  let int = comma === -1 ? t : t.slice(0, comma);
  while (int.replace(/\D/g, '').length > MAX_INTEGER_DIGITS) int = int.slice(0, -1);
  if (comma !== -1) {
    const frac = t.slice(comma + 1).replace(/\D/g, '').slice(0, 2);
    t = `${int || '0'},${frac}`;
  } else t = int;
  return negative ? `-${t}` : t;
}

/** Cents of a cleaned text ("6.500," is 6.500,00); null when nothing (or only a sign) was typed. */
export const moneyTextToCents = (text: string): number | null => parseBrlToCents(text.replace(/[.,]$/, ''));

type MoneyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type'> & {
  /** Integer cents; null when the field is empty. */
  cents: number | null;
  onCents: (cents: number | null) => void;
  /** An opening balance may be negative (an overdraft); prices and salaries may not. */
  allowNegative?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/**
 * The one money input of every area (decision 0370): a BRL amount typed the Brazilian way
 * ("6.500,00", "6500", "0,01"), reported in integer cents as it is typed and shown formatted when
 * the field is left. Entering the field selects its value, and typing right after entering
 * replaces a value that was there (a pre-filled "0,00" or the amount being edited) instead of
 * appending to it, even where the click put the caret after it.
 */
export function MoneyInput({ cents, onCents, allowNegative = false, ref, onFocus, onBlur, onMouseDown, onMouseUp, onKeyDown, ...props }: MoneyInputProps) {
  const [text, setText] = useState(cents === null ? '' : centsToInput(cents));
  const fresh = useRef(false);
  const clickedIn = useRef(false);
  // Follow a value set from outside (a suggestion, a reset) unless it is what was typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the value from outside only
  useEffect(() => {
    if (moneyTextToCents(text) !== cents) setText(cents === null ? '' : centsToInput(cents));
  }, [cents]);
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      {...props}
      ref={ref}
      value={text}
      onMouseDown={(e) => {
        clickedIn.current = document.activeElement !== e.currentTarget;
        onMouseDown?.(e);
      }}
      onMouseUp={(e) => {
        // The click that entered the field would put the caret where it landed, undoing the selection.
        if (clickedIn.current) e.preventDefault();
        clickedIn.current = false;
        onMouseUp?.(e);
      }}
      onFocus={(e) => {
        fresh.current = true;
        e.currentTarget.select();
        onFocus?.(e);
      }}
      onKeyDown={(e) => {
        if (['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) fresh.current = false;
        onKeyDown?.(e);
      }}
      onChange={(e) => {
        let raw = e.target.value;
        const appended = text !== '' && raw.length > text.length && raw.startsWith(text) && e.target.selectionStart === raw.length;
        if (fresh.current && appended) raw = raw.slice(text.length);
        fresh.current = false;
        const next = cleanMoneyText(raw, allowNegative);
        setText(next);
        onCents(moneyTextToCents(next));
      }}
      onBlur={(e) => {
        fresh.current = false;
        setText(cents === null ? '' : centsToInput(cents));
        onBlur?.(e);
      }}
    />
  );
}
