import { describe, expect, it } from 'vitest';
import { emailSchema, looksLikeEmail, normalizeEmail } from './email.ts';

describe('normalizeEmail', () => {
  it.each([
    ['  Ana.Souza@Exemplo.COM.br ', 'ana.souza@exemplo.com.br'],
    ['ANA@X.IO', 'ana@x.io'],
    ['\tana@x.io\n', 'ana@x.io'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeEmail(input)).toBe(expected);
  });
});

describe('looksLikeEmail', () => {
  it.each(['ana@exemplo.com', 'ana.souza+teste@exemplo.com.br', 'a@b.co', 'jose@empresa-ltda.com.br'])('accepts %s', (v) => {
    expect(looksLikeEmail(v)).toBe(true);
  });
  it.each(['', 'ana', 'ana@', '@exemplo.com', 'ana@exemplo', 'ana souza@exemplo.com', 'ana@exem plo.com', 'ana@@exemplo.com', 'ana@exemplo.'])(
    'refuses %j',
    (v) => {
      expect(looksLikeEmail(v)).toBe(false);
    },
  );
});

describe('emailSchema', () => {
  const schema = emailSchema('Email é obrigatório', 'Email inválido');
  it('trims and lower-cases before checking', () => {
    expect(schema.parse('  Ana@Exemplo.com ')).toBe('ana@exemplo.com');
  });
  it('empty or blank → the required message only', () => {
    for (const v of ['', '   ']) {
      const r = schema.safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.message)).toEqual(['Email é obrigatório']);
    }
  });
  it('a malformed address → the invalid message', () => {
    const r = schema.safeParse('ana@exemplo');
    expect(r.error!.issues.map((i) => i.message)).toEqual(['Email inválido']);
  });
  it('a missing value → the required message', () => {
    expect(schema.safeParse(undefined).error!.issues[0]!.message).toBe('Email é obrigatório');
  });
});
