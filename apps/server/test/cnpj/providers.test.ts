import { describe, expect, it } from 'vitest';
import { PROVIDERS, type ProviderName } from '../../src/modules/cnpj/providers/registry.ts';
import { expected, manifest, readFixture } from './fixtures.ts';

const names = Object.keys(PROVIDERS) as ProviderName[];
const withBody = manifest.responses.filter((r) => r.body_file);
const KIND: Record<string, string> = { found: 'found', not_found: 'not_found', invalid: 'failed', rate_limited: 'rate_limited' };
const JSON_CT = 'application/json; charset=utf-8';

describe('provider fixtures (manifest.json)', () => {
  it.each(withBody.map((r) => [r.provider, r.scenario, r] as const))('%s %s', (provider, scenario, r) => {
    const outcome = PROVIDERS[provider as ProviderName].parse(r.status, r.content_type, readFixture(r.body_file!));
    expect(outcome.kind).toBe(KIND[scenario]);
  });

  it.each(names)('%s maps its found fixture to exactly the expected record', (name) => {
    const r = withBody.find((e) => e.provider === name && e.scenario === 'found')!;
    const outcome = PROVIDERS[name].parse(r.status, r.content_type, readFixture(r.body_file!));
    expect(outcome).toEqual({ kind: 'found', record: expected.by_provider[name] });
  });

  it('every provider agrees on the shared fields', () => {
    const ref = expected.by_provider.brasilapi;
    for (const name of names) {
      for (const field of expected.fields_equal_for_every_provider) {
        expect(expected.by_provider[name][field], `${name}.${field}`).toBe(ref[field]);
      }
    }
  });
});

describe('provider quirks', () => {
  it('ReceitaWS: "CNPJ inválido" for a CNPJ we validated is a failure, not invalid/not found', () => {
    expect(PROVIDERS.receitaws.parse(200, JSON_CT, readFixture('receitaws-invalid.json')).kind).toBe('failed');
    expect(PROVIDERS.receitaws.parse(200, JSON_CT, readFixture('receitaws-not-found.json')).kind).toBe('not_found');
  });

  it('ReceitaWS: expands the abbreviated street type and keeps the first phone', () => {
    const body = JSON.parse(readFixture('receitaws-found.json'));
    for (const [given, full] of [['AV. PAULISTA', 'AVENIDA PAULISTA'], ['AL SANTOS', 'ALAMEDA SANTOS'], ['TV DO OUVIDOR', 'TRAVESSA DO OUVIDOR'], ['PCA DA SE', 'PRACA DA SE'], ['ROD BR 116', 'RODOVIA BR 116'], ['EST VELHA', 'ESTRADA VELHA'], ['RUA DIREITA', 'RUA DIREITA']]) {
      const outcome = PROVIDERS.receitaws.parse(200, JSON_CT, JSON.stringify({ ...body, logradouro: given, telefone: '(11) 3040-5060/ (11) 3040-5061' }));
      expect(outcome.kind === 'found' && [outcome.record.logradouro, outcome.record.telefone]).toEqual([full, '1130405060']);
    }
  });

  it('BrasilAPI: only a CNPJ not-found 404 is not_found; its 500 and unknown-route 404 fail', () => {
    const bp = PROVIDERS.brasilapi;
    expect(bp.parse(404, JSON_CT, '{"message":"Page not found.","type":"not_found","name":"NotFoundError"}').kind).toBe('failed');
    expect(bp.parse(404, 'text/html', '<html><body>404</body></html>').kind).toBe('failed');
    expect(bp.parse(500, JSON_CT, '{"message":"Request failed with status code 429","type":"internal_error","name":"AxiosError"}').kind).toBe('failed');
    expect(bp.parse(429, 'text/plain', readFixture('brasilapi-rate-limited.txt'))).toEqual({ kind: 'rate_limited' });
  });

  it('minha-receita: a 404 without the "não encontrado." message fails', () => {
    expect(PROVIDERS.minhareceita.parse(404, 'application/json', '{"message":"Page not found"}').kind).toBe('failed');
    expect(PROVIDERS.minhareceita.parse(404, 'text/html', '').kind).toBe('failed');
  });

  it('CNPJ.ws: reads the wait from "Liberação ocorrerá em …", else leaves it to the default', () => {
    const body = readFixture('cnpjws-rate-limited.json');
    const now = Date.parse('2026-10-12T12:28:00Z'); // 09:28:00 in Brasília
    expect(PROVIDERS.cnpjws.parse(429, JSON_CT, body, now)).toEqual({ kind: 'rate_limited', retryAfterMs: 55_000 });
    expect(PROVIDERS.cnpjws.parse(429, JSON_CT, body, now + 3_600_000)).toEqual({ kind: 'rate_limited', retryAfterMs: undefined });
    expect(PROVIDERS.cnpjws.parse(429, 'text/plain', 'Too Many Requests', now)).toEqual({ kind: 'rate_limited', retryAfterMs: undefined });
  });

  it('CNPJá: a 404 without code 404 fails', () => {
    expect(PROVIDERS.cnpja.parse(404, JSON_CT, '{"message":"not here"}').kind).toBe('failed');
    expect(PROVIDERS.cnpja.parse(429, JSON_CT, readFixture('cnpja-rate-limited.json')).kind).toBe('rate_limited');
  });
});

describe('anything else is a failure, never found', () => {
  const garbage: [string, number, string | null, string][] = [
    ['HTML challenge page', 200, 'text/html; charset=utf-8', '<!DOCTYPE html><html><title>Just a moment...</title></html>'],
    ['HTML with a JSON content type', 200, JSON_CT, '<html></html>'],
    ['empty body', 200, JSON_CT, ''],
    ['invalid JSON', 200, JSON_CT, '{"cnpj": "98765432000198",'],
    ['a JSON array', 200, JSON_CT, '[]'],
    ['a JSON string', 200, JSON_CT, '"ok"'],
    ['200 not a company', 200, JSON_CT, '{"status":"OK","message":"Serviço em manutenção"}'],
    ['company without razão social', 200, JSON_CT, '{"cnpj":"98765432000198","taxId":"98765432000198","estabelecimento":{"cnpj":"98765432000198"}}'],
    ['company with a bad CNPJ', 200, JSON_CT, '{"cnpj":"98765432000199","razao_social":"X","nome":"X"}'],
    ['500', 500, JSON_CT, '{"message":"Internal Server Error"}'],
    ['502 HTML', 502, 'text/html', '<html>Bad Gateway</html>'],
    ['503 empty', 503, null, ''],
    ['401 Host não autorizado', 401, JSON_CT, '{"message":"Host não autorizado"}'],
  ];
  for (const name of names) {
    it.each(garbage)(`${name}: %s`, (_label, status, contentType, body) => {
      expect(PROVIDERS[name].parse(status, contentType, body).kind).toBe('failed');
    });
    it(`${name}: its own 400 for a CNPJ we validated`, () => {
      const file = withBody.find((r) => r.provider === name && r.scenario === 'invalid')!;
      expect(PROVIDERS[name].parse(file.status, file.content_type, readFixture(file.body_file!)).kind).toBe('failed');
    });
  }
});

describe('alphanumeric support flags', () => {
  it('only BrasilAPI and minha-receita are asked for a CNPJ with letters', () => {
    expect(names.filter((n) => PROVIDERS[n].acceptsLetters)).toEqual(['brasilapi', 'minhareceita']);
  });
});
