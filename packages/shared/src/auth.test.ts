import { describe, expect, it } from 'vitest';
import { firstIssue, newPasswordSchema, resetRequestSchema, signInSchema, signUpSchema } from './auth.ts';
import * as rules from './auth-rules.ts';
import { checkNewPassword, checkResetRequest, checkSignIn, checkSignUp } from './auth-rules.ts';
import * as email from './email.ts';

/** What a schema says about one input: the cleaned values, or the single message and its field. */
function outcome(schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown; error?: { issues: { message: string; path: PropertyKey[] }[] } } }, value: unknown) {
  const r = schema.safeParse(value);
  if (r.success) return { ok: r.data };
  expect(r.error!.issues).toHaveLength(1);
  return { message: r.error!.issues[0]!.message, field: r.error!.issues[0]!.path[0] };
}

const REQUIRED = 'Email e senha são obrigatórios';
const INVALID_EMAIL = 'Formato de email inválido';
const SIGNUP_REQUIRED = 'Por favor, preencha todos os campos obrigatórios';
const MISMATCH = 'As senhas não conferem';
const WEAK = 'Senha muito fraca: A senha deve ter pelo menos 6 caracteres';

describe('sign-in (spec §5)', () => {
  it('trims and lower-cases the e-mail and trims the password', () => {
    expect(outcome(signInSchema, { email: '  Ana.Souza@Exemplo.COM.br ', password: '  segredo123 ' })).toEqual({
      ok: { email: 'ana.souza@exemplo.com.br', password: 'segredo123' },
    });
  });
  it.each([
    ['nothing at all', {}, 'email'],
    ['an empty e-mail', { email: '', password: 'segredo123' }, 'email'],
    ['a blank e-mail', { email: '   ', password: 'segredo123' }, 'email'],
    ['an empty password', { email: 'ana@exemplo.com.br', password: '' }, 'password'],
    ['a password of spaces', { email: 'ana@exemplo.com.br', password: '    ' }, 'password'],
  ])(`refuses %s with '${REQUIRED}'`, (_, value, field) => {
    expect(outcome(signInSchema, value)).toEqual({ message: REQUIRED, field });
  });
  it.each(['ana', 'ana@exemplo', 'ana exemplo@x.com', '@exemplo.com.br', 'ana@.com'])(`refuses %s with '${INVALID_EMAIL}'`, (email) => {
    expect(outcome(signInSchema, { email, password: 'segredo123' })).toEqual({ message: INVALID_EMAIL, field: 'email' });
  });
  it('is not a type error for a non-object body: it is the required message', () => {
    expect(outcome(signInSchema, 'x')).toEqual({ message: REQUIRED, field: 'email' });
  });
});

describe('sign-up (spec §5)', () => {
  const valid = { firstName: ' Ana ', lastName: ' Souza ', email: ' ANA@Exemplo.com.br', password: 'segredo', confirmPassword: 'segredo' };
  it('accepts a complete form and trims names, e-mail and passwords (sign-in trims the password too)', () => {
    expect(outcome(signUpSchema, { ...valid, password: ' segredo ', confirmPassword: ' segredo ' })).toEqual({
      ok: { firstName: 'Ana', lastName: 'Souza', email: 'ana@exemplo.com.br', password: 'segredo', confirmPassword: 'segredo' },
    });
  });
  it('counts the length after trimming', () => {
    expect(outcome(signUpSchema, { ...valid, password: ' 12345 ', confirmPassword: ' 12345 ' })).toEqual({ message: WEAK, field: 'password' });
    expect(outcome(newPasswordSchema, { password: '12345  ', confirmPassword: '12345  ' })).toEqual({ message: WEAK, field: 'password' });
  });
  it.each(['firstName', 'lastName', 'email', 'password', 'confirmPassword'] as const)(`a missing %s gives '${SIGNUP_REQUIRED}' on that field`, (field) => {
    expect(outcome(signUpSchema, { ...valid, [field]: field.includes('assword') ? '' : '   ' })).toEqual({ message: SIGNUP_REQUIRED, field });
  });
  it(`a malformed e-mail gives '${INVALID_EMAIL}'`, () => {
    expect(outcome(signUpSchema, { ...valid, email: 'ana@exemplo' })).toEqual({ message: INVALID_EMAIL, field: 'email' });
  });
  it(`different passwords give '${MISMATCH}'`, () => {
    expect(outcome(signUpSchema, { ...valid, confirmPassword: 'segredO' })).toEqual({ message: MISMATCH, field: 'confirmPassword' });
  });
  it(`under 6 characters gives '${WEAK}'; exactly 6 is enough`, () => {
    expect(outcome(signUpSchema, { ...valid, password: '12345', confirmPassword: '12345' })).toEqual({ message: WEAK, field: 'password' });
    expect(outcome(signUpSchema, { ...valid, password: '123456', confirmPassword: '123456' })).toHaveProperty('ok');
  });
  it('reports one problem at a time, in the order of the spec', () => {
    expect(outcome(signUpSchema, { ...valid, lastName: '', email: 'x', confirmPassword: 'y' })).toEqual({ message: SIGNUP_REQUIRED, field: 'lastName' });
    expect(outcome(signUpSchema, { ...valid, email: 'x', password: '1', confirmPassword: '2' })).toEqual({ message: INVALID_EMAIL, field: 'email' });
    expect(outcome(signUpSchema, { ...valid, password: '1', confirmPassword: '2' })).toEqual({ message: MISMATCH, field: 'confirmPassword' });
  });
});

describe('password reset request (spec §5)', () => {
  it("an empty e-mail gives 'Email obrigatório'", () => {
    expect(outcome(resetRequestSchema, { email: '  ' })).toEqual({ message: 'Email obrigatório', field: 'email' });
    expect(outcome(resetRequestSchema, {})).toEqual({ message: 'Email obrigatório', field: 'email' });
  });
  it('a malformed e-mail is refused; a good one is normalised', () => {
    expect(outcome(resetRequestSchema, { email: 'ana' })).toEqual({ message: INVALID_EMAIL, field: 'email' });
    expect(outcome(resetRequestSchema, { email: ' Ana@Exemplo.com.br ' })).toEqual({ ok: { email: 'ana@exemplo.com.br' } });
  });
});

describe('new password (/auth?reset=true)', () => {
  it.each([
    [{ password: '', confirmPassword: 'segredo' }, SIGNUP_REQUIRED, 'password'],
    [{ password: 'segredo', confirmPassword: '' }, SIGNUP_REQUIRED, 'confirmPassword'],
    [{ password: 'segredo', confirmPassword: 'segredO' }, MISMATCH, 'confirmPassword'],
    [{ password: '12345', confirmPassword: '12345' }, WEAK, 'password'],
  ])('%j → %s', (value, message, field) => {
    expect(outcome(newPasswordSchema, value)).toEqual({ message, field });
  });
  it('accepts matching passwords of 6 or more', () => {
    expect(outcome(newPasswordSchema, { password: 'segredo', confirmPassword: 'segredo' })).toEqual({ ok: { password: 'segredo', confirmPassword: 'segredo' } });
  });
});

describe('the zod-free rules the /auth page uses agree with the schemas', () => {
  const samples: Record<string, unknown>[] = [
    {},
    { email: ' A@B.co ', password: ' x ' },
    { email: 'a@b', password: 'x' },
    { firstName: 'a', lastName: 'b', email: 'a@b.co', password: '123456', confirmPassword: '123456' },
    { firstName: 'a', lastName: 'b', email: 'a@b.co', password: '12345', confirmPassword: '12345' },
    { firstName: 'a', lastName: 'b', email: 'a@b.co', password: '123456', confirmPassword: '654321' },
    { password: 'abcdef', confirmPassword: 'abcdef' },
  ];
  const pairs = [
    [checkSignIn, signInSchema],
    [checkSignUp, signUpSchema],
    [checkResetRequest, resetRequestSchema],
    [checkNewPassword, newPasswordSchema],
  ] as const;
  it.each(samples)('%j', (sample) => {
    for (const [check, schema] of pairs) {
      const rule = check(sample);
      const parsed = outcome(schema, sample);
      expect(parsed).toEqual(rule.success ? { ok: rule.data } : { message: rule.message, field: rule.field });
    }
  });
  it('firstIssue reads the message of a failed parse', () => {
    const r = signInSchema.safeParse({});
    expect(r.success).toBe(false);
    expect(firstIssue(r.error!)).toBe(REQUIRED);
  });
});

describe('auth-rules keeps the e-mail helpers of email.ts', () => {
  it.each(['ana@exemplo.com.br', ' Ana@Exemplo.COM ', 'ana', 'ana@exemplo', 'a b@c.de', '@c.de', 'a@b.c', ''])('%j', (value) => {
    expect(rules.normalizeEmail(value)).toBe(email.normalizeEmail(value));
    expect(rules.looksLikeEmail(value)).toBe(email.looksLikeEmail(value));
  });
});
