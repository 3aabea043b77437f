import { randomBytes, X509Certificate } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { createDynamicPix } from 'pix-utils';
import { parse } from 'yaml';
import { fakePixAutomatic, type FakePixAutomatic } from './fake-pix-psp-automatic.ts';
import { fakePixRefunds, type FakePixRefunds } from './fake-pix-psp-refunds.ts';
import { makeServerTls } from './test-certificates.ts';

const SPEC = path.resolve(import.meta.dirname, '../../src/modules/finance-pix-api/openapi.yaml');

/** One charge the fake holds (cob or cobv), as it answered it. */
export type FakeCob = { kind: 'cob' | 'cobv'; txid: string; status: string; body: Record<string, unknown>; answer: Record<string, unknown> };
export type FakePix = { endToEndId: string; txid: string; valor: string; horario: string; pagador?: { nome: string; cpf?: string }; infoPagador?: string };

export type FakePixPsp = {
  /** The API's base URL (https://127.0.0.1:<port>/api/v2). */
  baseUrl: string;
  /** PIX_API_CA_FILE for the server under test (trust the fake's TLS certificate). */
  env: Record<string, string>;
  clientId: string;
  clientSecret: string;
  /** The client certificates (PEM) whose TLS the fake accepts (the uploaded test certificate). */
  trust(certificatePem: string): void;
  /** What a next OAuth request gets: refused (401), or an answer only after `delayMs`. */
  set(o: { refuseOAuth?: boolean; delayMs?: number; expiresIn?: number }): void;
  cobs: Map<string, FakeCob>;
  webhooks: Map<string, string>;
  received: FakePix[];
  tokensIssued: number;
  /** Every request or answer that broke the OpenAPI (path, errors): tests expect none. */
  violations: { where: string; errors: unknown }[];
  /** The payer pays a charge: the Pix is recorded (for GET /pix) and, unless `notify: false`, the webhook is called; answers its status. */
  pay(txid: string, o?: { payerName?: string; valor?: string; notify?: boolean; endToEndId?: string }): Promise<{ pix: FakePix; webhookStatus: number | null }>;
  /** Where webhook calls go instead of the registered address's origin (the test server's real port; APP_URL names another). */
  deliverTo(origin: string): void;
  /** Calls the registered webhook of a key with these Pix (a replay, a forged one…). */
  notify(chave: string, pix: FakePix[]): Promise<number>;
  /** The refunds (`/pix/{e2eid}/devolucao/{id}`, fake-pix-psp-refunds.ts). */
  refunds: FakePixRefunds;
  /** Pix Automático (`/rec`, `/solicrec`, `/cobr`, their webhooks; fake-pix-psp-automatic.ts). */
  automatic: FakePixAutomatic;
  close(): Promise<void>;
};

let ajvCache: { ajv: Ajv; spec: { components: unknown } } | null = null;
function validator(ref: string): ValidateFunction {
  if (!ajvCache) {
    const spec = parse(readFileSync(SPEC, 'utf8')) as { components: { schemas: Record<string, { required?: string[] }> } };
    // Two known defects of BCB's 2.9.0 text, which none of its own examples satisfies: DadosRecebedor
    // repeats the recebedor's address as required at the charge's root (the recebedor keeps its own
    // list), and PixConsultados requires `cobs` where its property is `pix`.
    delete spec.components.schemas.DadosRecebedor!.required;
    spec.components.schemas.PixConsultados!.required = ['parametros', 'pix'];
    patchAutomaticDefects(spec.components.schemas);
    const ajv = new Ajv({ strict: false, allErrors: true });
    (addFormatsModule as unknown as (a: Ajv) => void)(ajv);
    // BCB's own examples give `location` without a scheme ("pix.example.com/qr/…", the form the
    // BR Code carries) under `format: uri`: both an absolute URI and that form are accepted.
    ajv.addFormat('uri', (v: string) => URL.canParse(v) || /^[a-z0-9.-]+(:\d+)?(\/[\w\-./%]*)?$/i.test(v));
    ajv.addSchema({ components: spec.components }, 'pix');
    ajvCache = { ajv, spec };
  }
  return ajvCache.ajv.getSchema(`pix#/components/schemas/${ref}`) ?? ajvCache.ajv.compile({ $ref: `pix#/components/schemas/${ref}` });
}

/**
 * The Pix Automático schemas' defects in BCB's 2.9.0 text, which none of its own examples satisfies
 * (decision 0611): CPF patterns written as JavaScript literals ("/^\\d{11}$/", never matching a
 * CPF); RecBase requiring `idRec` and a `retentativa` it does not define (the request has neither);
 * RecNotification's `atualizacao"` (a stray quote); SolicRecBase requiring a `pagador` it does not define;
 * SolicRecCompleta requiring `rec` for its `recPayload`; the endings' oneOf whose branches match any object; DadosPagadorRec requiring at the recurrence's
 * root what belongs to its `pagador`; PixAutomatico's `valor` (a string) anyOf objects.
 */
function patchAutomaticDefects(schemas: Record<string, Record<string, unknown>>) {
  const unslash = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const o = node as Record<string, unknown>;
    if (typeof o.pattern === 'string' && /^\/.*\/$/.test(o.pattern)) o.pattern = o.pattern.slice(1, -1);
    for (const v of Object.values(o)) unslash(v);
  };
  unslash(schemas);
  schemas.RecBase!.required = ['calendario', 'vinculo'];
  schemas.RecNotification!.required = ['idRec', 'status', 'atualizacao'];
  schemas.SolicRecBase!.required = ['calendario', 'idRec', 'destinatario'];
  schemas.SolicRecCompleta!.required = ['recPayload'];
  // An ending is a rejection or a cancellation: neither branch requires its own key, so every ending matched both.
  type Branches = { properties: { encerramento: { oneOf: { required?: string[]; properties: Record<string, unknown> }[] } } };
  for (const branches of [(schemas.RecEncerramento as Branches).properties.encerramento.oneOf, (schemas.CobRAtualizacao as Branches).properties.encerramento.oneOf])
    for (const b of branches) b.required = Object.keys(b.properties);
  delete schemas.DadosPagadorRec!.required;
  delete schemas.DadosPagadorRec!.oneOf;
  delete ((schemas.PixAutomatico!.properties as Record<string, Record<string, unknown>>).valor as Record<string, unknown>).anyOf;
}

const e2eId = () => `E00000000${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex')}`.slice(0, 32);

/**
 * A PSP's API Pix on 127.0.0.1 (BCB's specification, the same at every PSP): HTTPS with a required
 * client certificate (mTLS), OAuth 2.0 client credentials (`POST …/oauth/token`, Basic auth),
 * `PUT/PATCH/GET /cob/{txid}`, `PUT/PATCH /cobv/{txid}`, `GET /pix?inicio&fim`, `PUT/GET/DELETE
 * /webhook/{chave}`. Each request body and each answer is validated against the published OpenAPI
 * (ajv); a violation is answered 400 and recorded. `pay` plays the payer and calls the webhook
 * (`<webhookUrl>/pix`, BCB's callback) as the PSP would.
 */
export async function startFakePixPsp(o: { caFile?: string } = {}): Promise<FakePixPsp> {
  const trusted: string[] = [];
  const cobs = new Map<string, FakeCob>();
  const webhooks = new Map<string, string>();
  const received: FakePix[] = [];
  const violations: FakePixPsp['violations'] = [];
  const tokens = new Set<string>();
  const refunds = fakePixRefunds();
  // Made once `post` exists (below), before the first request.
  let automatic: FakePixAutomatic;
  const opts = { refuseOAuth: false, delayMs: 0, expiresIn: 3600 };
  const clientId = 'cliente-sede-teste';
  const clientSecret = randomBytes(12).toString('hex');
  const tls = makeServerTls();
  // Where the server under test reads PIX_API_CA_FILE (a browser test's server was started before the fake).
  const caFile = o.caFile ?? path.join(mkdtempSync(path.join(tmpdir(), 'fake-pix-psp-')), 'ca.pem');
  // A shared file (the browser tests' server trusts one) gains this fake's certificate beside the
  // others: two fakes started by tests running side by side are both trusted.
  if (o.caFile) appendFileSync(caFile, `${tls.cert}\n`);
  else writeFileSync(caFile, tls.cert);
  let baseUrl = '';
  let deliverOrigin: string | null = null;
  // Compiled before the first request (a second on a busy machine: not inside a client's time limit).
  for (const ref of ['TxId', 'CobSolicitada', 'CobVSolicitada', 'CobGerada', 'CobVGerada', 'CobRevisada', 'CobVRevisada', 'PixConsultados', 'WebhookSolicitado', 'Pix']) validator(ref);
  for (const ref of ['RecSolicitada', 'RecGerada', 'RecCompleta', 'RecRevisada', 'RecNotification', 'SolicRecSolicitada', 'SolicRecCompleta', 'CobRSolicitada', 'CobRGerada', 'CobRCompleta', 'CobRRevisada', 'CobRNotification', 'WebhookRecSolicitado', 'WebhookCobRSolicitado']) validator(ref);

  const check = (ref: string, value: unknown, where: string) => {
    const v = validator(ref);
    if (v(value)) return true;
    violations.push({ where, errors: v.errors });
    return false;
  };

  const server: Server = createServer({ key: tls.key, cert: tls.cert, requestCert: true, rejectUnauthorized: false }, async (req, res) => {
    const answer = (status: number, body?: unknown, type = 'application/json') => {
      if (body === undefined) {
        res.writeHead(status);
        res.end();
        return;
      }
      res.writeHead(status, { 'content-type': type });
      res.end(JSON.stringify(body));
    };
    const problem = (status: number, title: string, detail: string, violacoes?: { razao: string; propriedade: string }[]) =>
      answer(status, { type: `https://pix.bcb.gov.br/api/v2/error/${title}`, title, status, detail, ...(violacoes ? { violacoes } : {}) }, 'application/problem+json');
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    const client = peer?.raw ? trusted.find((pem) => new X509Certificate(pem).raw.equals(peer.raw)) : undefined;

    if (req.method === 'POST' && url.pathname.endsWith('/oauth/token')) {
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8').split(':').map(decodeURIComponent);
      const form = new URLSearchParams(raw);
      if (!client || opts.refuseOAuth || id !== clientId || secret !== clientSecret || form.get('grant_type') !== 'client_credentials') {
        return answer(401, { error: 'invalid_client', error_description: 'Cliente não autorizado.' });
      }
      const token = randomBytes(16).toString('hex');
      tokens.add(token);
      fake.tokensIssued++;
      return answer(200, { access_token: token, token_type: 'Bearer', expires_in: opts.expiresIn, scope: form.get('scope') ?? '' });
    }
    if (!client) return problem(403, 'AcessoNegado', 'Certificado do cliente ausente ou não autorizado.');
    if (!tokens.has((req.headers.authorization ?? '').replace(/^Bearer /, ''))) return problem(401, 'NaoAutorizado', 'Token ausente ou inválido.');
    const route = url.pathname.replace(/^\/api\/v2/, '');
    let body: Record<string, unknown> = {};
    if (raw) {
      try {
        body = JSON.parse(raw);
      } catch {
        return problem(400, 'RequisicaoInvalida', 'O corpo não é JSON.');
      }
    }
    const cob = /^\/(cob|cobv)\/([^/]+)$/.exec(route);
    if (cob && (req.method === 'PUT' || req.method === 'PATCH' || req.method === 'GET')) {
      const kind = cob[1] as 'cob' | 'cobv';
      const txid = decodeURIComponent(cob[2]!);
      if (!check('TxId', txid, `${req.method} /${kind} txid`) || !/^[a-zA-Z0-9]{26,35}$/.test(txid)) return problem(400, 'RequisicaoInvalida', 'txid inválido.', [{ razao: 'txid fora do padrão', propriedade: 'txid' }]);
      if (req.method === 'GET') {
        const found = cobs.get(txid);
        return found ? answer(200, found.answer) : problem(404, 'NaoEncontrado', 'Cobrança não encontrada.');
      }
      if (req.method === 'PATCH') {
        const found = cobs.get(txid);
        if (!found) return problem(404, 'NaoEncontrado', 'Cobrança não encontrada.');
        if (!check(kind === 'cob' ? 'CobRevisada' : 'CobVRevisada', body, `PATCH /${kind}`)) return problem(400, 'CobOperacaoInvalida', 'Revisão fora do schema.');
        if (typeof body.status === 'string') found.status = body.status;
        found.answer = { ...found.answer, status: found.status, revisao: Number(found.answer.revisao) + 1 };
        return answer(200, found.answer);
      }
      if (!check(kind === 'cob' ? 'CobSolicitada' : 'CobVSolicitada', body, `PUT /${kind}`)) return problem(400, 'CobOperacaoInvalida', 'A cobrança não respeita o schema.', [{ razao: 'schema', propriedade: 'body' }]);
      if (cobs.has(txid)) return problem(400, 'CobOperacaoInvalida', 'txid já utilizado.');
      const location = `127.0.0.1/qr/v2/${kind === 'cobv' ? 'cobv/' : ''}${randomBytes(12).toString('hex')}`;
      const pix = createDynamicPix({ merchantName: 'EMPRESA TESTE', merchantCity: 'SAO PAULO', url: location });
      const criacao = new Date().toISOString();
      const calendario = body.calendario as Record<string, unknown>;
      const out: Record<string, unknown> = {
        calendario: kind === 'cob' ? { criacao, expiracao: calendario.expiracao } : { criacao, dataDeVencimento: calendario.dataDeVencimento, validadeAposVencimento: calendario.validadeAposVencimento ?? 30 },
        txid,
        revisao: 0,
        loc: { id: cobs.size + 1, txid, location, tipoCob: kind, criacao },
        location,
        status: 'ATIVA',
        ...(body.devedor ? { devedor: body.devedor } : {}),
        ...(kind === 'cobv' ? { recebedor: { cnpj: '12345678000195', nome: 'EMPRESA TESTE', cidade: 'SAO PAULO', uf: 'SP', cep: '01001000', logradouro: 'RUA TESTE' } } : {}),
        valor: body.valor,
        chave: body.chave,
        ...(body.solicitacaoPagador ? { solicitacaoPagador: body.solicitacaoPagador } : {}),
        pixCopiaECola: pix.throwIfError().toBRCode(),
      };
      check(kind === 'cob' ? 'CobGerada' : 'CobVGerada', out, `answer of PUT /${kind}`);
      cobs.set(txid, { kind, txid, status: 'ATIVA', body, answer: out });
      return answer(201, out);
    }
    if (req.method === 'GET' && route === '/pix') {
      const inicio = Date.parse(url.searchParams.get('inicio') ?? '');
      const fim = Date.parse(url.searchParams.get('fim') ?? '');
      if (Number.isNaN(inicio) || Number.isNaN(fim)) return problem(400, 'ConsultaInvalida', 'inicio e fim são obrigatórios.');
      const page = Number(url.searchParams.get('paginacao.paginaAtual') ?? 0);
      const size = Number(url.searchParams.get('paginacao.itensPorPagina') ?? 100);
      const all = received.filter((p) => Date.parse(p.horario) >= inicio && Date.parse(p.horario) <= fim && (url.searchParams.get('txIdPresente') !== 'true' || p.txid));
      const pages = Math.max(1, Math.ceil(all.length / size));
      const out = {
        parametros: { inicio: new Date(inicio).toISOString(), fim: new Date(fim).toISOString(), paginacao: { paginaAtual: page, itensPorPagina: size, quantidadeDePaginas: pages, quantidadeTotalDeItens: all.length } },
        pix: all.slice(page * size, page * size + size),
      };
      check('PixConsultados', out, 'answer of GET /pix');
      return answer(200, out);
    }
    const hook = /^\/webhook\/([^/]+)$/.exec(route);
    if (hook) {
      const chave = decodeURIComponent(hook[1]!);
      if (req.method === 'PUT') {
        if (!check('WebhookSolicitado', body, 'PUT /webhook')) return problem(400, 'WebhookOperacaoInvalida', 'webhookUrl inválida.');
        webhooks.set(chave, String(body.webhookUrl));
        return answer(200);
      }
      if (req.method === 'GET') return webhooks.has(chave) ? answer(200, { webhookUrl: webhooks.get(chave), chave, criacao: new Date().toISOString() }) : problem(404, 'NaoEncontrado', 'Webhook não encontrado.');
      if (req.method === 'DELETE') return webhooks.delete(chave) ? answer(204) : problem(404, 'NaoEncontrado', 'Webhook não encontrado.');
    }
    const auto = automatic.handle(req.method ?? 'GET', route, body, url.searchParams);
    if (auto) return answer(auto.status, auto.body, auto.status >= 400 ? 'application/problem+json' : 'application/json');
    const refund = refunds.handle(req.method ?? 'GET', route, body, received);
    if (refund) return answer(refund.status, refund.body, refund.status >= 400 ? 'application/problem+json' : 'application/json');
    return problem(404, 'NaoEncontrado', `Rota desconhecida: ${req.method} ${route}`);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;

  const notify = async (chave: string, pix: FakePix[]) => {
    const url = webhooks.get(chave);
    if (!url) return 0;
    const body = { pix };
    for (const [i, p] of pix.entries()) check('Pix', p, `webhook pix[${i}]`);
    const target = new URL(`${url.replace(/\/+$/, '')}/pix`);
    const to = deliverOrigin ? `${deliverOrigin}${target.pathname}` : target.toString();
    const res = await fetch(to, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await res.arrayBuffer();
    return res.status;
  };

  const post = async (webhookUrl: string, suffix: string, body: unknown) => {
    const target = new URL(`${webhookUrl.replace(/\/+$/, '')}${suffix}`);
    const res = await fetch(deliverOrigin ? `${deliverOrigin}${target.pathname}` : target.toString(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await res.arrayBuffer();
    return res.status;
  };
  automatic = fakePixAutomatic({ check, post, received, e2eId, cob: (txid) => cobs.get(txid) ?? null });

  const fake: FakePixPsp = {
    baseUrl,
    env: { PIX_API_CA_FILE: caFile },
    clientId,
    clientSecret,
    trust: (pem) => void trusted.push(pem),
    set: (o) => Object.assign(opts, o),
    cobs,
    webhooks,
    received,
    tokensIssued: 0,
    violations,
    async pay(txid, o = {}) {
      const cob = cobs.get(txid);
      if (!cob) throw new Error(`fake PSP: no charge ${txid}`);
      const valor = o.valor ?? String((cob.body.valor as { original: string }).original);
      const pix: FakePix = { endToEndId: o.endToEndId ?? e2eId(), txid, valor, horario: new Date().toISOString(), pagador: { nome: o.payerName ?? 'Pagador Teste', cpf: '12345678909' } };
      received.push(pix);
      cob.status = 'CONCLUIDA';
      const webhookStatus = o.notify === false ? null : await notify(String(cob.body.chave), [pix]);
      return { pix, webhookStatus };
    },
    notify,
    refunds,
    automatic,
    deliverTo: (origin) => void (deliverOrigin = origin),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
  return fake;
}
