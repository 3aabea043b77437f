// Fake CNPJ providers: one node:http server, each provider under its own path prefix
// (`http://127.0.0.1:PORT/brasilapi` is BrasilAPI's base URL), answering with the fixture
// files of test/fixtures/cnpj as manifest.json says.
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { formatCnpj, isValidCnpj } from '@sede/shared/cnpj';

export const FAKE_PROVIDERS = ['brasilapi', 'minhareceita', 'receitaws', 'cnpjws', 'cnpja'] as const;
export type FakeProvider = (typeof FAKE_PROVIDERS)[number];
export type FakeScenario =
  | 'found' | 'not_found' | 'invalid' | 'rate_limited' | 'rate_limited_retry_after' | 'rate_limited_briefly' | 'error_500'
  | 'html' | 'empty' | 'not_company' | 'timeout';
type CnpjScenario = FakeScenario | Partial<Record<FakeProvider, FakeScenario>>;

export type FakeCnpjProviders = {
  port: number;
  baseUrls: Record<FakeProvider, string>;
  /** Requests received per provider. */
  calls: Record<FakeProvider, number>;
  /** Forces a provider's answer for every CNPJ (null: back to the per-CNPJ rules). */
  setScenario(provider: FakeProvider, scenario: FakeScenario | null): void;
  /** The answer for one CNPJ, everywhere or per provider. */
  setCnpjScenario(cnpj: string, scenario: CnpjScenario): void;
  /** The answer for any other CNPJ with valid check digits (null: "not found", the default). */
  setDefaultScenario(scenario: FakeScenario | null): void;
  /** Clears scenarios and counters. */
  reset(): void;
  close(): Promise<void>;
};

type Manifest = {
  cnpj_found: string;
  cnpj_not_found: string;
  cnpj_invalid: string;
  responses: { provider: string; scenario: string; status: number; content_type: string; body_file: string | null }[];
};

const FIXTURES = new URL('../fixtures/cnpj/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', FIXTURES), 'utf8')) as Manifest;
const FIXTURE_CNPJS = [manifest.cnpj_found, manifest.cnpj_not_found, manifest.cnpj_invalid];

type Answer = { status: number; contentType: string; body: string; headers?: Record<string, string> };

const EXTRA: Partial<Record<FakeScenario, Answer>> = {
  rate_limited: { status: 429, contentType: 'text/plain', body: 'Too Many Requests' },
  // A long Retry-After (2 minutes): a lookup must skip the provider, never wait for it.
  rate_limited_retry_after: { status: 429, contentType: 'text/plain', body: 'Too Many Requests', headers: { 'retry-after': '120' } },
  // Retry-After: 1 s, for browser tests that share one server: the backoff is over at once.
  rate_limited_briefly: { status: 429, contentType: 'text/plain', body: 'Too Many Requests', headers: { 'retry-after': '1' } },
  error_500: { status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' },
  html: {
    status: 200,
    contentType: 'text/html; charset=utf-8',
    body: '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>Checking your browser</body></html>',
  },
  empty: { status: 200, contentType: 'application/json', body: '' },
  not_company: { status: 200, contentType: 'application/json', body: '{"status":"OK","message":"Serviço em manutenção"}' },
};
// BrasilAPI wraps any upstream failure in a 500 of its own error model.
const BRASILAPI_500: Answer = {
  status: 500,
  contentType: 'application/json; charset=utf-8',
  body: '{"message":"Request failed with status code 503","type":"internal_error","name":"AxiosError"}',
};

/** Puts the asked CNPJ (raw and masked) where the fixture has its own. */
function withCnpj(body: string, cnpj: string): string {
  if (cnpj.length !== 14) return body;
  let out = body;
  for (const c of FIXTURE_CNPJS) out = out.replaceAll(c, cnpj).replaceAll(formatCnpj(c), formatCnpj(cnpj));
  return out;
}

function answerFor(provider: FakeProvider, scenario: Exclude<FakeScenario, 'timeout'>, cnpj: string): Answer {
  if (provider === 'brasilapi' && scenario === 'error_500') return BRASILAPI_500;
  const entry = manifest.responses.find((r) => r.provider === provider && r.scenario === scenario);
  if (entry?.body_file) {
    const body = readFileSync(new URL(entry.body_file, FIXTURES), 'utf8');
    // "text/plain (reported; may be an HTML page)" -> "text/plain"
    const contentType = entry.content_type.replace(/\s*\(.*\)$/, '');
    return { status: entry.status, contentType, body: withCnpj(body, cnpj) };
  }
  const extra = EXTRA[scenario];
  if (!extra) throw new Error(`No fake answer for ${provider}/${scenario}`);
  return extra;
}

function send(res: ServerResponse, a: Answer) {
  res.writeHead(a.status, { ...a.headers, 'content-type': a.contentType, 'content-length': Buffer.byteLength(a.body) });
  res.end(a.body);
}

/** `other` answers the requests that are no provider's (it returns false to leave them a 404). */
export async function startFakeCnpjProviders(port = 0, other?: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<FakeCnpjProviders> {
  const calls = Object.fromEntries(FAKE_PROVIDERS.map((p) => [p, 0])) as Record<FakeProvider, number>;
  const forced = new Map<FakeProvider, FakeScenario>();
  const byCnpj = new Map<string, CnpjScenario>();
  let defaultScenario: FakeScenario | null = null;

  function scenarioFor(provider: FakeProvider, cnpj: string): FakeScenario {
    const forcedScenario = forced.get(provider);
    if (forcedScenario) return forcedScenario;
    const s = byCnpj.get(cnpj);
    const fromCnpj = typeof s === 'string' ? s : s?.[provider];
    if (fromCnpj) return fromCnpj;
    if (cnpj === manifest.cnpj_found) return 'found';
    if (cnpj === manifest.cnpj_invalid) return 'invalid';
    if (cnpj === manifest.cnpj_not_found) return 'not_found';
    if (defaultScenario && isValidCnpj(cnpj)) return defaultScenario;
    return 'not_found';
  }

  const server = createServer((req, res) => {
    if (other?.(req, res)) return;
    const segments = new URL(req.url ?? '/', 'http://fake').pathname.split('/').filter(Boolean);
    const provider = segments[0] as FakeProvider;
    if (!FAKE_PROVIDERS.includes(provider) || segments.length < 2) {
      return send(res, { status: 404, contentType: 'text/html', body: '<h1>404 Not Found</h1>' });
    }
    calls[provider] += 1;
    const cnpj = decodeURIComponent(segments[segments.length - 1]);
    const scenario = scenarioFor(provider, cnpj);
    if (scenario === 'timeout') return; // never answers; close() drops the socket
    send(res, answerFor(provider, scenario, cnpj));
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.address() as AddressInfo).port;
  const root = `http://127.0.0.1:${actualPort}`;

  return {
    port: actualPort,
    baseUrls: Object.fromEntries(FAKE_PROVIDERS.map((p) => [p, `${root}/${p}`])) as Record<FakeProvider, string>,
    calls,
    setScenario(provider, scenario) {
      if (scenario) forced.set(provider, scenario);
      else forced.delete(provider);
    },
    setCnpjScenario(cnpj, scenario) {
      byCnpj.set(cnpj, scenario);
    },
    setDefaultScenario(scenario) {
      defaultScenario = scenario;
    },
    reset() {
      forced.clear();
      byCnpj.clear();
      defaultScenario = null;
      for (const p of FAKE_PROVIDERS) calls[p] = 0;
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
