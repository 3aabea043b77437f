import { describe, expect, it } from 'vitest';
import { DUNNING_DEFAULTS, dunningSettingsUpdateSchema, stepLabel } from './dunning.ts';

describe('the collection rule schema', () => {
  const base = { ...DUNNING_DEFAULTS, daysBefore: [3], daysAfter: [1, 3, 7, 15] };
  const error = (patch: Record<string, unknown>) => {
    const r = dunningSettingsUpdateSchema.safeParse({ ...base, ...patch });
    return r.success ? null : r.error.issues[0]!.message;
  };

  it('sorts the days and accepts the defaults', () => {
    const r = dunningSettingsUpdateSchema.parse({ ...base, daysAfter: [15, 1, 7] });
    expect(r.daysAfter).toEqual([1, 7, 15]);
    expect(error({})).toBeNull();
    expect(error({ enabled: false, email: false, whatsapp: false })).toBeNull();
  });

  it('refuses negative, zero, fractional, repeated and too many days in Portuguese', () => {
    expect(error({ daysAfter: [-3] })).toMatch(/^Os dias dos lembretes não podem ser negativos/);
    expect(error({ daysBefore: [0] })).toMatch(/^Os dias dos lembretes não podem ser negativos/);
    expect(error({ daysAfter: [2.5] })).toBe('Os dias dos lembretes devem ser números inteiros.');
    expect(error({ daysAfter: ['três'] })).toBe('Os dias dos lembretes devem ser números inteiros.');
    expect(error({ daysAfter: [7, 7] })).toBe('Há dias repetidos nos lembretes.');
    expect(error({ daysAfter: [1, 2, 3, 4, 5, 6, 7] })).toBe('No máximo 6 lembretes depois do vencimento.');
    expect(error({ daysBefore: [31] })).toBe('Lembretes antes do vencimento: no máximo 30 dias antes.');
    expect(error({ whatsapp: true })).toBe('Escolha o modelo aprovado de WhatsApp para enviar lembretes por WhatsApp.');
  });

  it('names the steps', () => {
    expect([-3, -1, 0, 1, 15].map(stepLabel)).toEqual(['3 dias antes', '1 dia antes', 'No dia do vencimento', '1 dia depois', '15 dias depois']);
  });
});
