import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NormalizedCompany } from './cnpj.ts';
import {
  buildCompanyCreation,
  cnpjLookupSchema,
  COMPANY_MESSAGES,
  createCompanySchema,
  enrichmentPatch,
  joinAddress,
  needsEnrichment,
  updateCompanySchema,
} from './company.ts';

const record: NormalizedCompany = {
  cnpj: '98765432000198',
  razao_social: 'AURORA FICTICIA PANIFICADORA LTDA',
  nome_fantasia: 'PADARIA AURORA',
  telefone: '1130405060',
  email: null,
  logradouro: 'RUA DAS ACACIAS',
  numero: '123',
  bairro: 'JARDIM PRIMAVERA',
  municipio: 'SAO PAULO',
  uf: 'SP',
  cep: '04571000',
  api_used: 'brasilapi',
  situacao: 'ATIVA',
  atividade_principal: '1091-1/02 - Fabricação de produtos de padaria',
  data_abertura: '2019-03-15',
};

const firstError = (schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) =>
  schema.safeParse(v).error?.issues[0]?.message;

describe('createCompanySchema', () => {
  const valid = { cnpj: '98.765.432/0001-98', whatsapp: '(11) 98765-4321', email: ' Contato@Padaria.COM.br ' };

  it('normalizes the CNPJ, the WhatsApp digits and the e-mail', () => {
    expect(createCompanySchema.parse(valid)).toEqual({ cnpj: '98765432000198', whatsapp: '11987654321', email: 'contato@padaria.com.br' });
    expect(createCompanySchema.parse({ ...valid, cnpj: '12.abc.345/01de-35' }).cnpj).toBe('12ABC34501DE35');
  });

  it.each([
    [{ cnpj: '' }, 'O CNPJ deve ter exatamente 14 dígitos'],
    [{ cnpj: undefined }, 'O CNPJ deve ter exatamente 14 dígitos'],
    [{ cnpj: '98.765.432/0001' }, 'O CNPJ deve ter exatamente 14 dígitos'],
    [{ cnpj: '98.765.432/0001-99' }, 'CNPJ inválido'],
    [{ whatsapp: '' }, COMPANY_MESSAGES.whatsappRequired],
    [{ whatsapp: undefined }, COMPANY_MESSAGES.whatsappRequired],
    [{ whatsapp: '(11) 9876' }, COMPANY_MESSAGES.whatsappInvalid],
    [{ email: '   ' }, 'Email profissional obrigatório'],
    [{ email: undefined }, 'Email profissional obrigatório'],
    [{ email: 'contato@padaria' }, 'Formato de email inválido'],
  ])('%o → %s', (patch, message) => {
    expect(firstError(createCompanySchema, { ...valid, ...patch })).toBe(message);
  });

  it('accepts landlines (10 digits) and mobiles (11 digits) as WhatsApp', () => {
    expect(createCompanySchema.parse({ ...valid, whatsapp: '(11) 3040-5060' }).whatsapp).toBe('1130405060');
  });

  it('property: any generated CNPJ (numeric or alphanumeric) passes, masked or not', () => {
    fc.assert(
      fc.property(fc.constantFrom(1 as const, 2 as const), fc.boolean(), (version, lower) => {
        const cnpj = generateCnpj({ version });
        const input = lower ? cnpj.toLowerCase() : cnpj;
        expect(cnpjLookupSchema.parse({ cnpj: input }).cnpj).toBe(cnpj);
      }),
    );
  });

  it('property: a numeric CNPJ with one digit changed is refused by the form schema', () => {
    // Mod 11 sees every single-digit change, except when both check digits are 0 (remainders 0
    // and 1 both give 0); the alphanumeric blind spots are documented in cnpj.test.ts.
    fc.assert(
      fc.property(fc.nat(13), fc.nat(9), (pos, digit) => {
        const cnpj = generateCnpj();
        fc.pre(String(digit) !== cnpj[pos] && cnpj.slice(12) !== '00');
        const changed = cnpj.slice(0, pos) + String(digit) + cnpj.slice(pos + 1);
        expect(firstError(createCompanySchema, { ...valid, cnpj: changed })).toBe('CNPJ inválido');
      }),
      { numRuns: 300 },
    );
  });
});

describe('buildCompanyCreation (spec §3 creation payload)', () => {
  it('uses the trade name, joins the address with commas and keeps the registry fields', () => {
    expect(buildCompanyCreation(record, { whatsapp: '11987654321', email: 'a@b.com' })).toEqual({
      name: 'PADARIA AURORA',
      cnpj: '98765432000198',
      phone: '11987654321',
      email: 'a@b.com',
      address: 'RUA DAS ACACIAS, 123, JARDIM PRIMAVERA',
      city: 'SAO PAULO',
      state: 'SP',
      cep: '04571000',
      fantasia: 'PADARIA AURORA',
      situacao: 'ATIVA',
      atividade_principal: record.atividade_principal,
      data_abertura: '2019-03-15',
    });
  });

  it('falls back to the legal name without a trade name', () => {
    const built = buildCompanyCreation({ ...record, nome_fantasia: '  ' }, { whatsapp: '', email: '' });
    expect(built.name).toBe('AURORA FICTICIA PANIFICADORA LTDA');
    expect(built.fantasia).toBeNull();
  });

  it('skips the empty parts of the address', () => {
    expect(joinAddress(['RUA A', null, ' ', 'CENTRO'])).toBe('RUA A, CENTRO');
    expect(joinAddress([null, undefined, ''])).toBeNull();
  });
});

describe('enrichment (spec §4)', () => {
  const company = { name: 'Padaria', cnpj: '98765432000198', fantasia: null, atividade_principal: null };

  it('runs only for a company with a CNPJ lacking its trade name or main activity', () => {
    expect(needsEnrichment(company)).toBe(true);
    expect(needsEnrichment({ ...company, fantasia: 'X' })).toBe(true);
    expect(needsEnrichment({ ...company, atividade_principal: 'Y' })).toBe(true);
    expect(needsEnrichment({ ...company, fantasia: 'X', atividade_principal: 'Y' })).toBe(false);
    expect(needsEnrichment({ ...company, cnpj: null })).toBe(false);
  });

  it('fills the missing fields from the lookup', () => {
    expect(enrichmentPatch(company, record)).toEqual({
      fantasia: 'PADARIA AURORA',
      atividade_principal: record.atividade_principal,
      situacao: 'ATIVA',
      data_abertura: '2019-03-15',
    });
  });

  it('never replaces an existing trade name', () => {
    expect(enrichmentPatch({ ...company, fantasia: 'Minha Padaria' }, record)).not.toHaveProperty('fantasia');
  });

  it('falls back to the company name when the lookup has no trade name', () => {
    expect(enrichmentPatch(company, { ...record, nome_fantasia: null })?.fantasia).toBe('Padaria');
  });

  it('has nothing to save for a complete company', () => {
    expect(enrichmentPatch({ ...company, fantasia: 'X', atividade_principal: 'Y' }, record)).toBeNull();
  });
});

describe('updateCompanySchema', () => {
  it('trims, stores empty fields as null and normalizes phone, e-mail, UF and CEP', () => {
    expect(
      updateCompanySchema.parse({
        name: ' Padaria ',
        fantasia: '',
        phone: '(11) 3040-5060',
        email: ' X@Y.COM ',
        address: '  ',
        city: 'Campinas',
        state: 'sp',
        cep: '13010-000',
      }),
    ).toEqual({ name: 'Padaria', fantasia: null, phone: '1130405060', email: 'x@y.com', address: null, city: 'Campinas', state: 'SP', cep: '13010000' });
  });

  it.each([
    [{ name: '' }, COMPANY_MESSAGES.nameRequired],
    [{ name: 'A', state: 'ZZ' }, COMPANY_MESSAGES.ufInvalid],
    [{ name: 'A', cep: '1234' }, COMPANY_MESSAGES.cepInvalid],
    [{ name: 'A', phone: 'abc' }, COMPANY_MESSAGES.phoneInvalid],
    [{ name: 'A', phone: 'telefone: 11 3040 5060' }, COMPANY_MESSAGES.phoneInvalid],
    [{ name: 'A', phone: '(11) 3040-5060 ramal' }, COMPANY_MESSAGES.phoneInvalid],
    [{ name: 'A', cep: 'xyz' }, COMPANY_MESSAGES.cepInvalid],
    [{ name: 'A', cep: '13010-000a' }, COMPANY_MESSAGES.cepInvalid],
    [{ name: 'A', phone: '12345' }, COMPANY_MESSAGES.phoneInvalid],
    [{ name: 'A', email: 'nope' }, COMPANY_MESSAGES.emailInvalid],
  ])('%o → %s', (value, message) => {
    expect(firstError(updateCompanySchema, value)).toBe(message);
  });
});
