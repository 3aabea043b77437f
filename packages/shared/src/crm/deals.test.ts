import { describe, expect, it } from 'vitest';
import { checkCustomFields, dealCreateSchema, dealLostSchema, fieldKeyOf, MAX_VALUE_CENTS } from './deals.ts';

const fields = [
  { key: 'segmento', label: 'Segmento', type: 'select' as const, options: ['Varejo'], required: true },
  { key: 'verba', label: 'Verba', type: 'money' as const, options: [], required: false },
  { key: 'visita', label: 'Visita', type: 'date' as const, options: [], required: false },
  { key: 'nota', label: 'Nota', type: 'text' as const, options: [], required: false },
];

describe('custom fields', () => {
  it('makes keys from labels', () => {
    expect(fieldKeyOf('Nº de funcionários')).toBe('n_de_funcionarios');
    expect(fieldKeyOf('  Ação!! ')).toBe('acao');
    expect(fieldKeyOf('!!!')).toBe('campo');
  });
  it('checks each value by type, required ones on creation, and refuses unknown keys', () => {
    expect(checkCustomFields(fields, { segmento: 'Varejo', verba: 100, visita: '2026-01-31' }, { creating: true })).toEqual({ ok: true, values: { segmento: 'Varejo', verba: 100, visita: '2026-01-31' } });
    expect(checkCustomFields(fields, { verba: 1 }, { creating: true })).toEqual({ ok: false, message: 'O campo "Segmento" é obrigatório.' });
    expect(checkCustomFields(fields, { segmento: null })).toEqual({ ok: false, message: 'O campo "Segmento" é obrigatório.' });
    expect(checkCustomFields(fields, { verba: 1.5 })).toMatchObject({ ok: false });
    expect(checkCustomFields(fields, { verba: MAX_VALUE_CENTS + 1 })).toMatchObject({ ok: false });
    expect(checkCustomFields(fields, { visita: '2026-02-30' })).toMatchObject({ ok: false });
    expect(checkCustomFields(fields, { nota: 'a\u0000' })).toMatchObject({ ok: false });
    expect(checkCustomFields(fields, { outro: 1 })).toEqual({ ok: false, message: 'Campo personalizado desconhecido: outro.' });
    expect(checkCustomFields(fields, { verba: null })).toEqual({ ok: true, values: { verba: null } });
  });
});

describe('deal schemas', () => {
  const base = { title: 'Venda', pipelineId: '00000000-0000-4000-8000-000000000000' };
  it('refuses −1, 10^15 and a 10,000-character title in Portuguese', () => {
    expect(dealCreateSchema.safeParse({ ...base, valueCents: -1 }).error?.issues[0]?.message).toMatch(/^Informe um valor/);
    expect(dealCreateSchema.safeParse({ ...base, valueCents: 10 ** 15 }).error?.issues[0]?.message).toMatch(/^Informe um valor/);
    expect(dealCreateSchema.safeParse({ ...base, title: 'x'.repeat(10_000) }).error?.issues[0]?.message).toBe('O título pode ter no máximo 200 caracteres.');
    expect(dealCreateSchema.parse({ ...base, valueCents: MAX_VALUE_CENTS, tags: ['a', 'a'] })).toMatchObject({ valueCents: MAX_VALUE_CENTS, tags: ['a'] });
  });
  it("needs a reason to lose a deal, and text for 'Outro'", () => {
    expect(dealLostSchema.safeParse({}).error?.issues[0]?.message).toBe('Escolha o motivo da perda.');
    expect(dealLostSchema.safeParse({ reason: 'Outro', note: ' ' }).error?.issues[0]?.message).toBe('Descreva o motivo da perda.');
    expect(dealLostSchema.parse({ reason: 'Preço' })).toEqual({ reason: 'Preço' });
  });
});
