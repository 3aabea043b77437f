import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSignUp } from './auth-rules.ts';
import { ENTRY_MESSAGES, entryCreateSchema } from './finance/entries.ts';
import { fileNameSchema } from './platform/files.ts';
import { activityQuerySchema } from './activity.ts';
import { createCompanySchema, updateCompanySchema } from './company.ts';
import { invitationTokenSchema, sendInvitationSchema } from './invitations.ts';
import { memberIdSchema } from './members.ts';
import { profileSchema } from './profile.ts';
import { BIDI_CONTROLS_MESSAGE, CONTROL_CHARACTERS_MESSAGE, hasControlCharacters, hasLoneSurrogate, LONE_SURROGATE_MESSAGE, safeText, unstorableTextIn } from './text.ts';

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

// A string of UTF-16 code units, lone surrogates included (what a JSON "\\ud83d" escape can carry).
const codeUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 12 }).map((units) => String.fromCharCode(...units));
// Text made of what matters here: letters, accents, whole and half emoji, controls, a bidi override.
const pieces = fc.string({ unit: fc.constantFrom('a', 'Z', 'ç', 'ã', ' ', '-', '😀', '👍🏽', '\ud83d', '\ude00', '\u0000', '\t', '\n', '\u007f', '\u202e', '\ufffd') });
const wellFormed = (v: string) => (v as string & { isWellFormed(): boolean }).isWellFormed();

describe('lone surrogates (decision 0362)', () => {
  it('property: hasLoneSurrogate is "not well-formed UTF-16"; safeText accepts a text iff it has no control character and no lone surrogate, and keeps it as is', () => {
    fc.assert(
      fc.property(fc.oneof(codeUnits, pieces), (v) => {
        expect(hasLoneSurrogate(v)).toBe(!wellFormed(v));
        const r = safeText().safeParse(v);
        expect(r.success).toBe(wellFormed(v) && !hasControlCharacters(v));
        if (r.success) expect(r.data).toBe(v);
        else expect([CONTROL_CHARACTERS_MESSAGE, LONE_SURROGATE_MESSAGE]).toContain(firstMessage(r));
      }),
    );
  });

  it('refuses half an emoji with its own message; whole emoji and accents pass', () => {
    const emoji = '😀';
    expect(firstMessage(safeText().safeParse(`Padaria ${emoji[0]}`))).toBe(LONE_SURROGATE_MESSAGE);
    expect(firstMessage(safeText().safeParse(`${emoji[1]}Padaria`))).toBe(LONE_SURROGATE_MESSAGE);
    expect(safeText().parse(`Padaria ${emoji} São João`)).toBe(`Padaria ${emoji} São João`);
  });

  it('property: a JSON body is unstorable iff one of its strings or keys has a NUL or a lone surrogate', () => {
    const texts = (v: unknown): string[] =>
      typeof v === 'string' ? [v] : Array.isArray(v) ? v.flatMap(texts) : v && typeof v === 'object' ? Object.entries(v).flatMap(([k, x]) => [k, ...texts(x)]) : [];
    const json = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.oneof(codeUnits, pieces), fc.integer(), fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.oneof(codeUnits, pieces), tie('value'), { maxKeys: 4 })),
    })).value;
    fc.assert(
      fc.property(json, (body) => {
        const bad = texts(body).some((t) => t.includes('\u0000') || !wellFormed(t));
        expect(unstorableTextIn(body) !== null).toBe(bad);
      }),
    );
    expect(unstorableTextIn({ a: [{ b: 'x\u0000' }] })).toBe(CONTROL_CHARACTERS_MESSAGE);
    expect(unstorableTextIn({ '\udc00': 1 })).toBe(LONE_SURROGATE_MESSAGE);
    // Deeper than any recursion would go.
    let deep: unknown = 'ok\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorableTextIn(deep)).toBe(LONE_SURROGATE_MESSAGE);
  });
});

describe('names, file names and instalments (decisions 0363–0365)', () => {
  it('a first name or surname over 100 characters is refused with a message, never cut', () => {
    const long = 'a'.repeat(60_000);
    expect(firstMessage(profileSchema.safeParse({ firstName: long, lastName: 'Souza' }))).toBe('O nome pode ter no máximo 100 caracteres.');
    expect(firstMessage(profileSchema.safeParse({ firstName: 'Ana', lastName: 'b'.repeat(101) }))).toBe('O sobrenome pode ter no máximo 100 caracteres.');
    expect(profileSchema.parse({ firstName: 'a'.repeat(100), lastName: 'Souza' }).firstName).toHaveLength(100);
    const signUp = { firstName: long, lastName: 'Souza', email: 'ana@exemplo.com.br', password: 'segredo', confirmPassword: 'segredo' };
    expect(checkSignUp(signUp)).toEqual({ success: false, field: 'firstName', message: 'O nome pode ter no máximo 100 caracteres.' });
  });

  it('a file name with a bidi control (fatura\u202Efdp.txt reads as faturatxt.pdf) is refused', () => {
    for (const name of ['fatura\u202Efdp.txt', 'a\u202Db.pdf', 'x\u2066y.png', 'rlm\u200F.txt', 'alm\u061C.txt']) {
      expect(firstMessage(fileNameSchema.safeParse(name)), name).toBe(BIDI_CONTROLS_MESSAGE);
    }
    expect(fileNameSchema.parse('Relatório — 2026 (final).pdf')).toBe('Relatório — 2026 (final).pdf');
    expect(fileNameSchema.parse('تقرير.pdf')).toBe('تقرير.pdf');
  });

  it('instalments and recurrences: every generated date must fit 2000–2099, refused up front naming the last one', () => {
    const entry = { kind: 'payable', description: 'Equipamento', amountCents: 120_000, dueDate: '2099-12-30' };
    expect(firstMessage(entryCreateSchema.safeParse({ ...entry, installments: 120 }))).toBe(ENTRY_MESSAGES.installmentsPastMaxDate('2109-11-30'));
    expect(ENTRY_MESSAGES.installmentsPastMaxDate('2109-11-30')).toContain('30/11/2109');
    expect(entryCreateSchema.safeParse({ ...entry, dueDate: '2099-01-31', installments: 12 }).success).toBe(true);
    expect(firstMessage(entryCreateSchema.safeParse({ ...entry, dueDate: '2099-01-31', installments: 13 }))).toBe(ENTRY_MESSAGES.installmentsPastMaxDate('2100-01-31'));
    expect(firstMessage(entryCreateSchema.safeParse({ ...entry, dueDate: '2096-03-10', recurrence: 'yearly' }))).toBe(ENTRY_MESSAGES.recurrencePastMaxDate('2100-03-10'));
    expect(firstMessage(entryCreateSchema.safeParse({ ...entry, dueDate: '2099-01-05', competenceDate: '2099-06-01', recurrence: 'monthly', occurrences: 8 }))).toBe(ENTRY_MESSAGES.recurrencePastMaxDate('2100-01-01'));
  });
});
