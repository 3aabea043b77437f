/**
 * Error catalogue of spec §8 for sign-in and sign-up. The spec's triggers are the hosted
 * service's messages; our server is better-auth, so each row also matches its error code.
 */
export type AuthErrorLike = { code?: string; message?: string; status?: number } | null | undefined;

export const LOGIN_ERRORS = {
  emailNotConfirmed: 'Email não confirmado, verifique sua caixa de entrada',
  invalidCredentials: 'Credenciais inválidas',
  validation: 'Erro de validação (400)',
  network: 'Erro de conexão',
  generic: 'Erro no login',
  unexpected: 'Erro inesperado',
} as const;

export function loginErrorMessage(error: AuthErrorLike): string {
  const message = error?.message ?? '';
  const code = error?.code ?? '';
  if (code === 'EMAIL_NOT_VERIFIED' || /email not (confirmed|verified)/i.test(message)) return LOGIN_ERRORS.emailNotConfirmed;
  if (code === 'INVALID_EMAIL_OR_PASSWORD' || /invalid (login credentials|email or password)/i.test(message)) {
    return LOGIN_ERRORS.invalidCredentials;
  }
  if (error?.status === 400) return LOGIN_ERRORS.validation;
  if (code === 'RATE_LIMITED' || error?.status === 429) return rateLimitedMessage(error);
  if (/network|failed to fetch/i.test(message)) return LOGIN_ERRORS.network;
  return LOGIN_ERRORS.generic;
}

export const RATE_LIMITED_FALLBACK = 'Muitas tentativas. Tente novamente em alguns instantes.';

/** A 429: the server's own Portuguese message with the wait (code RATE_LIMITED), else a generic one. */
export function rateLimitedMessage(error: AuthErrorLike): string {
  return error?.code === 'RATE_LIMITED' && error.message ? error.message : RATE_LIMITED_FALLBACK;
}

/** A sign-in that threw instead of answering: a lost connection, else 'Erro inesperado'. */
export function loginExceptionMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /network|failed to fetch|load failed/i.test(message) ? LOGIN_ERRORS.network : LOGIN_ERRORS.unexpected;
}

export const SIGNUP_ERRORS = {
  alreadyRegistered: 'Email já cadastrado',
  alreadyRegisteredInvite: 'Usuário já cadastrado',
  temporary: 'Erro temporário',
  emailRateLimit: 'Muitas tentativas detectadas',
  emailRateLimitHint: 'Aguarde de 5 a 10 minutos antes de tentar novamente.',
  rateLimit: 'Limite de tentativas atingido',
  generic: 'Erro ao criar conta',
  noUser: 'Erro inesperado: Não foi possível criar a conta',
} as const;

export type SignUpErrorResult = { title: string; description?: string; alreadyRegistered?: boolean };

export function signUpErrorMessage(error: AuthErrorLike): SignUpErrorResult {
  const message = error?.message ?? '';
  const code = error?.code ?? '';
  if (code.startsWith('USER_ALREADY_EXISTS') || /user already (registered|exists)/i.test(message)) {
    return { title: SIGNUP_ERRORS.alreadyRegistered, alreadyRegistered: true };
  }
  if (/database error/i.test(message)) return { title: SIGNUP_ERRORS.temporary };
  if (/email rate limit exceeded/i.test(message)) return { title: SIGNUP_ERRORS.emailRateLimit, description: SIGNUP_ERRORS.emailRateLimitHint };
  if (error?.status === 429) return code === 'RATE_LIMITED' && message ? { title: SIGNUP_ERRORS.rateLimit, description: message } : { title: SIGNUP_ERRORS.rateLimit };
  return { title: SIGNUP_ERRORS.generic, description: message || undefined };
}

export const EMAIL_CONFIRMATION_ERRORS = {
  unknown: 'Erro desconhecido na confirmação',
  verify: 'Erro ao verificar a confirmação',
  process: 'Erro ao processar confirmação',
  processEmail: 'Erro ao processar confirmação do email',
} as const;

/**
 * better-auth sends the confirmation link back with ?error=<code> and no error_description;
 * these explain the codes it uses in Portuguese.
 */
export const EMAIL_CONFIRMATION_CODES: Record<string, string> = {
  INVALID_TOKEN: 'O link de confirmação é inválido ou já foi usado. Entre com seu e-mail e senha para receber um novo link.',
  TOKEN_EXPIRED: 'O link de confirmação expirou. Entre com seu e-mail e senha para receber um novo link.',
  USER_NOT_FOUND: 'Não encontramos a conta deste link de confirmação. Crie sua conta novamente.',
  INVALID_USER: 'Este link de confirmação é de outra conta. Saia da conta atual e abra o link novamente.',
};

/** The message of the 'Erro na Confirmação' view: the URL's description, a known code, else the spec's fallback. */
export function emailConfirmationErrorMessage(params: { error?: string | null; errorDescription?: string | null }): string {
  const description = params.errorDescription?.trim();
  if (description) return description;
  return (params.error && EMAIL_CONFIRMATION_CODES[params.error]) || EMAIL_CONFIRMATION_ERRORS.unknown;
}

/** The new-password form (/auth?reset=true): not shown by the spec, see docs/decisions/0021-password-reset-form.md. */
export const RESET_PASSWORD_ERRORS = {
  invalidLink: 'Link inválido ou expirado',
  invalidLinkHint: 'Este link de redefinição de senha não vale mais. Peça um novo link para continuar.',
  generic: 'Erro ao redefinir senha',
  genericHint: 'Tente novamente em alguns instantes.',
} as const;

export function resetPasswordErrorMessage(error: AuthErrorLike): { title: string; description: string; invalidLink?: boolean } {
  const code = error?.code ?? '';
  if (code === 'INVALID_TOKEN' || /invalid token/i.test(error?.message ?? '')) {
    return { title: RESET_PASSWORD_ERRORS.invalidLink, description: RESET_PASSWORD_ERRORS.invalidLinkHint, invalidLink: true };
  }
  return { title: RESET_PASSWORD_ERRORS.generic, description: RESET_PASSWORD_ERRORS.genericHint };
}
