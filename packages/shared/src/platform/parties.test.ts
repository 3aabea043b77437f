import { describe, expect, it } from 'vitest';
import { ACTIVITY_ACTIONS, activityActor, activityLabel, activityQuerySchema, describeActivity } from '../activity.ts';
import { CONTROL_CHARACTERS_MESSAGE } from '../text.ts';
import { LEGAL_BASES, organizationCreateSchema, organizationUpdateSchema, partyListQuerySchema, personCreateSchema, personUpdateSchema } from './parties.ts';

const error = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('party schemas', () => {
  it('normalizes an organization', () => {
    expect(
      organizationCreateSchema.parse({ razaoSocial: '  Padaria Ltda ', cnpj: '12.abc.345/01de-35', email: 'A@B.COM', phone: '(11) 3456-7890', cep: '01310-100', uf: 'rj', website: '', notes: 'linha 1\nlinha 2' }),
    ).toEqual({ razaoSocial: 'Padaria Ltda', cnpj: '12ABC34501DE35', email: 'a@b.com', phone: '1134567890', cep: '01310100', uf: 'RJ', website: null, notes: 'linha 1\nlinha 2' });
  });

  it('keeps each field its own Portuguese message', () => {
    expect(error(organizationCreateSchema.safeParse({ razaoSocial: 'X', cnpj: '11222333000100' }))).toBe('CNPJ inválido');
    expect(error(organizationCreateSchema.safeParse({ razaoSocial: 'X', cep: '123' }))).toBe('CEP inválido: informe 8 dígitos.');
    expect(error(organizationCreateSchema.safeParse({ razaoSocial: 'X\u0007' }))).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(error(personCreateSchema.safeParse({ name: 'X', cpf: '123.456.789-00' }))).toBe('CPF inválido');
    expect(error(personCreateSchema.safeParse({ name: 'X', phones: ['(11) 9123-45678-9'] }))).toBe('Telefone inválido');
    expect(error(personCreateSchema.safeParse({ name: 'X', legalBasis: 'venda' }))).toBe('Base legal inválida.');
    expect(error(personCreateSchema.safeParse({ name: 'X', phones: Array.from({ length: 11 }, () => '11912345678') }))).toBe('No máximo 10 telefones por pessoa.');
    expect(error(personUpdateSchema.safeParse({}))).toBe('Nada para alterar.');
    expect(error(organizationUpdateSchema.safeParse({ razaoSocial: '' }))).toBe('Informe a razão social.');
  });

  it('a person: e-mails and phones normalized and deduplicated, empty values cleared', () => {
    expect(
      personCreateSchema.parse({ name: 'Ana', emails: ['Ana@X.com', 'ana@x.com '], phones: ['(11) 91234-5678', '11912345678'], cpf: '', organizationId: null, legalBasisAt: '2024-02-29', legalBasis: 'obrigacao_legal' }),
    ).toEqual({ name: 'Ana', emails: ['ana@x.com'], phones: ['11912345678'], cpf: null, organizationId: null, legalBasisAt: '2024-02-29', legalBasis: 'obrigacao_legal' });
    expect(Object.keys(LEGAL_BASES)).toEqual(expect.arrayContaining(['consentimento', 'legitimo_interesse', 'execucao_contrato', 'obrigacao_legal']));
  });

  it('refuses unknown fields (a company id in the body never decides anything)', () => {
    expect(personCreateSchema.safeParse({ name: 'X', companyId: 'c' }).success).toBe(false);
  });

  it('list query: limit bounds and query length', () => {
    expect(partyListQuerySchema.parse({})).toEqual({ limit: 50, sort: 'name', dir: 'asc' });
    expect(error(partyListQuerySchema.safeParse({ limit: '0' }))).toBe('Limite inválido');
    expect(error(partyListQuerySchema.safeParse({ q: 'x'.repeat(101) }))).toBe('A busca pode ter no máximo 100 caracteres.');
  });
});

describe('audit actions in the activity log', () => {
  it('have Portuguese labels and are filterable', () => {
    for (const action of Object.keys(ACTIVITY_ACTIONS)) {
      expect(activityLabel(action)).not.toBe(action);
      expect(activityQuerySchema.safeParse({ action }).success).toBe(true);
    }
    expect(activityLabel('person_data_erased')).toBe('Dados pessoais apagados (LGPD)');
  });

  it('describe the name, the format, the counts and the coins; earlier generic lines name their entity', () => {
    expect(describeActivity({ action: 'organization_deleted', details: { entity: 'organization', id: 'x', label: 'Padaria Ltda' } })).toBe('Padaria Ltda');
    expect(describeActivity({ action: 'people_exported', details: { entity: 'people', id: null, format: 'csv', count: 1 } })).toBe('CSV · 1 registro');
    expect(describeActivity({ action: 'coins_spent', details: { entity: 'paid_action', id: 'x', paidAction: 'ai.deal_summary', coins: 3 } })).toBe('Resumo do negócio com IA · 3 moedas');
    expect(describeActivity({ action: 'entity_deleted', details: { entity: 'organization', id: 'x', label: 'Padaria Ltda' } })).toBe('Organização · Padaria Ltda');
  });

  it('name who acted when the line has no member', () => {
    expect(activityActor({ user: null, details: { by: 'cliente' } })).toBe('Cliente (pelo link de aprovação)');
    expect(activityActor({ user: null, details: { by: 'sistema' } })).toBe('Sede (automático)');
    expect(activityActor({ user: { id: 'u', name: 'Ana', email: 'a@x.com' }, details: {} })).toBe('Ana');
  });
});
