import { AppError } from '../../http/errors.ts';
import { WHATSAPP_MESSAGES as M } from '@sede/shared/whatsapp/schemas';
import type { Services } from '../../services.ts';

/**
 * The WhatsApp Business Cloud API (Meta's Graph API, decision 0290): base URL from
 * WHATSAPP_GRAPH_URL, the company's access token as a Bearer, 15 s per call. A refusal is a 409
 * naming Meta's own message (code WHATSAPP_API_ERROR: Meta answered and refused; WHATSAPP_UNREACHABLE: no answer).
 */
const TIMEOUT_MS = 15_000;

export async function graph<T>(s: Services, token: string, path: string, init: { method?: string; json?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let body: string | FormData | undefined;
  if (init.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  let res: Response;
  try {
    res = await fetch(`${s.cfg.WHATSAPP_GRAPH_URL}/${path}`, { method: init.method ?? 'GET', headers, body, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (e) {
    throw new AppError(409, 'WHATSAPP_UNREACHABLE', M.graphFailed((e as Error).name === 'TimeoutError' ? 'sem resposta' : 'falha de conexão'));
  }
  const data = (await res.json().catch(() => null)) as (T & { error?: { message?: string } }) | null;
  if (!res.ok || !data) throw new AppError(409, 'WHATSAPP_API_ERROR', M.graphFailed(data?.error?.message?.slice(0, 300) ?? `HTTP ${res.status}`));
  return data;
}

/** A media's bytes: its URL from the Graph API, then the bytes with the same token. */
export async function downloadMedia(s: Services, token: string, mediaId: string): Promise<{ mime: string; body: ReadableStream<Uint8Array>; length?: number }> {
  const info = await graph<{ url: string; mime_type: string; file_size?: number }>(s, token, encodeURIComponent(mediaId));
  const res = await fetch(info.url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(60_000) });
  if (!res.ok || !res.body) throw new AppError(409, 'WHATSAPP_API_ERROR', M.graphFailed(`mídia indisponível (HTTP ${res.status})`));
  const length = Number(res.headers.get('content-length')) || info.file_size;
  return { mime: info.mime_type, body: res.body as ReadableStream<Uint8Array>, length };
}
