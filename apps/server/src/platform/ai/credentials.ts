import { AppError } from '../../http/errors.ts';
import { isLoopbackUrl, type Config } from '../config.ts';
import type { DnsResolver } from '../net/dns.ts';
import { checkOutboundUrlSyntax, OutboundRefused, type OutboundPolicy } from '../net/outbound.ts';

/** The headers a person's own key travels in, with each AI request only (never stored, never logged). */
export const AI_HEADERS = { key: 'x-ai-key', baseUrl: 'x-ai-base-url', model: 'x-ai-model' } as const;

export type AiCredentials = {
  /** 'platform': the server's AI_* settings (actions cost coins); 'own': the person's key (no coins). */
  source: 'platform' | 'own';
  apiKey: string;
  baseURL?: string;
  model: string;
  transcriptionModel: string;
};

export const AI_MESSAGES = {
  notConfigured:
    'A IA não está configurada. Configure uma chave de IA em Meu perfil ou peça ao administrador para configurar a IA do servidor.',
  badBaseUrl: 'O endereço (URL base) da IA é inválido: use um endereço http(s) completo, por exemplo https://api.openai.com/v1.',
  badKey: 'A chave de IA informada é inválida.',
  privateBaseUrl: 'O endereço (URL base) da IA precisa ser público: endereços internos ou locais não são aceitos para chaves próprias.',
} as const;

export const platformAiConfigured = (cfg: Config) => Boolean(cfg.AI_API_KEY || cfg.AI_BASE_URL);

const MAX_HEADER = 1000;

/**
 * The credentials of one AI request: the person's own key when the request carries `x-ai-key`
 * (with its optional base URL and model), else the platform's, else null (AI not configured).
 */
export function aiCredentials(cfg: Config, headers: Headers): AiCredentials | null {
  const ownKey = headers.get(AI_HEADERS.key)?.trim();
  if (ownKey) {
    if (ownKey.length > MAX_HEADER || /\s/.test(ownKey)) throw new AppError(400, 'AI_KEY_INVALID', AI_MESSAGES.badKey);
    const rawBase = headers.get(AI_HEADERS.baseUrl)?.trim();
    let baseURL: string | undefined;
    if (rawBase) {
      try {
        const u = new URL(rawBase);
        if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
        baseURL = u.toString().replace(/\/$/, '');
      } catch {
        throw new AppError(400, 'AI_BASE_URL_INVALID', AI_MESSAGES.badBaseUrl);
      }
    }
    const model = headers.get(AI_HEADERS.model)?.trim().slice(0, 200) || cfg.AI_MODEL;
    return { source: 'own', apiKey: ownKey, baseURL, model, transcriptionModel: cfg.AI_TRANSCRIPTION_MODEL };
  }
  if (!platformAiConfigured(cfg)) return null;
  return {
    source: 'platform',
    // Local servers (Ollama, vLLM) take no key; the SDK still wants a string.
    apiKey: cfg.AI_API_KEY ?? 'sem-chave',
    baseURL: cfg.AI_BASE_URL,
    model: cfg.AI_MODEL,
    transcriptionModel: cfg.AI_TRANSCRIPTION_MODEL,
  };
}

/**
 * A person's own base URL makes the server call it (SSRF): every request to it goes through the
 * outbound guard (platform/net/outbound.ts, decision 0350). Loopback is allowed only on a server
 * whose APP_URL is loopback (development, tests: a local Ollama or the fake provider); private,
 * link-local, metadata and the other internal ranges never are.
 */
export const ownAiPolicy = (s: { cfg: Config; dns: DnsResolver }): OutboundPolicy => ({ dns: s.dns, allowLoopback: isLoopbackUrl(s.cfg.appUrl) });

/** The early check, without DNS: a literal internal address or localhost is a 400 before any work. */
function assertReachableBaseUrl(cfg: Config, baseURL: string) {
  try {
    checkOutboundUrlSyntax(baseURL, { allowLoopback: isLoopbackUrl(cfg.appUrl) });
  } catch (e) {
    throw e instanceof OutboundRefused && e.reason === 'private' ? new AppError(400, 'AI_BASE_URL_PRIVATE', AI_MESSAGES.privateBaseUrl) : new AppError(400, 'AI_BASE_URL_INVALID', AI_MESSAGES.badBaseUrl);
  }
}

/** Like aiCredentials, but no AI configured is a 409 that says how to configure it; an own base URL is checked. */
export async function requireAiCredentials(cfg: Config, headers: Headers): Promise<AiCredentials> {
  const creds = aiCredentials(cfg, headers);
  if (!creds) throw new AppError(409, 'AI_NOT_CONFIGURED', AI_MESSAGES.notConfigured);
  if (creds.source === 'own' && creds.baseURL) assertReachableBaseUrl(cfg, creds.baseURL);
  return creds;
}
