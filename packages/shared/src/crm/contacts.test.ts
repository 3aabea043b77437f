import { describe, expect, it } from 'vitest';
import { bulkSchema, cleanRows, dedupeKeys, DedupeIndex, importStartSchema, mergeContact, suggestMapping, validateImportRow } from './contacts.ts';

describe('suggestMapping', () => {
  it('maps Portuguese header names, accents and case ignored, each field once', () => {
    expect(suggestMapping(['Nome', 'E-mail', 'Telefone', 'Celular', 'Empresa', 'CNPJ', 'Cargo', 'CPF', 'Tags', 'Observações', 'Coluna X'])).toEqual([
      'name',
      'email',
      'phone',
      'mobile',
      'company',
      'cnpj',
      'position',
      'cpf',
      'tags',
      'notes',
      null,
    ]);
    expect(suggestMapping(['NOME COMPLETO', 'email', 'Razão Social', 'WhatsApp', 'etiquetas', 'nome'])).toEqual(['name', 'email', 'company', 'mobile', 'tags', null]);
  });
});

describe('cleanRows', () => {
  it('skips empty lines and repeated header lines, keeping line numbers', () => {
    const { header, rows } = cleanRows([[''], ['Nome', 'Email'], ['Ana', 'ana@x.com'], ['', ''], ['nome', 'email'], ['Bia', 'bia@x.com']]);
    expect(header).toEqual(['Nome', 'Email']);
    expect(rows).toEqual([
      { line: 2, values: ['Ana', 'ana@x.com'] },
      { line: 5, values: ['Bia', 'bia@x.com'] },
    ]);
  });
});

describe('validateImportRow', () => {
  const mapping = ['name', 'email', 'phone', 'cnpj', 'cpf', 'tags'] as const;
  it('normalizes a valid row', () => {
    const { contact, errors } = validateImportRow(['  Ana  Souza ', 'ANA@X.COM.BR, ana2@x.com', '+55 (11) 98888-7777', '11.222.333/0001-81', '529.982.247-25', 'vip; lead'], [...mapping]);
    expect(errors).toEqual([]);
    expect(contact).toMatchObject({ name: 'Ana Souza', emails: ['ana@x.com.br', 'ana2@x.com'], phones: ['11988887777'], cnpj: '11222333000181', cpf: '52998224725', tags: ['vip', 'lead'] });
  });
  it('reports each invalid e-mail, phone, CNPJ and CPF', () => {
    const { errors } = validateImportRow(['Ana', 'ana@', '123', '11.222.333/0001-00', '111.111.111-11', ''], [...mapping]);
    expect(errors.map((e) => e.field)).toEqual(['email', 'phone', 'cnpj', 'cpf']);
    expect(errors[0]!.message).toContain('E-mail inválido');
  });
  it('needs a name or a company', () => {
    expect(validateImportRow(['', 'a@b.com', '', '', '', ''], [...mapping]).errors).toEqual([{ field: 'name', message: 'Nome obrigatório (ou informe a empresa).' }]);
  });
});

describe('de-duplication', () => {
  it('finds a contact by any e-mail, phone or CPF, in the base or earlier in the file', () => {
    const index = new DedupeIndex<string>();
    index.add(dedupeKeys({ emails: ['ana@x.com'], phones: ['11988887777'], cpf: null }), 'existing-ana');
    expect(index.find(dedupeKeys({ emails: ['outra@x.com'], phones: ['11988887777'], cpf: null }))).toBe('existing-ana');
    expect(index.find(dedupeKeys({ emails: ['ana@x.com'], phones: [], cpf: null }))).toBe('existing-ana');
    expect(index.find(dedupeKeys({ emails: ['bia@x.com'], phones: [], cpf: '52998224725' }))).toBeUndefined();
    index.add(dedupeKeys({ emails: ['bia@x.com'], phones: [], cpf: '52998224725' }), 'row-3');
    expect(index.find(dedupeKeys({ emails: [], phones: [], cpf: '52998224725' }))).toBe('row-3');
    // The first holder of a key keeps it.
    index.add(['e:ana@x.com'], 'other');
    expect(index.find(['e:ana@x.com'])).toBe('existing-ana');
  });

  it('merges without overwriting: lists united, empty fields filled', () => {
    const merged = mergeContact(
      { emails: ['ana@x.com'], phones: [], tags: ['vip'], position: 'Diretora', cpf: null, notes: null },
      { emails: ['ana@x.com', 'ana@y.com'], phones: ['11988887777'], tags: ['lead', 'vip'], position: 'Gerente', cpf: '52998224725', notes: 'nota' },
    );
    expect(merged).toEqual({ emails: ['ana@x.com', 'ana@y.com'], phones: ['11988887777'], tags: ['vip', 'lead'], position: 'Diretora', cpf: '52998224725', notes: 'nota' });
  });
});

describe('schemas', () => {
  it('refuses a mapping without name or company and a field chosen twice', () => {
    expect(importStartSchema.safeParse({ mapping: ['email', null], dedupe: 'merge' }).error?.issues[0]?.message).toBe('Escolha a coluna do nome (pessoa) ou da empresa.');
    expect(importStartSchema.safeParse({ mapping: ['name', 'email', 'email'], dedupe: 'skip' }).error?.issues[0]?.message).toBe('A coluna "E-mail" foi escolhida mais de uma vez.');
    expect(importStartSchema.safeParse({ mapping: ['name'], dedupe: 'talvez' }).error?.issues[0]?.message).toBe('Escolha mesclar ou ignorar os duplicados.');
    expect(importStartSchema.parse({ mapping: ['name', null], dedupe: 'merge' })).toEqual({ mapping: ['name', null], dedupe: 'merge', legalBasis: null, tags: [] });
  });
  it('bulk: a tag action needs tags; ids or a filter', () => {
    expect(bulkSchema.safeParse({ entity: 'people', target: { ids: [] }, action: { type: 'delete' } }).success).toBe(false);
    expect(bulkSchema.safeParse({ entity: 'people', target: { filter: {} }, action: { type: 'tag' } }).error?.issues[0]?.message).toBe('Informe ao menos uma etiqueta para adicionar ou remover.');
    expect(bulkSchema.safeParse({ entity: 'people', target: { filter: { tag: 'vip', hasEmail: 'true' } }, action: { type: 'assign_owner', ownerId: null } }).success).toBe(true);
  });
});
