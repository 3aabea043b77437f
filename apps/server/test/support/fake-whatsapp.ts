import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; authorization: string | undefined; contentType: string | undefined; body: Buffer; json: unknown };
export type FakeTemplate = { name: string; language: string; status: string; components: Array<{ type: string; text?: string }> };

export type FakeWhatsapp = {
  /** WHATSAPP_GRAPH_URL for the server under test. */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Templates of every business account (GET /{waba-id}/message_templates). */
  templates: FakeTemplate[];
  /** A media Meta holds (what a customer sent): its id. */
  addMedia(bytes: Buffer, mime: string): string;
  /** The phone number GET /{phone-number-id} answers (others: 404). */
  phoneNumberId: string;
  /** Calls of one kind: POST .../messages bodies. */
  sent(): Array<Record<string, unknown>>;
  reset(): void;
  close(): Promise<void>;
};

/** X-Hub-Signature-256 of a webhook body, as Meta signs it with the app's secret. */
export const signWebhook = (appSecret: string, body: string) => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

/** A webhook payload in Meta's format ("whatsapp_business_account" → changes → value). */
export function webhookPayload(phoneNumberId: string, value: { messages?: unknown[]; statuses?: unknown[]; contacts?: unknown[] }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: 'WABA-ID',
        changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '5511999990000', phone_number_id: phoneNumberId }, ...value } }],
      },
    ],
  };
}

const read = (req: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * Meta's Graph API for the WhatsApp Cloud API on 127.0.0.1, in its format: GET /{phone-number-id},
 * GET /{waba-id}/message_templates, POST /{phone-number-id}/messages and /media, GET /{media-id}
 * (its URL) and the media's bytes. Every request is recorded; the token must be `Bearer <something>`.
 */
export async function startFakeWhatsapp(opts: { phoneNumberId?: string } = {}): Promise<FakeWhatsapp> {
  const requests: RecordedRequest[] = [];
  const media = new Map<string, { bytes: Buffer; mime: string }>();
  let seq = 0;
  const state: FakeWhatsapp = {
    baseUrl: '',
    requests,
    templates: [],
    phoneNumberId: opts.phoneNumberId ?? '109876543210',
    addMedia(bytes, mime) {
      const id = `MEDIA${Date.now()}${seq++}`;
      media.set(id, { bytes, mime });
      return id;
    },
    sent: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/messages')).map((r) => r.json as Record<string, unknown>),
    reset() {
      requests.length = 0;
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
  const server = createServer(async (req, res) => {
    const body = await read(req);
    const url = new URL(req.url ?? '/', 'http://x');
    const contentType = req.headers['content-type'];
    let json: unknown = null;
    if (contentType?.includes('json')) json = JSON.parse(body.toString('utf8') || 'null');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, authorization: req.headers.authorization, contentType, body, json });
    const send = (status: number, data: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(data));
    };
    if (!req.headers.authorization?.startsWith('Bearer ')) return send(401, { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } });
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] === 'bytes' && parts[1]) {
      const m = media.get(parts[1]);
      if (!m) return send(404, { error: { message: 'not found' } });
      res.writeHead(200, { 'content-type': m.mime, 'content-length': String(m.bytes.length) });
      return res.end(m.bytes);
    }
    if (req.method === 'GET' && parts.length === 1) {
      if (parts[0] === state.phoneNumberId) return send(200, { id: state.phoneNumberId, display_phone_number: '+55 11 99999-0000', verified_name: 'Loja Teste', quality_rating: 'GREEN' });
      const m = media.get(parts[0]!);
      if (m) return send(200, { messaging_product: 'whatsapp', id: parts[0], mime_type: m.mime, file_size: m.bytes.length, sha256: '', url: `${state.baseUrl}/bytes/${parts[0]}` });
      return send(404, { error: { message: `Unsupported get request. Object with ID '${parts[0]}' does not exist`, code: 100 } });
    }
    if (req.method === 'GET' && parts[1] === 'message_templates') {
      const status = url.searchParams.get('status');
      return send(200, { data: state.templates.filter((t) => !status || t.status === status).map((t, i) => ({ id: String(i + 1), category: 'MARKETING', ...t })), paging: { cursors: { before: 'a', after: 'b' } } });
    }
    if (req.method === 'POST' && parts[1] === 'messages') {
      const b = json as { to?: string; messaging_product?: string } | null;
      if (b?.messaging_product !== 'whatsapp' || !b.to) return send(400, { error: { message: '(#100) Invalid parameter', code: 100 } });
      return send(200, { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.${randomBytes(12).toString('hex')}` }] });
    }
    if (req.method === 'POST' && parts[1] === 'media') return send(200, { id: `UPLOADED${seq++}` });
    return send(404, { error: { message: 'Unknown path' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}
