import { randomInt, X509Certificate } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { gunzipSync, gzipSync } from 'node:zlib';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { verifyXmlSignature } from '../../src/platform/certificates/xml-signature.ts';
import { makeServerTls } from './test-certificates.ts';

export type SefinError = { Codigo: string; Descricao: string; Complemento?: string };
export type IssuedNfse = { accessKey: string; dpsId: string; number: number; serie: string; cnpj: string; dpsXml: string; cancelled: boolean };

export type FakeSefin = {
  /** NFSE_SEFIN_*_URL and NFSE_SEFIN_CA_FILE for the server under test. */
  env: Record<string, string>;
  /** The certificates whose TLS client and XML signatures it accepts (the uploaded test certificate). */
  trust(certificatePem: string): void;
  /** The next DPS (or event) is refused with these errors. */
  rejectNext(errors: SefinError[]): void;
  issued: IssuedNfse[];
  close(): Promise<void>;
};

const NS = 'http://www.sped.fazenda.gov.br/nfse';
/** What infDPS must carry (paths of local names under infDPS; '|' = one of). */
const REQUIRED = ['tpAmb', 'dhEmi', 'verAplic', 'serie', 'nDPS', 'dCompet', 'tpEmit', 'cLocEmi', 'prest/CNPJ', 'prest/regTrib/opSimpNac', 'toma/CNPJ|toma/CPF', 'toma/xNome', 'serv/locPrest/cLocPrestacao', 'serv/cServ/cTribNac', 'serv/cServ/xDescServ', 'valores/vServPrest/vServ', 'valores/trib/tribMun/tribISSQN'];

const child = (el: Element | null | undefined, name: string): Element | null => {
  if (!el) return null;
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as Element).localName === name) return n as Element;
  return null;
};
const at = (root: Element, p: string) => p.split('/').reduce<Element | null>((el, name) => child(el, name), root);
const text = (root: Element, p: string) => at(root, p)?.textContent?.trim() ?? '';

/** Check digit (módulo 11) of the access key's first 49 digits. */
function dv(digits: string): string {
  let sum = 0;
  let w = 2;
  for (let i = digits.length - 1; i >= 0; i--) {
    sum += Number(digits[i]) * w;
    w = w === 9 ? 2 : w + 1;
  }
  const r = 11 - (sum % 11);
  return String(r >= 10 ? 0 : r);
}

/**
 * A Sefin Nacional on 127.0.0.1 speaking its format: HTTPS with a required client certificate
 * (mTLS), `POST /nfse` with `{ dpsXmlGZipB64 }` (ungzipped, its XMLDSig verified against the
 * trusted certificate, required fields checked, a DPS Id accepted once) answering 201 with
 * `chaveAcesso` and `nfseXmlGZipB64` or 400 with `erros: [{ Codigo, Descricao }]`, and
 * `POST /nfse/{chave}/eventos` with `{ pedidoRegistroEventoXmlGZipB64 }` for cancellation (e101101).
 */
export async function startFakeSefin(opts: { port?: number; caFile?: string; control?: boolean } = {}): Promise<FakeSefin> {
  const trusted: string[] = [];
  const issued: IssuedNfse[] = [];
  let nextRejection: SefinError[] | null = null;
  const tls = makeServerTls();
  const caFile = opts.caFile ?? path.join(mkdtempSync(path.join(tmpdir(), 'fake-sefin-')), 'ca.pem');
  writeFileSync(caFile, tls.cert);

  const server: Server = createServer({ key: tls.key, cert: tls.cert, requestCert: true, rejectUnauthorized: false }, async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const refuse = (Codigo: string, Descricao: string, status = 400) => answer(status, { tipoAmbiente: 2, versaoAplicativo: 'fake', dataHoraProcessamento: new Date().toISOString(), erros: [{ Codigo, Descricao }] });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    // The browser tests' control (fake-sefin-cli.ts): health, and trusting the certificate a test uploads.
    if (opts.control && req.url === '/__control/health') return answer(200, { ok: true });
    if (opts.control && req.method === 'POST' && req.url === '/__control/trust') {
      const pem = String((JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { pem?: unknown }).pem ?? '');
      trusted.push(pem);
      return answer(200, { ok: true });
    }
    const peer = (req.socket as TLSSocket).getPeerCertificate();
    const client = peer?.raw ? trusted.find((pem) => new X509Certificate(pem).raw.equals(peer.raw)) : undefined;
    if (!client) return refuse('E0004', 'Certificado digital do cliente não informado ou não autorizado.', 403);
    if (nextRejection) {
      const erros = nextRejection;
      nextRejection = null;
      return answer(400, { erros });
    }
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return refuse('E1229', 'JSON inválido.');
    }
    const url = new URL(req.url ?? '/', 'https://127.0.0.1');
    const event = /^\/nfse\/(\d{50})\/eventos$/.exec(url.pathname);
    const field = event ? 'pedidoRegistroEventoXmlGZipB64' : 'dpsXmlGZipB64';
    if (req.method !== 'POST' || (!event && url.pathname !== '/nfse')) return refuse('E0000', 'Recurso não encontrado.', 404);
    let xml: string;
    try {
      xml = gunzipSync(Buffer.from(String(json[field] ?? ''), 'base64')).toString('utf8');
    } catch {
      return refuse('E1230', `${field} não é um XML compactado (GZip) em Base64.`);
    }
    if (!verifyXmlSignature(xml, client)) return refuse('E0001', 'Assinatura digital do documento inválida.');
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const root = doc.documentElement;
    if (!root || root.namespaceURI !== NS) return refuse('E1235', 'Namespace do documento inválido.');

    if (event) {
      const nfse = issued.find((n) => n.accessKey === event[1]);
      const inf = child(root, 'infPedReg');
      if (!nfse || !inf || text(inf, 'chNFSe') !== nfse.accessKey) return refuse('E0810', 'NFS-e não encontrada para a chave de acesso informada.');
      if (!child(inf, 'e101101') || text(inf, 'e101101/xMotivo').length < 15) return refuse('E1235', 'Campo obrigatório não informado: xMotivo.');
      if (nfse.cancelled) return refuse('E0840', 'NFS-e já cancelada.');
      nfse.cancelled = true;
      const evento = `<?xml version="1.0" encoding="UTF-8"?><evento xmlns="${NS}" versao="1.01"><infEvento Id="EVT${nfse.accessKey}101101001"><nSeqEvento>1</nSeqEvento><dhProc>${new Date().toISOString()}</dhProc>${xml.replace(/^<\?xml[^>]*\?>/, '')}</infEvento></evento>`;
      return answer(201, { tipoAmbiente: 2, versaoAplicativo: 'fake', dataHoraProcessamento: new Date().toISOString(), eventoXmlGZipB64: gzipSync(evento).toString('base64') });
    }

    const inf = child(root, 'infDPS');
    if (root.localName !== 'DPS' || !inf) return refuse('E1235', 'Elemento infDPS não informado.');
    const missing = REQUIRED.find((p) => p.split('|').every((alt) => !text(inf, alt)));
    if (missing) return refuse('E1235', `Campo obrigatório não informado: ${missing.split('|')[0]!.split('/').pop()}.`);
    const dpsId = inf.getAttribute('Id') ?? '';
    if (!/^DPS\d{42}$/.test(dpsId)) return refuse('E1235', 'Id da DPS inválido.');
    if (issued.some((n) => n.dpsId === dpsId)) return refuse('E0014', 'DPS já informada anteriormente (duplicidade do Id).');
    const cnpj = text(inf, 'prest/CNPJ');
    const number = issued.length + 1;
    const head = `${text(inf, 'cLocEmi')}${text(inf, 'tpAmb')}2${cnpj.padStart(14, '0')}${String(number).padStart(13, '0')}${text(inf, 'dCompet').slice(2, 4)}${text(inf, 'dCompet').slice(5, 7)}${String(randomInt(1e9)).padStart(9, '0')}`;
    const accessKey = head + dv(head);
    issued.push({ accessKey, dpsId, number: Number(text(inf, 'nDPS')), serie: text(inf, 'serie'), cnpj, dpsXml: xml, cancelled: false });
    const nfse = `<?xml version="1.0" encoding="UTF-8"?><NFSe xmlns="${NS}" versao="1.01"><infNFSe Id="NFS${accessKey}"><nNFSe>${number}</nNFSe><dhProc>${new Date().toISOString()}</dhProc>${xml.replace(/^<\?xml[^>]*\?>/, '')}</infNFSe></NFSe>`;
    return answer(201, { tipoAmbiente: 2, versaoAplicativo: 'fake', dataHoraProcessamento: new Date().toISOString(), idDps: dpsId, chaveAcesso: accessKey, nfseXmlGZipB64: gzipSync(nfse).toString('base64') });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/SefinNacional`;
  // The real base path: routes above are matched after it.
  server.prependListener('request', (req) => {
    req.url = (req.url ?? '').replace(/^\/SefinNacional/, '');
  });
  return {
    env: { NFSE_SEFIN_RESTRICTED_URL: url, NFSE_SEFIN_PRODUCTION_URL: url, NFSE_SEFIN_CA_FILE: caFile },
    trust: (pem) => void trusted.push(pem),
    rejectNext: (errors) => void (nextRejection = errors),
    issued,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
