/**
 * better-auth answers a malformed auth request with a 400 in English ("Validation Error",
 * "Invalid JSON in request body", "Password too short"). The API speaks Portuguese: such
 * answers keep their status and code (the web app maps by code) and get a Portuguese message.
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
  CONTROL_CHARACTERS: 'O texto contém caracteres de controle inválidos.',
};
const FALLBACK = 'Requisição inválida';

export async function portugueseAuthBadRequest(res: Response): Promise<Response> {
  if (res.status !== 400 || !res.headers.get('content-type')?.includes('application/json')) return res;
  const body = (await res.clone().json().catch(() => null)) as { code?: unknown } | null;
  if (!body || typeof body !== 'object') return res;
  const code = typeof body.code === 'string' ? body.code : 'BAD_REQUEST';
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify({ ...body, code, message: MESSAGES[code] ?? FALLBACK }), { status: 400, headers });
}
