import { describe, expect, it } from 'vitest';
import { dealUpdateSchema, type CustomField, type Deal } from '@sede/shared/crm/deals';
import { toInput, valuesOf } from './deal-form.tsx';

const fields: CustomField[] = [
  { id: '1', entity: 'deal', key: 'segmento', label: 'Segmento', type: 'select', options: ['Varejo'], required: false, position: 0 },
  { id: '2', entity: 'deal', key: 'verba', label: 'Verba', type: 'money', options: [], required: false, position: 1 },
  { id: '3', entity: 'deal', key: 'vip', label: 'VIP', type: 'boolean', options: [], required: false, position: 2 },
  { id: '4', entity: 'deal', key: 'lojas', label: 'Lojas', type: 'number', options: [], required: false, position: 3 },
  { id: '5', entity: 'deal', key: 'visita', label: 'Visita', type: 'date', options: [], required: false, position: 4 },
];
const empty = { title: 'X', valueCents: null, stageId: 's', ownerId: '', source: '', expectedCloseDate: '', tags: '', custom: {}, organization: null, contacts: [] };

describe('the deal form', () => {
  it('turns the inputs into the shared request: dates typed DD/MM/AAAA, custom fields by type, the organization and contacts in order', () => {
    const input = toInput(
      {
        ...empty,
        title: ' Venda ',
        valueCents: 123456,
        expectedCloseDate: '31/12/2026',
        tags: 'a, b',
        custom: { segmento: 'Varejo', verba: 1000, vip: true, lojas: '', visita: '05/01/2027' },
        organization: { id: 'org-1', label: 'Mercado', detail: null },
        contacts: [
          { id: 'p-2', label: 'Beto', detail: null },
          { id: 'p-1', label: 'Ana', detail: null },
        ],
      },
      fields,
    );
    expect(input).toEqual({
      title: ' Venda ',
      valueCents: 123456,
      ownerId: null,
      organizationId: 'org-1',
      personIds: ['p-2', 'p-1'],
      source: null,
      expectedCloseDate: '2026-12-31',
      tags: ['a', 'b'],
      customFields: { segmento: 'Varejo', verba: 1000, vip: true, lojas: null, visita: '2027-01-05' },
    });
  });
  it('an empty value is a deal of R$ 0,00', () => {
    expect(toInput(empty, []).valueCents).toBe(0);
  });
  it('refuses a date that does not exist, with the shared message', () => {
    const date = dealUpdateSchema.safeParse(toInput({ ...empty, expectedCloseDate: '31/02/2026' }, []));
    expect(date.error?.issues[0]?.path).toEqual(['expectedCloseDate']);
    expect(toInput({ ...empty, expectedCloseDate: '' }, []).expectedCloseDate).toBeNull();
  });
  it('fills the inputs from a deal: the date as DD/MM/AAAA, the contacts with e-mail and phone', () => {
    const deal = {
      title: 'T',
      valueCents: 150000,
      stageId: 's1',
      ownerId: 'u',
      source: 'Site',
      expectedCloseDate: '2026-07-09',
      tags: ['x'],
      customFields: { verba: 2500, vip: true, visita: '2026-08-01' },
      organizationId: 'org-1',
      organizationName: 'Mercado Bom Preço',
      contacts: [{ id: 'p-1', name: 'Ana', email: 'ana@bompreco.com.br', phone: '11987654321' }],
    } as unknown as Deal;
    expect(valuesOf(deal, fields, { stageId: 's0', ownerId: 'me' })).toEqual({
      title: 'T',
      valueCents: 150000,
      stageId: 's1',
      ownerId: 'u',
      source: 'Site',
      expectedCloseDate: '09/07/2026',
      tags: 'x',
      custom: { segmento: '', verba: 2500, vip: true, lojas: '', visita: '01/08/2026' },
      organization: { id: 'org-1', label: 'Mercado Bom Preço', detail: null },
      contacts: [{ id: 'p-1', label: 'Ana', detail: 'ana@bompreco.com.br · (11) 98765-4321' }],
    });
  });
});
