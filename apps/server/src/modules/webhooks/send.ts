import { request } from 'undici';
import { WEBHOOK_MESSAGES as M, WEBHOOK_RESPONSE_MAX_CHARS } from '@sede/shared/platform/webhooks';
import { badRequest } from '../../http/errors.ts';
import { isLoopbackAddress } from '../../platform/net/addresses.ts';
import { checkOutboundUrl, checkOutboundUrlSyntax, type CheckedTarget, OutboundRefused } from '../../platform/net/outbound.ts';
import { isLoopbackUrl } from '../../platform/config.ts';
import type { Services } from '../../services.ts';
import { deliveryAgent } from './agents.ts';

/** What one attempt gave: the answer's status and first characters, or why there was none (pt-BR). */
export type AttemptResult = { ok: boolean; statusCode: number | null; durationMs: number; error: string | null; responseBody: string | null };

/** Bytes of an answer read at most (the log keeps WEBHOOK_RESPONSE_MAX_CHARS characters of them). */
const READ_MAX_BYTES = 16 * 1024;

const REFUSALS: Record<OutboundRefused['reason'], string> = { private: M.urlPrivate, unresolved: M.urlUnresolved, protocol: M.url, redirect: M.url };

/**
 * Where an endpoint may point (decision 0650), through the platform's one outbound guard (decision
 * 0350): https, never an internal address; http and loopback only on a server whose APP_URL is
 * loopback (development and tests), and http only to loopback. Throws the Portuguese reason.
 */
export async function checkEndpointUrl(s: Services, raw: string): Promise<CheckedTarget> {
  const allowLoopback = isLoopbackUrl(s.cfg.appUrl);
  let target: CheckedTarget;
  try {
    const url = checkOutboundUrlSyntax(raw, { allowLoopback });
    if (url.username || url.password) throw new EndpointRefused(M.urlCredentials);
    target = await checkOutboundUrl(url, { dns: s.dns, allowLoopback });
  } catch (e) {
    if (e instanceof OutboundRefused) throw new EndpointRefused(REFUSALS[e.reason]);
    throw e;
  }
  if (target.url.protocol === 'http:' && !target.addresses.every((a) => isLoopbackAddress(a.address))) throw new EndpointRefused(M.urlHttps);
  return target;
}

/** An address the guard refused, with the reason people read. */
export class EndpointRefused extends Error {}

/** The check of a URL typed in the form: a 400 with the reason. */
export async function requireEndpointUrl(s: Services, raw: string): Promise<string> {
  try {
    return (await checkEndpointUrl(s, raw)).url.toString();
  } catch (e) {
    if (e instanceof EndpointRefused) throw badRequest(e.message, 'WEBHOOK_URL_REFUSED');
    throw e;
  }
}

function networkError(e: unknown, timeoutMs: number): string {
  const err = e as { name?: string; code?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? '';
  if (err.name === 'TimeoutError' || err.name === 'AbortError' || /TIMEOUT/.test(code)) return `Sem resposta em ${(timeoutMs / 1000).toLocaleString('pt-BR')} s.`;
  if (code === 'ECONNREFUSED') return 'Conexão recusada pelo endereço.';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'A conexão foi encerrada pelo endereço.';
  if (code === 'ENOTFOUND') return M.urlUnresolved;
  if (/CERT|SSL|TLS/i.test(code)) return 'O certificado TLS do endereço não é válido.';
  return `Falha de conexão${code ? ` (${code})` : ''}.`;
}

async function readSome(body: AsyncIterable<Buffer> & { destroy(): void }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= READ_MAX_BYTES) break;
  }
  body.destroy();
  return Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_RESPONSE_MAX_CHARS);
}

/**
 * One POST of a signed body to an endpoint: the address checked again and pinned for the
 * connection (a DNS answer that changed since the endpoint was saved is judged anew; connections
 * to the same checked addresses are kept alive, agents.ts), no
 * redirect followed, everything within `timeoutMs`. Never throws: the result says what happened.
 */
export async function postWebhook(s: Services, url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: CheckedTarget;
  try {
    target = await checkEndpointUrl(s, url);
  } catch (e) {
    return { ok: false, statusCode: null, durationMs: elapsed(), error: e instanceof EndpointRefused ? e.message : networkError(e, timeoutMs), responseBody: null };
  }
  const dispatcher = deliveryAgent(s, target, timeoutMs);
  try {
    const res = await request(target.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'Sede-Webhooks/1.0', ...headers },
      body,
      dispatcher,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const responseBody = await readSome(res.body as never);
    const redirect = res.statusCode >= 300 && res.statusCode < 400;
    const ok = res.statusCode >= 200 && res.statusCode < 300;
    return { ok, statusCode: res.statusCode, durationMs: elapsed(), error: redirect ? 'O endereço respondeu com um redirecionamento, que não é seguido. Cadastre o endereço final.' : null, responseBody };
  } catch (e) {
    return { ok: false, statusCode: null, durationMs: elapsed(), error: networkError(e, timeoutMs), responseBody: null };
  }
}
