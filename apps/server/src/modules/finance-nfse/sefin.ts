import { readFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Agent, request } from 'undici';
import type { NfseEnvironment, NfseRejection } from '@sede/shared/finance/nfse';
import type { Services } from '../../services.ts';
import { serverState } from '../../platform/module.ts';
import type { CompanyCertificate } from '../../platform/certificates/store.ts';
import { rejectionHint } from './rejections.ts';

export type SefinAnswer<T> = { ok: true; value: T } | { ok: false; rejections: NfseRejection[] } | { ok: false; unavailable: string };

export const gzipB64 = (xml: string) => gzipSync(Buffer.from(xml, 'utf8')).toString('base64');
export const gunzipB64 = (b64: string) => gunzipSync(Buffer.from(b64, 'base64')).toString('utf8');

const extraCa = (s: Services) =>
  serverState(s, 'nfse.sefin.ca', () => (s.cfg.NFSE_SEFIN_CA_FILE ? readFileSync(s.cfg.NFSE_SEFIN_CA_FILE, 'utf8') : undefined));

export const sefinBaseUrl = (s: Services, env: NfseEnvironment) => (env === 'production' ? s.cfg.NFSE_SEFIN_PRODUCTION_URL : s.cfg.NFSE_SEFIN_RESTRICTED_URL).replace(/\/+$/, '');

type Refusal = { Codigo?: unknown; Descricao?: unknown; Complemento?: unknown };

function rejectionsOf(body: unknown): NfseRejection[] {
  const b = (body ?? {}) as { erros?: Refusal[]; erro?: Refusal | Refusal[] };
  const list = Array.isArray(b.erros) ? b.erros : Array.isArray(b.erro) ? b.erro : b.erro ? [b.erro] : [];
  return list.map((e) => {
    const code = String(e.Codigo ?? '');
    const description = [e.Descricao, e.Complemento].filter((x) => typeof x === 'string' && x).join(' — ');
    return { code, description: description || 'Sem descrição.', hint: rejectionHint(code) };
  });
}

/**
 * One call to the Sefin Nacional over mutual TLS with the company's certificate: JSON in, JSON
 * out. A 2xx is the value; a 4xx with `erros` the authority's refusal; anything else (timeout,
 * connection, 5xx) "unavailable": nothing was accepted on our side.
 */
export async function callSefin<T>(s: Services, cert: CompanyCertificate, env: NfseEnvironment, path: string, body: unknown): Promise<SefinAnswer<T>> {
  const dispatcher = new Agent({
    connect: { key: cert.privateKeyPem, cert: [cert.certificatePem, ...cert.chainPem].join('\n'), ca: extraCa(s) ? [extraCa(s)!] : undefined },
    headersTimeout: s.cfg.NFSE_SEFIN_TIMEOUT_MS,
    bodyTimeout: s.cfg.NFSE_SEFIN_TIMEOUT_MS,
  });
  try {
    const res = await request(`${sefinBaseUrl(s, env)}${path}`, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.body.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // not JSON: judged by the status below
    }
    if (res.statusCode >= 200 && res.statusCode < 300 && json) return { ok: true, value: json as T };
    if (res.statusCode >= 400 && res.statusCode < 500) {
      const rejections = rejectionsOf(json);
      if (rejections.length) return { ok: false, rejections };
    }
    return { ok: false, unavailable: `HTTP ${res.statusCode}` };
  } catch (err) {
    return { ok: false, unavailable: (err as Error).message };
  } finally {
    await dispatcher.close();
  }
}
