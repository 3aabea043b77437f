import { AUTH_MESSAGES } from '@sede/shared/auth-messages';
import { LOGIN_ERRORS, SIGNUP_ERRORS } from '@sede/shared/auth-errors';
import { CONTROL_CHARACTERS_MESSAGE, LONE_SURROGATE_MESSAGE } from '@sede/shared/text';
import { rateLimitedResponse } from './rate-limit.ts';

/**
 * better-auth answers its own endpoints in English ("Validation Error", "Invalid email or
 * password", "Invalid origin", "Too many requests…"). The API speaks Portuguese: its 400, 401,
 * 403, 422 and 429 answers keep their status and code (the web app maps by code) and get a
 * Portuguese message, as `message` (what better-auth's client reads) and `error` (the API's
 * shape). A 429 becomes the API's own RATE_LIMITED answer with the wait and Retry-After.
 */
const MESSAGES: Record<string, string> = {
  VALIDATION_ERROR: 'Dados inválidos. Confira os campos enviados.',
  BAD_REQUEST: 'Dados inválidos. Confira os campos enviados.',
  BODY_MUST_BE_AN_OBJECT: 'Dados inválidos. Confira os campos enviados.',
  MISSING_FIELD: 'Preencha todos os campos obrigatórios.',
  FIELD_NOT_ALLOWED: 'Campo não permitido.',
  INVALID_EMAIL: 'Email inválido',
  PASSWORD_TOO_SHORT: 'A senha deve ter pelo menos 6 caracteres',
  PASSWORD_TOO_LONG: 'A senha é longa demais',
  INVALID_TOKEN: 'Link inválido ou expirado',
  TOKEN_EXPIRED: 'Link inválido ou expirado',
  INVALID_CALLBACK_URL: 'Endereço de retorno inválido',
  INVALID_REDIRECT_URL: 'Endereço de retorno inválido',
  INVALID_ERROR_CALLBACK_URL: 'Endereço de retorno inválido',
  INVALID_NEW_USER_CALLBACK_URL: 'Endereço de retorno inválido',
  CALLBACK_URL_REQUIRED: 'Endereço de retorno obrigatório',
  EMAIL_ALREADY_VERIFIED: 'Este email já foi confirmado',
  CONTROL_CHARACTERS: CONTROL_CHARACTERS_MESSAGE,
  LONE_SURROGATE: LONE_SURROGATE_MESSAGE,
  FIRST_NAME_TOO_LONG: AUTH_MESSAGES.firstNameTooLong,
  LAST_NAME_TOO_LONG: AUTH_MESSAGES.lastNameTooLong,
  // 401 / 403 / 422
  INVALID_EMAIL_OR_PASSWORD: LOGIN_ERRORS.invalidCredentials,
  EMAIL_NOT_VERIFIED: LOGIN_ERRORS.emailNotConfirmed,
  INVALID_PASSWORD: 'Senha incorreta',
  USER_NOT_FOUND: 'Usuário não encontrado',
  INVALID_USER: 'Usuário inválido',
  UNAUTHORIZED: 'Usuário não autenticado',
  SESSION_EXPIRED: 'Sessão expirada. Entre novamente para continuar.',
  SESSION_NOT_FRESH: 'Sessão expirada. Entre novamente para continuar.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Esta conta não tem senha cadastrada',
  USER_ALREADY_EXISTS: SIGNUP_ERRORS.alreadyRegistered,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: SIGNUP_ERRORS.alreadyRegistered,
  FAILED_TO_CREATE_USER: 'Não foi possível criar a conta',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'Esta conta já está vinculada',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'Esta conta já está vinculada',
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'Não é possível desvincular a última forma de acesso',
  EMAIL_MISMATCH: 'O email não confere',
  INVALID_ORIGIN: 'Origem da requisição não permitida',
  MISSING_OR_NULL_ORIGIN: 'Origem da requisição não permitida',
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'Origem da requisição não permitida',
};
const FALLBACK: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Usuário não autenticado',
  403: 'Acesso negado',
  422: 'Não foi possível processar os dados enviados',
};
const DEFAULT_CODE: Record<number, string> = { 400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 422: 'UNPROCESSABLE_ENTITY' };

export async function portugueseAuthErrors(res: Response): Promise<Response> {
  const status = res.status;
  if (status === 429) {
    const wait = Number(res.headers.get('retry-after') ?? res.headers.get('x-retry-after'));
    return rateLimitedResponse(Number.isFinite(wait) && wait > 0 ? Math.ceil(wait) : 60);
  }
  if (!(status in FALLBACK) || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res.clone().json().catch(() => null)) as { code?: unknown } | null;
  if (!body || typeof body !== 'object') return res;
  const code = typeof body.code === 'string' ? body.code : DEFAULT_CODE[status]!;
  const message = MESSAGES[code] ?? FALLBACK[status]!;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, code, message, error: message }), { status, headers });
}

/**
 * better-auth's English success messages, in Portuguese. The reset request answers the same
 * whether the address has an account or not.
 */
export const AUTH_SUCCESS_MESSAGES: Record<string, string> = {
  '/request-password-reset': 'Se houver uma conta com este e-mail, você receberá em instantes um link para criar uma nova senha.',
  '/forget-password': 'Se houver uma conta com este e-mail, você receberá em instantes um link para criar uma nova senha.',
};

export async function portugueseAuthSuccess(path: string, res: Response): Promise<Response> {
  const message = AUTH_SUCCESS_MESSAGES[path];
  if (!message || res.status !== 200 || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res.clone().json().catch(() => null)) as { message?: unknown } | null;
  if (!body || typeof body !== 'object' || typeof body.message !== 'string') return res;
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, message }), { status: 200, headers });
}
