import { describe, expect, it } from 'vitest';
import { entryCreateSchema, paymentCreateSchema } from './entries.ts';
import { addMonths, displayStatus, effectiveDueDate, isValidLinhaDigitavel, lateCharges, paymentTotal, splitInstallments } from './money.ts';

describe('splitInstallments', () => {
  it('splits exactly in cents with the remainder on the first installment', () => {
    expect(splitInstallments(100_00, 3)).toEqual([3334, 3333, 3333]);
    expect(splitInstallments(1, 3)).toEqual([1, 0, 0]);
    expect(splitInstallments(1200_00, 12)).toEqual(Array(12).fill(100_00));
    for (const [total, n] of [[99_999_99, 7], [10, 12], [123_456_789, 120]] as const) {
      const parts = splitInstallments(total, n);
      expect(parts).toHaveLength(n);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThan(n);
    }
  });
  it('refuses a zero or fractional total', () => {
    expect(() => splitInstallments(0, 2)).toThrow();
    expect(() => splitInstallments(10.5, 2)).toThrow();
  });
});

describe('addMonths', () => {
  it('keeps the day or clamps it to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
    expect(addMonths('2026-03-10', 12)).toBe('2027-03-10');
  });
});

describe('status and due dates', () => {
  it("derives 'vencido' from open and due before today only", () => {
    expect(displayStatus('open', '2026-05-09', '2026-05-10')).toBe('overdue');
    expect(displayStatus('open', '2026-05-10', '2026-05-10')).toBe('open');
    expect(displayStatus('paid', '2026-01-01', '2026-05-10')).toBe('paid');
    expect(displayStatus('cancelled', '2026-01-01', '2026-05-10')).toBe('cancelled');
  });
  it('moves a weekend or holiday due date to the next business day', () => {
    expect(effectiveDueDate('2026-05-12')).toBe('2026-05-12'); // Tuesday
    expect(effectiveDueDate('2026-05-09')).toBe('2026-05-11'); // Saturday → Monday
    expect(effectiveDueDate('2026-04-21')).toBe('2026-04-22'); // Tiradentes (Tuesday)
    expect(effectiveDueDate('2026-12-25')).toBe('2026-12-28'); // Natal (Friday) → Monday
  });
});

describe('interest and fine', () => {
  it('charges nothing up to the effective due date (a weekend due date paid on Monday)', () => {
    expect(lateCharges(1000_00, '2026-05-09', '2026-05-11')).toEqual({ interestCents: 0, fineCents: 0, daysLate: 0 });
  });
  it('charges 2% fine and 1% a month pro rata by default, rounded to the cent', () => {
    // Due Tuesday 2026-05-12, paid 2026-05-22: 10 days late.
    expect(lateCharges(1000_00, '2026-05-12', '2026-05-22')).toEqual({ fineCents: 20_00, interestCents: 333, daysLate: 10 });
    expect(lateCharges(1000_00, '2026-05-12', '2026-06-11', { finePercent: 10, monthlyInterestPercent: 3 })).toEqual({ fineCents: 100_00, interestCents: 30_00, daysLate: 30 });
  });
  it('a payment moves principal + interest + fine − discount', () => {
    expect(paymentTotal({ amountCents: 100_00, interestCents: 1_50, fineCents: 2_00, discountCents: 50 })).toBe(103_00);
  });
});

describe('linha digitável', () => {
  it('accepts a valid boleto bancário (47) and arrecadação (48) line with or without punctuation', () => {
    expect(isValidLinhaDigitavel('00190500954014481606906809350314337370000000100')).toBe(true);
    expect(isValidLinhaDigitavel('00190.50095 40144.816069 06809.350314 3 37370000000100')).toBe(true);
    expect(isValidLinhaDigitavel('846700000017435900240209024050002435842210108119')).toBe(true);
    expect(isValidLinhaDigitavel('836200000005 667800481000 180975657313 001589636081')).toBe(true);
  });
  it('refuses a wrong check digit, a wrong length or letters', () => {
    expect(isValidLinhaDigitavel('00190500954014481606306809350314337370000000100')).toBe(false); // field 2
    expect(isValidLinhaDigitavel('00190500954014481606906809350314237370000000100')).toBe(false); // general
    expect(isValidLinhaDigitavel('846700000017435900240209024050002435842210108118')).toBe(false);
    expect(isValidLinhaDigitavel('0019050095401448160690680935031433737000000010')).toBe(false);
    expect(isValidLinhaDigitavel('abc')).toBe(false);
  });
});

describe('schemas', () => {
  const base = { kind: 'payable', description: 'Aluguel', amountCents: 1000_00, dueDate: '2026-05-10' };
  it('refuses a negative, zero or absurd amount and a date in 1900 with Portuguese messages', () => {
    const msg = (v: Record<string, unknown>) => entryCreateSchema.safeParse({ ...base, ...v }).error?.issues[0]?.message;
    expect(msg({ amountCents: -1 })).toBe('Informe um valor maior que zero.');
    expect(msg({ amountCents: 0 })).toBe('Informe um valor maior que zero.');
    expect(msg({ amountCents: 10.5 })).toBe('Informe um valor maior que zero.');
    expect(msg({ amountCents: 1e15 })).toBe('Valor acima do limite de R$ 1 bilhão.');
    expect(msg({ dueDate: '1900-01-10' })).toBe('Data de vencimento inválida: use uma data entre 2000 e 2099.');
    expect(msg({ barcode: '123' })).toBe('Linha digitável inválida: confira os números do boleto.');
    expect(msg({ installments: 3, recurrence: 'monthly' })).toBe('Escolha parcelas ou recorrência, não os dois.');
    expect(entryCreateSchema.safeParse(base).success).toBe(true);
  });
  it('refuses negative interest on a payment', () => {
    expect(paymentCreateSchema.safeParse({ accountId: crypto.randomUUID(), paidDate: '2026-05-10', amountCents: 10, interestCents: -1 }).success).toBe(false);
  });
});

describe('parseBrlToCents', () => {
  it('reads what people type in Brazil', async () => {
    const { parseBrlToCents, centsToInput } = await import('./money.ts');
    expect(parseBrlToCents('1.234,56')).toBe(123456);
    expect(parseBrlToCents('R$ 10')).toBe(1000);
    expect(parseBrlToCents('10,5')).toBe(1050);
    expect(parseBrlToCents('10.50')).toBe(1050);
    expect(parseBrlToCents('1.000')).toBe(100000);
    expect(parseBrlToCents('-3,00')).toBe(-300);
    expect(parseBrlToCents('abc')).toBeNull();
    expect(parseBrlToCents('1,234')).toBeNull();
    expect(centsToInput(123456).replace(/\s/g, ' ')).toBe('1.234,56');
  });
});
