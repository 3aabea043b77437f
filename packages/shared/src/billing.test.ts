import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  addMonthsUtc,
  allowancePeriodKey,
  allowancePeriodStart,
  annualSavings,
  chargeCents,
  coinCheckoutSchema,
  collaboratorsCost,
  ledgerQuerySchema,
  packageDiscountPercent,
  COIN_PACKAGES,
  trialDaysLeft,
} from './billing.ts';

describe('plan figures (spec §9)', () => {
  it('annual saves R$ 800 a year, 27%, about R$ 183 a month', () => {
    const s = annualSavings();
    expect(s.savingsCents).toBe(80_000);
    expect(s.percent).toBe(27);
    expect(Math.floor(s.monthlyEquivalentCents / 100)).toBe(183);
  });

  it('charges R$ 25 per collaborator beyond 10, per month (x12 on the annual plan)', () => {
    expect(collaboratorsCost(10)).toEqual({ included: 10, extra: 0, extraMonthlyCents: 0 });
    expect(collaboratorsCost(13).extraMonthlyCents).toBe(7_500);
    expect(chargeCents('monthly', 12)).toBe(25_000 + 5_000);
    expect(chargeCents('annual', 11)).toBe(220_000 + 2_500 * 12);
  });

  it('package discounts grow with size', () => {
    expect(COIN_PACKAGES.map(packageDiscountPercent)).toEqual([0, 10, 20]);
  });
});

describe('trialDaysLeft', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('rounds partial days up and never goes below zero', () => {
    expect(trialDaysLeft('2026-12-06T12:00:00Z', now)).toBe(15);
    expect(trialDaysLeft('2026-11-21T13:00:00Z', now)).toBe(1);
    expect(trialDaysLeft('2026-11-20T12:00:00Z', now)).toBe(0);
    expect(trialDaysLeft(null, now)).toBe(0);
  });
});

describe('allowance periods', () => {
  it('clamps month ends', () => {
    expect(addMonthsUtc(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-01-31T10:00:00Z'), 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
  });

  it('is the latest monthly anchor not after now', () => {
    const anchor = new Date('2026-01-15T09:30:00Z');
    expect(allowancePeriodStart(anchor, new Date('2026-01-14T00:00:00Z'))).toBeNull();
    expect(allowancePeriodStart(anchor, new Date('2026-01-15T09:30:00Z'))!.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(allowancePeriodStart(anchor, new Date('2026-02-15T09:29:59Z'))!.toISOString()).toBe('2026-01-15T09:30:00.000Z');
    expect(allowancePeriodStart(anchor, new Date('2026-07-20T00:00:00Z'))!.toISOString()).toBe('2026-07-15T09:30:00.000Z');
    expect(allowancePeriodKey(new Date('2026-07-15T09:30:00.123Z'))).toBe('2026-07-15T09:30:00Z');
  });

  it('always returns a start within one month before now (property)', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 3 * 365 * 86_400_000 }),
        (anchor, offset) => {
          const now = new Date(anchor.getTime() + offset);
          const start = allowancePeriodStart(anchor, now)!;
          return start.getTime() <= now.getTime() && addMonthsUtc(start, 1).getTime() > now.getTime() - 3 * 86_400_000;
        },
      ),
    );
  });
});

describe('schemas refuse bad input with a clear message', () => {
  it('unknown package', () => {
    expect(coinCheckoutSchema.safeParse({ packageId: 'coins_9999' }).error!.issues[0]!.message).toBe('Pacote de moedas desconhecido');
  });

  it('ledger filters: empty means any; bad dates refused', () => {
    expect(ledgerQuerySchema.parse({ kind: '', from: '', to: '' })).toEqual({});
    expect(ledgerQuerySchema.safeParse({ from: '21/11/2026' }).success).toBe(false);
    expect(ledgerQuerySchema.safeParse({ kind: 'gift' }).success).toBe(false);
    const reversed = ledgerQuerySchema.safeParse({ from: '2026-11-21', to: '2026-11-01' });
    expect(reversed.success).toBe(false);
    expect(reversed.error?.issues[0]?.message).toBe('A data inicial deve ser anterior à final.');
    expect(ledgerQuerySchema.safeParse({ from: '2026-11-21', to: '2026-11-21' }).success).toBe(true);
  });
});
