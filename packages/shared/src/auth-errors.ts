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
  if (/network|failed to fetch/i.test(message)) return LOGIN_ERRORS.network;
  return LOGIN_ERRORS.generic;
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
  if (error?.status === 429) return { title: SIGNUP_ERRORS.rateLimit };
  return { title: SIGNUP_ERRORS.generic, description: message || undefined };
}

export const EMAIL_CONFIRMATION_ERRORS = {
  unknown: 'Erro desconhecido na confirmação',
  verify: 'Erro ao verificar a confirmação',
  process: 'Erro ao processar confirmação',
  processEmail: 'Erro ao processar confirmação do email',
} as const;
