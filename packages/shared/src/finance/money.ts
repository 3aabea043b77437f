import { addDays, isBusinessDay, isIsoDate, nextBusinessDay, type IsoDate } from '../platform/calendar.ts';

/**
 * Finance's pure rules (decisions 0170–0174): installment splitting, recurrence dates,
 * the derived status and the next business day of a due date, interest and fine, the boleto's
 * linha digitável. Shared by the server, the web and the tests.
 */

/** The largest amount one entry may carry: R$ 1 bilhão (cents). */
export const MAX_AMOUNT_CENTS = 100_000_000_000;
/** Dates before this (or after the max) are refused: a typo like 1900 or 20255. */
export const MIN_DATE = '2000-01-01';
export const MAX_DATE = '2099-12-31';

/**
 * Splits `totalCents` in `n` installments exactly: every installment gets the floor of the
 * division and the remainder goes to the FIRST installment (decision 0171), so the sum is
 * always the total.
 */
export function splitInstallments(totalCents: number, n: number): number[] {
  if (!Number.isInteger(totalCents) || totalCents <= 0) throw new Error('total must be a positive integer');
  if (!Number.isInteger(n) || n < 1) throw new Error('n must be a positive integer');
  const base = Math.floor(totalCents / n);
  const remainder = totalCents - base * n;
  return Array.from({ length: n }, (_, i) => (i === 0 ? base + remainder : base));
}

/** The same day `months` later; a day the month lacks becomes its last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

export type EntryStatus = 'open' | 'paid' | 'cancelled';
export type DisplayStatus = 'open' | 'overdue' | 'paid' | 'cancelled';

/** 'vencido' (overdue) is derived: open and due before today (America/Sao_Paulo). */
export function displayStatus(status: EntryStatus, dueDate: IsoDate, today: IsoDate): DisplayStatus {
  if (status === 'open' && dueDate < today) return 'overdue';
  return status;
}

/** The day a due date is actually payable: itself on a business day, else the next business day. */
export const effectiveDueDate = (dueDate: IsoDate): IsoDate => (isBusinessDay(dueDate) ? dueDate : nextBusinessDay(dueDate));

/**
 * Suggested interest and fine for a late payment (decision 0172): a one-off fine of `finePercent`
 * of the open amount and simple daily interest of `monthlyInterestPercent` / 30 per day late,
 * counted from the effective due date. Rounded to the cent. Zero when paid on time.
 */
export function lateCharges(
  openCents: number,
  dueDate: IsoDate,
  paidDate: IsoDate,
  opts: { finePercent?: number; monthlyInterestPercent?: number } = {},
): { interestCents: number; fineCents: number; daysLate: number } {
  const due = effectiveDueDate(dueDate);
  if (paidDate <= due) return { interestCents: 0, fineCents: 0, daysLate: 0 };
  let daysLate = 0;
  for (let d = due; d < paidDate; d = addDays(d, 1)) daysLate += 1;
  const finePercent = opts.finePercent ?? 2;
  const monthly = opts.monthlyInterestPercent ?? 1;
  return {
    fineCents: Math.round((openCents * finePercent) / 100),
    interestCents: Math.round((openCents * monthly * daysLate) / 100 / 30),
    daysLate,
  };
}

/** What a payment adds to the cash: principal + interest + fine − discount. */
export const paymentTotal = (p: { amountCents: number; interestCents?: number; fineCents?: number; discountCents?: number }) =>
  p.amountCents + (p.interestCents ?? 0) + (p.fineCents ?? 0) - (p.discountCents ?? 0);

export const isSaneDate = (v: string) => isIsoDate(v) && v >= MIN_DATE && v <= MAX_DATE;

const mod10 = (digits: string): number => {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    let p = Number(digits[i]) * weight;
    if (p > 9) p = Math.floor(p / 10) + (p % 10);
    sum += p;
    weight = weight === 2 ? 1 : 2;
  }
  const r = sum % 10;
  return r === 0 ? 0 : 10 - r;
};

/** Boleto bancário's general check digit (mod 11, weights 2–9; 0, 10 and 11 become 1). */
const mod11Bank = (digits: string): number => {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = 11 - (sum % 11);
  return r === 0 || r === 10 || r === 11 ? 1 : r;
};

/** Arrecadação's mod 11 (weights 2–9; rests 0 and 1 give 0, 10 gives 1 per FEBRABAN). */
const mod11Collection = (digits: string): number => {
  let sum = 0;
  let weight = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const r = sum % 11;
  if (r === 0 || r === 1) return 0;
  if (r === 10) return 1;
  return 11 - r;
};

/**
 * A boleto's linha digitável: 47 digits (boleto bancário: three field check digits mod 10 and the
 * barcode's general digit mod 11) or 48 digits (arrecadação/concessionárias: four blocks, each
 * with its mod 10 or mod 11 digit by the third digit). Punctuation and spaces are ignored.
 */
export function isValidLinhaDigitavel(value: string): boolean {
  const d = value.replace(/[\s.-]/g, '');
  if (!/^\d+$/.test(d)) return false;
  if (d.length === 47) {
    const fields: Array<[string, number]> = [
      [d.slice(0, 9), Number(d[9])],
      [d.slice(10, 20), Number(d[20])],
      [d.slice(21, 31), Number(d[31])],
    ];
    if (!fields.every(([f, dv]) => mod10(f) === dv)) return false;
    // The 44-digit barcode: bank+currency, general DV, due factor+value, free field.
    const barcode = d.slice(0, 4) + d[32] + d.slice(33, 47) + d.slice(4, 9) + d.slice(10, 20) + d.slice(21, 31);
    return mod11Bank(barcode.slice(0, 4) + barcode.slice(5)) === Number(barcode[4]);
  }
  if (d.length === 48 && d[0] === '8') {
    const useMod10 = d[2] === '6' || d[2] === '7';
    if (!useMod10 && d[2] !== '8' && d[2] !== '9') return false;
    for (let b = 0; b < 4; b++) {
      const block = d.slice(b * 12, b * 12 + 11);
      const dv = Number(d[b * 12 + 11]);
      if ((useMod10 ? mod10(block) : mod11Collection(block)) !== dv) return false;
    }
    return true;
  }
  return false;
}

/**
 * A typed BRL amount to cents: "1.234,56", "1234,5", "R$ 10", "10.50" (a dot followed by
 * exactly two digits at the end is a decimal point). Null when it is not a number.
 */
export function parseBrlToCents(text: string): number | null {
  let t = text.replace(/R\$|\s/g, '');
  if (!t) return null;
  const negative = t.startsWith('-');
  if (negative) t = t.slice(1);
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  else if (!/^\d+\.\d{1,2}$/.test(t)) t = t.replace(/\./g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [int, dec = ''] = t.split('.');
  const cents = Number(int) * 100 + Number(dec.padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** Cents to the text of an input: 123456 → "1.234,56". */
export const centsToInput = (cents: number) => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
