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
      { title: ' Venda ', valueCents: 123456, stageId: 's', ownerId: '', source: '', expectedCloseDate: '2026-12-31', tags: 'a, b', custom: { segmento: 'Varejo', verba: 1000, vip: true, lojas: '' } },
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
  it('an empty value is a deal of R$ 0,00', () => {
    expect(toInput({ title: 'X', valueCents: null, stageId: 's', ownerId: '', source: '', expectedCloseDate: '', tags: '', custom: {} }, []).valueCents).toBe(0);
  });
  it('fills the inputs from a deal', () => {
    const deal = { title: 'T', valueCents: 150000, stageId: 's1', ownerId: 'u', source: 'Site', expectedCloseDate: null, tags: ['x'], customFields: { verba: 2500, vip: true } } as unknown as Deal;
    expect(valuesOf(deal, fields, { stageId: 's0', ownerId: 'me' })).toEqual({
      title: 'T',
      valueCents: 150000,
      stageId: 's1',
      ownerId: 'u',
      source: 'Site',
      expectedCloseDate: '',
      tags: 'x',
      custom: { segmento: '', verba: 2500, vip: true, lojas: '' },
    });
  });
});
