import { describe, expect, it } from 'vitest';
import { activityQuerySchema } from './activity.ts';
import { createCompanySchema, updateCompanySchema } from './company.ts';
import { invitationTokenSchema, sendInvitationSchema } from './invitations.ts';
import { memberIdSchema } from './members.ts';
import { profileSchema } from './profile.ts';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, safeText } from './text.ts';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe('hasControlCharacters', () => {
  it('refuses U+0000 always, other C0 controls and DEL', () => {
    for (const v of ['\u0000', 'a\u0000', '\u0001x', 'x\u001Fy', 'del\u007F', '\u001B[31m']) {
      expect(hasControlCharacters(v)).toBe(true);
      expect(hasControlCharacters(v, { multiline: true })).toBe(true);
    }
  });
  it('single-line text refuses tab and line breaks; multi-line text keeps them', () => {
    for (const v of ['a\tb', 'a\nb', 'a\r\nb']) {
      expect(hasControlCharacters(v)).toBe(true);
      expect(hasControlCharacters(v, { multiline: true })).toBe(false);
    }
  });
  it('ordinary Portuguese text passes', () => {
    for (const v of ['', 'Ação', 'São João — Ltda.', 'ç ã õ é ü ñ 😀', '(11) 3040-5060', 'R$ 1.000,00']) expect(hasControlCharacters(v)).toBe(false);
  });
});

describe('safeText', () => {
  it('fails with the Portuguese message, and a missing value with the given one', () => {
    expect(firstMessage(safeText().safeParse('a\u0000b'))).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(firstMessage(safeText({ error: 'Obrigatório' }).safeParse(undefined))).toBe('Obrigatório');
    expect(safeText({ multiline: true }).parse('linha 1\nlinha 2')).toBe('linha 1\nlinha 2');
  });
});

describe('every request schema refuses control characters in its text fields', () => {
  const nul = (v: string) => `${v.slice(0, 1)}\u0000${v.slice(1)}`;
  const cases: Array<[string, { safeParse: (v: unknown) => { success: boolean } }, Record<string, unknown>]> = [
    ['profile', profileSchema, { firstName: 'Ana', lastName: 'Souza', phone: '(11) 93456-7890', cpf: '529.982.247-25', invitationToken: 'a'.repeat(43) }],
    ['update company', updateCompanySchema, { name: 'Padaria', fantasia: 'Pão', phone: '1130405060', email: 'a@b.com', address: 'Rua A', city: 'Campinas', state: 'SP', cep: '13010000' }],
    ['create company', createCompanySchema, { cnpj: '11.222.333/0001-81', whatsapp: '11987654321', email: 'a@b.com' }],
    ['send invitation', sendInvitationSchema, { email: 'a@b.com', role: 'vendas' }],
    ['activity filters', activityQuerySchema, { userId: 'abc', action: 'login', from: '2026-01-01', to: '2026-01-02' }],
  ];
  it.each(cases)('%s', (_name, schema, valid) => {
    expect(schema.safeParse(valid).success).toBe(true);
    for (const key of Object.keys(valid)) {
      if (typeof valid[key] !== 'string') continue;
      expect(schema.safeParse({ ...valid, [key]: nul(String(valid[key])) }).success, key).toBe(false);
    }
  });
  it('ids and tokens', () => {
    expect(memberIdSchema.safeParse('abc\u0000').success).toBe(false);
    expect(invitationTokenSchema.safeParse(`${'a'.repeat(43)}\u0000`).success).toBe(false);
  });
  it('the profile’s invitation token must look like one of ours (or be empty)', () => {
    expect(firstMessage(profileSchema.safeParse({ firstName: 'A', lastName: 'B', invitationToken: 'nada disso' }))).toBe('Token de convite inválido');
    expect(profileSchema.parse({ firstName: 'A', lastName: 'B', invitationToken: '' }).invitationToken).toBeNull();
  });
});
