import { describe, expect, it } from 'vitest';
import { addMonths, defaultPeriod, isMonth, metricsQuerySchema, monthsBetween, percentOf, targetsPutSchema } from './metrics.ts';

describe('months', () => {
  it('adds and lists months across years', () => {
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(addMonths('2025-11', 3)).toBe('2026-02');
    expect(addMonths('2026-06', -17)).toBe('2025-01');
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(defaultPeriod('2026-03')).toEqual({ from: '2025-10', to: '2026-03' });
  });
  it('accepts only YYYY-MM', () => {
    expect(['2026-01', '2026-12'].every(isMonth)).toBe(true);
    expect(['2026-13', '2026-1', '26-01', '2026-00', '1999-01'].some(isMonth)).toBe(false);
  });
});

describe('metricsQuerySchema', () => {
  it('fills the default six months and keeps the filters', () => {
    const q = metricsQuerySchema.parse({ to: '2026-03', pipelineId: '0b6f4d8e-4c1a-4b7e-9d2a-1f2e3d4c5b6a' });
    expect(q).toEqual({ from: '2025-10', to: '2026-03', pipelineId: '0b6f4d8e-4c1a-4b7e-9d2a-1f2e3d4c5b6a', ownerId: undefined });
  });
  it.each([
    [{ from: '2026-05', to: '2026-01' }, 'O mês inicial deve ser anterior ou igual ao final.'],
    [{ from: '2023-01', to: '2026-01' }, 'O período pode ter no máximo 36 meses.'],
    [{ from: '2026-13' }, 'Mês inválido (use AAAA-MM).'],
    [{ pipelineId: 'x' }, 'Funil inválido.'],
  ])('refuses %j', (input, message) => {
    const r = metricsQuerySchema.safeParse(input);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });
});

describe('targets', () => {
  it('accepts cents from 0 to R$ 10 bi, or null to clear', () => {
    expect(targetsPutSchema.safeParse({ targets: [{ userId: 'u', month: '2026-01', targetCents: 0 }, { userId: 'u', month: '2026-02', targetCents: null }] }).success).toBe(true);
    for (const targetCents of [-1, 1e15, 0.5]) expect(targetsPutSchema.safeParse({ targets: [{ userId: 'u', month: '2026-01', targetCents }] }).success).toBe(false);
  });
  it('percent reached, one decimal; none without a target', () => {
    expect(percentOf(100_000, 150_000)).toBe(66.7);
    expect(percentOf(1, 0)).toBeNull();
    expect(percentOf(1, null)).toBeNull();
  });
});
