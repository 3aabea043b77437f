/** CPF rules of spec §5: 11 digits, not all identical, both check digits valid. */
export const CPF_MASK = '000.000.000-00';
export const CPF_LENGTH = 11;

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

function checkDigit(digits: string, length: number): number {
  let sum = 0;
  for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

export function isValidCpf(value: string): boolean {
  const digits = onlyDigits(value);
  // Only digits and mask characters may surround them: 'abc12345678909' is not a CPF.
  if (/[^\d.\-\s]/.test(value)) return false;
  if (digits.length !== CPF_LENGTH) return false;
  if (/^(\d)\1{10}$/.test(digits)) return false;
  return checkDigit(digits, 9) === Number(digits[9]) && checkDigit(digits, 10) === Number(digits[10]);
}

/** 12345678909 → 123.456.789-09 (partial input is masked as far as it goes). */
export function formatCpf(value: string): string {
  const d = onlyDigits(value).slice(0, CPF_LENGTH);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
