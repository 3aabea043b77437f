import { describe, expect, it } from 'vitest';
import {
  EMAIL_CONFIRMATION_CODES,
  emailConfirmationErrorMessage,
  loginErrorMessage,
  loginExceptionMessage,
  resetPasswordErrorMessage,
  signUpErrorMessage,
} from './auth-errors.ts';

/** Spec §8 "Login", row by row: the hosted service's message, and better-auth's code for the same case. */
describe('login errors (spec §8)', () => {
  it.each([
    ['Email not confirmed (hosted service)', { message: 'Email not confirmed', status: 400 }, 'Email não confirmado, verifique sua caixa de entrada'],
    ['EMAIL_NOT_VERIFIED (better-auth, 403)', { code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified', status: 403 }, 'Email não confirmado, verifique sua caixa de entrada'],
    ['Invalid login credentials (hosted service)', { message: 'Invalid login credentials', status: 400 }, 'Credenciais inválidas'],
    ['INVALID_EMAIL_OR_PASSWORD (better-auth, 401)', { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password', status: 401 }, 'Credenciais inválidas'],
    ['any other 400', { code: 'VALIDATION_ERROR', message: 'Invalid email', status: 400 }, 'Erro de validação (400)'],
    ["a message with 'network'", { message: 'Network request failed', status: 0 }, 'Erro de conexão'],
    ['a failed fetch', { message: 'Failed to fetch' }, 'Erro de conexão'],
    ['RATE_LIMITED (our 429, with the wait)', { code: 'RATE_LIMITED', message: 'Muitas tentativas. Tente novamente em 42 segundos.', status: 429 }, 'Muitas tentativas. Tente novamente em 42 segundos.'],
    ['a 429 in English from elsewhere', { message: 'Too many requests. Please try again later.', status: 429 }, 'Muitas tentativas. Tente novamente em alguns instantes.'],
    ['anything else', { code: 'INTERNAL', message: 'boom', status: 500 }, 'Erro no login'],
    ['no error object', undefined, 'Erro no login'],
  ])('%s → %s', (_, error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected);
  });
  it('the unconfirmed e-mail wins over the 400 status and the credentials over network words', () => {
    expect(loginErrorMessage({ message: 'Email not confirmed', status: 400 })).not.toBe('Erro de validação (400)');
    expect(loginErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD', message: 'network', status: 400 })).toBe('Credenciais inválidas');
  });
  it("an exception is 'Erro inesperado', unless it is a lost connection", () => {
    expect(loginExceptionMessage(new Error('boom'))).toBe('Erro inesperado');
    expect(loginExceptionMessage('x')).toBe('Erro inesperado');
    expect(loginExceptionMessage(new TypeError('Failed to fetch'))).toBe('Erro de conexão');
    expect(loginExceptionMessage(new Error('NetworkError when attempting to fetch resource.'))).toBe('Erro de conexão');
  });
});

/** Spec §8 "Signup", row by row. */
describe('sign-up errors (spec §8)', () => {
  it.each([
    ['User already registered (hosted service)', { message: 'User already registered', status: 400 }, { title: 'Email já cadastrado', alreadyRegistered: true }],
    ['USER_ALREADY_EXISTS (our server hook, 422)', { code: 'USER_ALREADY_EXISTS', message: 'User already registered', status: 422 }, { title: 'Email já cadastrado', alreadyRegistered: true }],
    ['USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL (better-auth)', { code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL', message: 'User already exists. Use another email.', status: 422 }, { title: 'Email já cadastrado', alreadyRegistered: true }],
    ['Database error', { message: 'Database error saving new user', status: 500 }, { title: 'Erro temporário' }],
    ['email rate limit exceeded', { message: 'email rate limit exceeded', status: 429 }, { title: 'Muitas tentativas detectadas', description: 'Aguarde de 5 a 10 minutos antes de tentar novamente.' }],
    ['status 429', { message: 'Too many requests. Please try again later.', status: 429 }, { title: 'Limite de tentativas atingido' }],
    ['RATE_LIMITED (our 429) adds the wait', { code: 'RATE_LIMITED', message: 'Muitas tentativas. Tente novamente em 9 segundos.', status: 429 }, { title: 'Limite de tentativas atingido', description: 'Muitas tentativas. Tente novamente em 9 segundos.' }],
    ['anything else keeps its message', { code: 'PASSWORD_TOO_LONG', message: 'Password too long', status: 400 }, { title: 'Erro ao criar conta', description: 'Password too long' }],
    ['anything else without a message', { status: 500 }, { title: 'Erro ao criar conta' }],
  ])('%s', (_, error, expected) => {
    expect(signUpErrorMessage(error)).toEqual(expected);
  });
});

describe('e-mail confirmation errors (spec §8)', () => {
  it('the URL’s error_description comes first', () => {
    expect(emailConfirmationErrorMessage({ error: 'INVALID_TOKEN', errorDescription: 'Link já utilizado' })).toBe('Link já utilizado');
  });
  it.each(Object.keys(EMAIL_CONFIRMATION_CODES))('better-auth code %s has a Portuguese explanation', (code) => {
    const message = emailConfirmationErrorMessage({ error: code });
    expect(message).toBe(EMAIL_CONFIRMATION_CODES[code]);
    expect(message).not.toMatch(/token|user/i);
  });
  it("an unknown code or none gives 'Erro desconhecido na confirmação'", () => {
    expect(emailConfirmationErrorMessage({ error: 'SOMETHING_NEW' })).toBe('Erro desconhecido na confirmação');
    expect(emailConfirmationErrorMessage({ error: null, errorDescription: '  ' })).toBe('Erro desconhecido na confirmação');
  });
});

describe('new-password errors', () => {
  it('an invalid or used token is an invalid link', () => {
    expect(resetPasswordErrorMessage({ code: 'INVALID_TOKEN', message: 'Invalid token', status: 400 })).toMatchObject({ title: 'Link inválido ou expirado', invalidLink: true });
  });
  it('anything else is a generic error', () => {
    expect(resetPasswordErrorMessage({ status: 500 })).toEqual({ title: 'Erro ao redefinir senha', description: 'Tente novamente em alguns instantes.' });
  });
});
