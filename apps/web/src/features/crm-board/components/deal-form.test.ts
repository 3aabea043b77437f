import { describe, expect, it } from 'vitest';
import { dealUpdateSchema, type CustomField, type Deal } from '@sede/shared/crm/deals';
import { toInput, valuesOf } from './deal-form.tsx';

const fields: CustomField[] = [
  { id: '1', entity: 'deal', key: 'segmento', label: 'Segmento', type: 'select', options: ['Varejo'], required: false, position: 0 },
  { id: '2', entity: 'deal', key: 'verba', label: 'Verba', type: 'money', options: [], required: false, position: 1 },
  { id: '3', entity: 'deal', key: 'vip', label: 'VIP', type: 'boolean', options: [], required: false, position: 2 },
  { id: '4', entity: 'deal', key: 'lojas', label: 'Lojas', type: 'number', options: [], required: false, position: 3 },
];

describe('the deal form', () => {
  it('turns the inputs into the shared request, custom fields by type', () => {
    const input = toInput(
      { title: ' Venda ', value: '1.234,56', stageId: 's', ownerId: '', source: '', expectedCloseDate: '2026-12-31', tags: 'a, b', custom: { segmento: 'Varejo', verba: '10,00', vip: true, lojas: '' } },
      fields,
    );
    expect(input).toEqual({
      title: ' Venda ',
      valueCents: 123456,
      ownerId: null,
      source: null,
      expectedCloseDate: '2026-12-31',
      tags: ['a', 'b'],
      customFields: { segmento: 'Varejo', verba: 1000, vip: true, lojas: null },
    });
    expect(dealUpdateSchema.parse(input).title).toBe('Venda');
  });
  it('refuses a value that is not money with the shared message', () => {
    const input = toInput({ title: 'X', value: 'dez', stageId: 's', ownerId: '', source: '', expectedCloseDate: '', tags: '', custom: {} }, []);
    const parsed = dealUpdateSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Informe um valor entre R$ 0,00 e R$ 1.000.000.000.000,00, em centavos inteiros.');
  });
  it('fills the inputs from a deal', () => {
    const deal = { title: 'T', valueCents: 150000, stageId: 's1', ownerId: 'u', source: 'Site', expectedCloseDate: null, tags: ['x'], customFields: { verba: 2500, vip: true } } as unknown as Deal;
    expect(valuesOf(deal, fields, { stageId: 's0', ownerId: 'me' })).toEqual({
      title: 'T',
      value: '1.500,00',
      stageId: 's1',
      ownerId: 'u',
      source: 'Site',
      expectedCloseDate: '',
      tags: 'x',
      custom: { segmento: '', verba: '25,00', vip: true, lojas: '' },
    });
  });
});
