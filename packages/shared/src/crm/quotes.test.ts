import { describe, expect, it } from 'vitest';
import { computeQuoteTotals, formatQuantity, MAX_MONEY_CENTS, parseQuantity, quoteCreateSchema } from './quotes.ts';

describe('computeQuoteTotals', () => {
  it('rounds each item half up from thousandths and subtracts discounts', () => {
    const r = computeQuoteTotals({
      items: [
        { quantityMilli: 1500, unitPriceCents: 999, discountCents: 100 }, // 14,985 → 14,99 − 1,00
        { quantityMilli: 333, unitPriceCents: 1 }, // 0,333 cent → 0
        { quantityMilli: 500, unitPriceCents: 1 }, // 0,5 cent → 1 (half up)
        { quantityMilli: 3000, unitPriceCents: 3500 },
      ],
      discountCents: 1000,
    });
    expect(r).toEqual({ ok: true, totals: { items: [{ totalCents: 1399 }, { totalCents: 0 }, { totalCents: 1 }, { totalCents: 10_500 }], subtotalCents: 11_900, totalCents: 10_900 } });
  });

  it('a discount equal to the value is allowed (zero), above it is refused', () => {
    expect(computeQuoteTotals({ items: [{ quantityMilli: 1000, unitPriceCents: 500, discountCents: 500 }] })).toMatchObject({ ok: true, totals: { totalCents: 0 } });
    expect(computeQuoteTotals({ items: [{ quantityMilli: 1000, unitPriceCents: 500, discountCents: 501 }] })).toEqual({ ok: false, error: 'Item 1: o desconto é maior que o valor do item.' });
    expect(computeQuoteTotals({ items: [{ quantityMilli: 1000, unitPriceCents: 500 }], discountCents: 501 })).toEqual({ ok: false, error: 'O desconto é maior que o total do orçamento.' });
  });

  it('never loses precision on big numbers and refuses totals above the limit', () => {
    // 999.999,999 × R$ 9.999.999,99 would overflow a double's exact range as a plain product.
    expect(computeQuoteTotals({ items: [{ quantityMilli: 999_999_999, unitPriceCents: 999_999_999 }] })).toEqual({ ok: false, error: 'O total do orçamento passa do limite de R$ 10.000.000.000,00.' });
    const exact = computeQuoteTotals({ items: [{ quantityMilli: 1000, unitPriceCents: MAX_MONEY_CENTS }] });
    expect(exact).toMatchObject({ ok: true, totals: { totalCents: MAX_MONEY_CENTS } });
    expect(computeQuoteTotals({ items: [{ quantityMilli: 1000, unitPriceCents: MAX_MONEY_CENTS }, { quantityMilli: 1000, unitPriceCents: 1 }] })).toMatchObject({ ok: false });
  });
});

describe('quantities', () => {
  it('parses pt-BR and dotted decimals into thousandths, refusing more than 3 places', () => {
    expect(parseQuantity('1,5')).toBe(1500);
    expect(parseQuantity('1.5')).toBe(1500);
    expect(parseQuantity('1.234,567')).toBe(1_234_567);
    expect(parseQuantity('2')).toBe(2000);
    expect(parseQuantity('0,0001')).toBeNull();
    expect(parseQuantity('-1')).toBeNull();
    expect(parseQuantity('abc')).toBeNull();
    expect(formatQuantity(1500)).toBe('1,5');
    expect(formatQuantity(1_234_567)).toBe('1.234,567');
  });
});

describe('quoteCreateSchema', () => {
  it('needs at least one item and refuses negative or huge prices', () => {
    const base = { validUntil: '2030-01-01', items: [{ description: 'Item', quantityMilli: 1000, unitPriceCents: 100 }] };
    expect(quoteCreateSchema.safeParse(base).success).toBe(true);
    expect(quoteCreateSchema.safeParse({ ...base, items: [] }).error?.issues[0]?.message).toBe('Adicione ao menos um item ao orçamento.');
    expect(quoteCreateSchema.safeParse({ ...base, items: [{ ...base.items[0], unitPriceCents: -1 }] }).success).toBe(false);
    expect(quoteCreateSchema.safeParse({ ...base, items: [{ ...base.items[0], unitPriceCents: 1e15 }] }).success).toBe(false);
    expect(quoteCreateSchema.safeParse({ ...base, discountCents: -5 }).success).toBe(false);
  });
});
