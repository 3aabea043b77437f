import OpenAI from 'openai';
import { AppError } from '../../http/errors.ts';
import { OutboundRefused } from '../net/outbound.ts';
import { AI_MESSAGES, type AiCredentials } from './credentials.ts';

export const AI_ERROR_MESSAGES = {
  keyRefused: 'A chave de IA foi recusada pelo provedor. Confira a chave em Meu perfil ou peça ao administrador.',
  modelNotFound: 'O modelo de IA informado não existe neste provedor. Confira o modelo em Meu perfil ou peça ao administrador.',
  rateLimited: 'O provedor de IA está sobrecarregado. Tente novamente em instantes.',
  unavailable: 'O provedor de IA está indisponível no momento. Tente novamente em alguns minutos.',
  timeout: 'O provedor de IA demorou demais para responder. Tente novamente.',
  unreachable: 'Não foi possível contactar o provedor de IA. Confira o endereço (URL base) da IA.',
  invalidAnswer: 'A IA respondeu em um formato inesperado. Tente novamente.',
  badRequest: 'O provedor de IA recusou o pedido. Tente novamente ou escolha outro modelo.',
  redirected: 'O endereço (URL base) da IA redireciona para outro endereço, o que não é aceito. Informe o endereço final do provedor.',
} as const;

/** The outbound guard's refusal of an own base URL (the SDK wraps what its fetch throws). */
function refusalOf(e: unknown): OutboundRefused | null {
  if (e instanceof OutboundRefused) return e;
  const cause = (e as { cause?: unknown } | null)?.cause;
  return cause instanceof OutboundRefused ? cause : null;
}

/** Removes the key (and anything that looks like a bearer token) from a text before it is logged. */
export function redact(text: string, creds?: Pick<AiCredentials, 'apiKey'>): string {
  let out = text;
  if (creds?.apiKey && creds.apiKey.length >= 4) out = out.split(creds.apiKey).join('[chave omitida]');
  return out.replace(/(Bearer\s+)[^\s"']+/gi, '$1[omitido]').replace(/\bsk-[A-Za-z0-9_-]{6,}/g, '[chave omitida]');
}

/**
 * A provider's failure as a Portuguese AppError: 401/403 → key refused, 404 → model, 429 → busy
 * (with the wait), 5xx → unavailable, timeouts and connection errors. Logged as one line with
 * the status only, never the key, headers or bodies.
 */
export function mapProviderError(e: unknown, creds: AiCredentials): AppError {
  if (e instanceof AppError) return e;
  const log = (what: string) => console.warn(`[ai] ${creds.source} provider: ${redact(what, creds)}`);
  const refused = refusalOf(e);
  if (refused) {
    log(`refused by the outbound guard: ${refused.reason}`);
    if (refused.reason === 'private') return new AppError(400, 'AI_BASE_URL_PRIVATE', AI_MESSAGES.privateBaseUrl);
    if (refused.reason === 'redirect') return new AppError(409, 'AI_BASE_URL_REDIRECT', AI_ERROR_MESSAGES.redirected);
    return new AppError(409, 'AI_UNREACHABLE', AI_ERROR_MESSAGES.unreachable);
  }
  if (e instanceof OpenAI.APIConnectionTimeoutError) {
    log('timeout');
    return new AppError(409, 'AI_TIMEOUT', AI_ERROR_MESSAGES.timeout);
  }
  if (e instanceof OpenAI.APIConnectionError) {
    log('connection error');
    return new AppError(409, 'AI_UNREACHABLE', AI_ERROR_MESSAGES.unreachable);
  }
  if (e instanceof OpenAI.APIError) {
    const status = e.status ?? 0;
    log(`status ${status}`);
    if (status === 401 || status === 403) return new AppError(400, 'AI_KEY_REFUSED', AI_ERROR_MESSAGES.keyRefused);
    if (status === 404) return new AppError(400, 'AI_MODEL_NOT_FOUND', AI_ERROR_MESSAGES.modelNotFound);
    if (status === 429) {
      const retry = Number(e.headers?.get?.('retry-after'));
      return new AppError(429, 'AI_RATE_LIMITED', AI_ERROR_MESSAGES.rateLimited, Number.isFinite(retry) && retry > 0 ? { retryAfterSeconds: retry } : undefined);
    }
    if (status >= 500) return new AppError(409, 'AI_UNAVAILABLE', AI_ERROR_MESSAGES.unavailable);
    return new AppError(409, 'AI_BAD_REQUEST', AI_ERROR_MESSAGES.badRequest);
  }
  log(`unexpected error ${(e as Error)?.name ?? typeof e}`);
  return new AppError(409, 'AI_UNAVAILABLE', AI_ERROR_MESSAGES.unavailable);
}
