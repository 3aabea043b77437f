import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { AppError } from '../../http/errors.ts';
import { isLoopbackUrl, type Config } from '../config.ts';

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

/** Private, loopback, link-local (cloud metadata) and unspecified addresses, IPv4 and IPv6. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  const v6 = ip.toLowerCase();
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe80');
}

/**
 * A person's own base URL makes the server call it: on a public server it must not reach the
 * server's own network (SSRF). Allowed on a loopback APP_URL (development, tests), where a local
 * Ollama or the fake provider is the point.
 */
async function assertReachableBaseUrl(cfg: Config, baseURL: string) {
  if (isLoopbackUrl(cfg.appUrl)) return;
  const host = new URL(baseURL).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    throw new AppError(409, 'AI_UNREACHABLE', 'Não foi possível contactar o provedor de IA. Confira o endereço (URL base) da IA.');
  }
  if (host === 'localhost' || addresses.some(isPrivateAddress)) throw new AppError(400, 'AI_BASE_URL_PRIVATE', AI_MESSAGES.privateBaseUrl);
}

/** Like aiCredentials, but no AI configured is a 409 that says how to configure it; an own base URL is checked. */
export async function requireAiCredentials(cfg: Config, headers: Headers): Promise<AiCredentials> {
  const creds = aiCredentials(cfg, headers);
  if (!creds) throw new AppError(409, 'AI_NOT_CONFIGURED', AI_MESSAGES.notConfigured);
  if (creds.source === 'own' && creds.baseURL) await assertReachableBaseUrl(cfg, creds.baseURL);
  return creds;
}
