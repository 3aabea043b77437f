import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; authorization: string | undefined; contentType: string | undefined; body: Buffer; json: unknown };
export type FakeTemplate = {
  name: string;
  language: string;
  status: string;
  components: Array<{ type: string; format?: string; text?: string; buttons?: Array<{ type: string; text: string; url?: string }> }>;
};

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
      const b = json as { to?: string; messaging_product?: string; type?: string; template?: unknown } | null;
      if (b?.messaging_product !== 'whatsapp' || !b.to) return send(400, { error: { message: '(#100) Invalid parameter', code: 100 } });
      if (b.type === 'template') {
        const problem = templateProblem(b.template, state.templates);
        if (problem) return send(400, { error: { message: problem, type: 'OAuthException', code: 132000 } });
      }
      return send(200, { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id: `wamid.${randomBytes(12).toString('hex')}` }] });
    }
    if (req.method === 'POST' && parts[1] === 'media') return send(200, { id: `UPLOADED${seq++}` });
    return send(404, { error: { message: 'Unknown path' } });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

type Component = { type?: unknown; sub_type?: unknown; index?: unknown; parameters?: unknown };
const MEDIA = ['image', 'video', 'document'];
const nonEmptyText = (p: unknown) => !!p && typeof p === 'object' && (p as { type?: unknown }).type === 'text' && typeof (p as { text?: unknown }).text === 'string' && (p as { text: string }).text.length > 0;
const vars = (text = '') => new Set([...text.matchAll(/\{\{(\d+)\}\}/g)].map((m) => m[1])).size;

/**
 * Meta's checks of a template message, as the Cloud API makes them: `components` is
 * [{type:'header', parameters:[text | {type:'image'|'video'|'document', <type>:{link|id}}]},
 * {type:'body', parameters:[{type:'text', text}…]}, {type:'button', sub_type:'url', index:'0',
 * parameters:[{type:'text', text}]}]; for a template it knows, the counts must match its header,
 * body and URL buttons (error 132000, like Meta's). Null when the message is acceptable.
 */
export function templateProblem(template: unknown, known: FakeTemplate[]): string | null {
  const t = template as { name?: unknown; language?: { code?: unknown }; components?: unknown } | null;
  if (!t || typeof t.name !== 'string' || typeof t.language?.code !== 'string') return '(#100) Invalid parameter: template.name and template.language.code';
  const components = (t.components ?? []) as Component[];
  if (!Array.isArray(components)) return '(#100) Invalid parameter: components must be an array';
  let header: Component | undefined;
  let body: Component | undefined;
  const buttons = new Map<number, Component>();
  for (const c of components) {
    if (!Array.isArray(c.parameters)) return '(#100) Invalid parameter: parameters must be an array';
    if (c.type === 'header') {
      if (header || c.parameters.length !== 1) return '(#132000) Number of parameters does not match the expected number of params (header)';
      const p = c.parameters[0] as Record<string, unknown>;
      if (p.type === 'text') {
        if (!nonEmptyText(p)) return '(#132000) header text parameter is empty';
      } else if (MEDIA.includes(String(p.type))) {
        const media = p[String(p.type)] as { link?: unknown; id?: unknown } | undefined;
        if (!media || !((typeof media.link === 'string' && /^https:\/\//.test(media.link)) || typeof media.id === 'string')) return `(#131008) ${String(p.type)} header needs a https link or a media id`;
      } else return '(#100) Invalid parameter: header parameter type';
      header = c;
    } else if (c.type === 'body') {
      if (body || !c.parameters.every(nonEmptyText)) return '(#100) Invalid parameter: body parameters must be non-empty texts';
      body = c;
    } else if (c.type === 'button') {
      if (c.sub_type !== 'url' && c.sub_type !== 'quick_reply') return '(#100) Invalid parameter: button sub_type';
      if (typeof c.index !== 'string' || !/^\d$/.test(c.index)) return '(#100) Invalid parameter: button index must be a string "0"–"9"';
      if (c.sub_type === 'url' && (c.parameters.length !== 1 || !nonEmptyText(c.parameters[0]))) return '(#132000) url button needs one text parameter';
      buttons.set(Number(c.index), c);
    } else return `(#100) Invalid parameter: component type ${String(c.type)}`;
  }
  const tpl = known.find((k) => k.name === t.name && k.language === t.language!.code);
  if (!tpl) return null;
  const h = tpl.components.find((c) => c.type === 'HEADER');
  const expectedHeader = h ? (h.format === 'TEXT' ? vars(h.text) > 0 : true) : false;
  if (expectedHeader !== !!header) return '(#132000) Number of parameters does not match the expected number of params (header)';
  if (h && header) {
    const type = (header.parameters as Array<{ type: string }>)[0]!.type;
    if (type !== (h.format ?? 'TEXT').toLowerCase()) return '(#132012) Parameter format does not match format in the created template (header)';
  }
  const bodyVars = vars(tpl.components.find((c) => c.type === 'BODY')?.text);
  if (bodyVars !== ((body?.parameters as unknown[] | undefined)?.length ?? 0)) return '(#132000) Number of parameters does not match the expected number of params (body)';
  const urlButtons = (tpl.components.find((c) => c.type === 'BUTTONS')?.buttons ?? []).map((b, i) => ({ ...b, i })).filter((b) => b.type === 'URL' && /\{\{1\}\}/.test(b.url ?? ''));
  for (const b of urlButtons) if (buttons.get(b.i)?.sub_type !== 'url') return `(#132000) Number of parameters does not match the expected number of params (button ${b.i})`;
  for (const [i, c] of buttons) if (c.sub_type === 'url' && !urlButtons.some((b) => b.i === i)) return `(#132000) button ${i} takes no parameter`;
  return null;
}
