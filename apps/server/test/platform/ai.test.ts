import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { generateStructured, jsonSchemaFor, requireAiCredentials, transcribe, connectionTestV1 } from '../../src/platform/ai/index.ts';
import { createCompany, ledgerState, uniqueEmail } from '../billing/support.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai.ts';
import { stubDns } from '../support/stub-dns.ts';
import { createConfirmedUser, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';

let fake: FakeOpenAi;
let server: TestServer; // platform AI → the fake
let bare: TestServer; // no AI configured
const PLATFORM_KEY = 'sk-plataforma-segredo-0001';
const OWN_KEY = 'sk-pessoal-segredo-9876543210';

beforeAll(async () => {
  fake = await startFakeOpenAi();
  [server, bare] = await Promise.all([
    startTestServer({ AI_BASE_URL: fake.baseUrl, AI_API_KEY: PLATFORM_KEY, AI_MODEL: 'modelo-teste', AI_TIMEOUT_MS: '1500' }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([server?.stop(), bare?.stop()]);
  await fake?.close();
});
afterEach(() => {
  fake.reset();
  vi.restoreAllMocks();
});

const summary = (s: TestServer, jar: CookieJar, headers: Record<string, string> = {}, requestId = randomUUID()) =>
  s.request('/api/ai/company-summary', { method: 'POST', json: { requestId }, jar, headers });
const ledgerKinds = async (s: TestServer, companyId: string) =>
  (await s.services.pool.query<{ kind: string; amount: number }>("SELECT kind, amount FROM coin_ledger WHERE company_id = $1 AND kind IN ('debit','refund') ORDER BY id", [companyId])).rows.map(
    (r) => `${r.kind}:${r.amount}`,
  );

describe('GET /api/ai/status and no AI configured', () => {
  it('says whether the platform AI is configured', async () => {
    const a = await createCompany(server);
    const b = await createCompany(bare);
    expect(await (await server.request('/api/ai/status', { jar: a.jar })).json()).toEqual({ platform: true, model: 'modelo-teste' });
    expect(await (await bare.request('/api/ai/status', { jar: b.jar })).json()).toEqual({ platform: false, model: null });
    expect((await bare.request('/api/ai/status')).status).toBe(401);
  });

  it('with no AI configured every AI request says how to configure it, and nothing is charged', async () => {
    const { jar, companyId } = await createCompany(bare);
    for (const res of [await summary(bare, jar), await bare.request('/api/ai/test', { method: 'POST', json: {}, jar })]) {
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({
        error: 'A IA não está configurada. Configure uma chave de IA em Meu perfil ou peça ao administrador para configurar a IA do servidor.',
        code: 'AI_NOT_CONFIGURED',
      });
    }
    expect((await ledgerState(bare, companyId)).balance).toBe(50);
  });
});

describe('a paid AI action on the platform AI (Resumo da empresa)', () => {
  it('asks for a strict JSON schema, validates the answer and charges 1 coin once per request id', async () => {
    const { jar, companyId } = await createCompany(server);
    fake.setResponder(() => ({ resumo: 'Uma padaria de bairro em Campinas.', oportunidades: ['Agendar entregas'] }));
    const requestId = randomUUID();
    const res = await summary(server, jar, {}, requestId);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ summary: { resumo: 'Uma padaria de bairro em Campinas.', oportunidades: ['Agendar entregas'] }, charged: 1, balance: 49 });
    const sent = fake.requests[0]!;
    expect(sent.authorization).toBe(`Bearer ${PLATFORM_KEY}`);
    expect(sent.body!.model).toBe('modelo-teste');
    expect(sent.body!.response_format).toMatchObject({
      type: 'json_schema',
      json_schema: { name: 'company-summary_v1', strict: true, schema: { type: 'object', required: ['resumo', 'oportunidades'], additionalProperties: false } },
    });
    expect(sent.body!.messages[0]!.role).toBe('system');
    // The same click retried: no second charge, no second call.
    const again = await summary(server, jar, {}, requestId);
    expect(again.status).toBe(409);
    expect((await again.json()) as { code: string }).toMatchObject({ code: 'PAID_ACTION_DUPLICATE' });
    expect(fake.requests).toHaveLength(1);
    expect(await ledgerKinds(server, companyId)).toEqual(['debit:-1']);
  });

  it.each([
    ['error_500', 409, 'AI_UNAVAILABLE', 'O provedor de IA está indisponível no momento. Tente novamente em alguns minutos.'],
    ['rate_limited', 429, 'AI_RATE_LIMITED', 'O provedor de IA está sobrecarregado. Tente novamente em instantes.'],
    ['unauthorized', 400, 'AI_KEY_REFUSED', 'A chave de IA foi recusada pelo provedor. Confira a chave em Meu perfil ou peça ao administrador.'],
  ] as const)('provider %s → %i %s in Portuguese, refunded', async (mode, status, code, message) => {
    const { jar, companyId } = await createCompany(server);
    fake.setMode(mode);
    const res = await summary(server, jar);
    expect(res.status).toBe(status);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ error: message, code, refunded: true, charged: 0 });
    if (mode === 'rate_limited') expect(body.retryAfterSeconds).toBe(1);
    expect((await ledgerState(server, companyId)).balance).toBe(50);
    expect(await ledgerKinds(server, companyId)).toEqual(['debit:-1', 'refund:1']);
  });

  it('a malformed answer is retried once (then it is charged once)', async () => {
    const { jar, companyId } = await createCompany(server);
    fake.setMode('malformed_once');
    const res = await summary(server, jar);
    expect(res.status).toBe(200);
    expect(fake.requests).toHaveLength(2);
    // The retry tells the model what was wrong.
    expect(fake.requests[1]!.body!.messages.at(-1)!.content).toMatch(/não seguiu o esquema JSON/);
    expect(await ledgerKinds(server, companyId)).toEqual(['debit:-1']);
  });

  it('malformed twice: a clean failure after exactly 2 attempts, nothing charged', async () => {
    const { jar, companyId } = await createCompany(server);
    fake.setMode('malformed');
    const res = await summary(server, jar);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'AI_INVALID_ANSWER', error: 'A IA respondeu em um formato inesperado. Tente novamente.', refunded: true });
    expect(fake.requests).toHaveLength(2);
    expect((await ledgerState(server, companyId)).balance).toBe(50);
  });

  it('an answer that is JSON but breaks the schema counts as malformed', async () => {
    const { jar, companyId } = await createCompany(server);
    fake.setResponder(() => ({ resumo: '', oportunidades: ['a', 'b', 'c', 'd'] }));
    const res = await summary(server, jar);
    expect(res.status).toBe(409);
    expect(fake.requests).toHaveLength(2);
    expect((await ledgerState(server, companyId)).balance).toBe(50);
  });

  it('a provider slower than AI_TIMEOUT_MS → AI_TIMEOUT, refunded', async () => {
    const { jar, companyId } = await createCompany(server);
    fake.setMode('slow', { slowMs: 10_000 });
    const res = await summary(server, jar);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: 'AI_TIMEOUT', error: 'O provedor de IA demorou demais para responder. Tente novamente.', refunded: true });
    expect((await ledgerState(server, companyId)).balance).toBe(50);
  });

  it('not enough coins: 409 INSUFFICIENT_COINS with the price and balance, and the provider is never called', async () => {
    const { jar } = await createCompany(server, { welcome: false });
    const res = await summary(server, jar);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: 'Saldo de moedas insuficiente: esta ação custa 1 moeda e a empresa tem 0 moedas. Compre mais moedas em /comprar-moedas.',
      code: 'INSUFFICIENT_COINS',
      price: 1,
      balance: 0,
      buyPath: '/comprar-moedas',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('bad bodies are 400 in Portuguese; a person without a company is refused', async () => {
    const { jar } = await createCompany(server);
    const bad = await server.request('/api/ai/company-summary', { method: 'POST', json: { requestId: 'x' }, jar });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('Identificador do pedido inválido.');
    const loner = await createConfirmedUser(server, { email: uniqueEmail('sem-empresa') });
    expect((await summary(server, loner.jar)).status).toBe(403);
    expect((await summary(server, { cookie: '' })).status).toBe(401);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the person's own key", () => {
  it('is used instead of the platform, costs no coins, and is never logged nor stored', async () => {
    const { jar, companyId } = await createCompany(bare); // a server without platform AI
    const logs: string[] = [];
    for (const m of ['log', 'warn', 'error', 'info', 'debug'] as const) {
      vi.spyOn(console, m).mockImplementation((...args: unknown[]) => {
        logs.push(args.map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
      });
    }
    const headers = { 'x-ai-key': OWN_KEY, 'x-ai-base-url': fake.baseUrl, 'x-ai-model': 'meu-modelo' };
    const ok = await summary(bare, jar, headers);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { charged: number; balance: number })).toMatchObject({ charged: 0, balance: 50 });
    expect(fake.requests[0]!.authorization).toBe(`Bearer ${OWN_KEY}`);
    expect(fake.requests[0]!.body!.model).toBe('meu-modelo');

    // Failures log one line without the key.
    for (const mode of ['unauthorized', 'error_500', 'malformed'] as const) {
      fake.setMode(mode);
      expect((await summary(bare, jar, headers)).status).not.toBe(200);
    }
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('\n')).not.toContain(OWN_KEY);
    expect(logs.join('\n')).not.toContain(OWN_KEY.slice(3, 20));
    const { rows } = await bare.services.pool.query(
      "SELECT (SELECT count(*) FROM paid_actions WHERE row_to_json(paid_actions)::text LIKE '%' || $1 || '%') + (SELECT count(*) FROM coin_ledger WHERE row_to_json(coin_ledger)::text LIKE '%' || $1 || '%') AS n",
      [OWN_KEY],
    );
    expect(Number(rows[0].n)).toBe(0);
    expect((await ledgerState(bare, companyId)).balance).toBe(50);
  });

  it("POST /api/ai/test checks a pasted key without charging; a refused key and a bad URL are clear", async () => {
    const { jar, companyId } = await createCompany(bare);
    const headers = { 'x-ai-key': OWN_KEY, 'x-ai-base-url': fake.baseUrl };
    const ok = await bare.request('/api/ai/test', { method: 'POST', json: {}, jar, headers });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ ok: true, source: 'own', model: 'gpt-4o-mini' });
    fake.setAcceptedKey('outra-chave');
    const refused = await bare.request('/api/ai/test', { method: 'POST', json: {}, jar, headers });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { code: string }).code).toBe('AI_KEY_REFUSED');
    const badUrl = await bare.request('/api/ai/test', { method: 'POST', json: {}, jar, headers: { 'x-ai-key': OWN_KEY, 'x-ai-base-url': 'ftp://x' } });
    expect(badUrl.status).toBe(400);
    expect(((await badUrl.json()) as { code: string }).code).toBe('AI_BASE_URL_INVALID');
    const unreachable = await bare.request('/api/ai/test', { method: 'POST', json: {}, jar, headers: { 'x-ai-key': OWN_KEY, 'x-ai-base-url': 'http://127.0.0.1:1/v1' } });
    expect(unreachable.status).toBe(409);
    expect(((await unreachable.json()) as { code: string }).code).toBe('AI_UNREACHABLE');
    expect((await ledgerState(bare, companyId)).balance).toBe(50);
  });
});

describe('own base URLs on a public server (SSRF, decision 0350)', () => {
  const publicServices = (dns = stubDns()) => ({ ...bare.services, cfg: { ...bare.services.cfg, appUrl: 'https://sede.exemplo.com.br' }, dns });
  const own = (url: string) => new Headers({ 'x-ai-key': OWN_KEY, 'x-ai-base-url': url });
  const ping = (s: ReturnType<typeof publicServices>, creds: Awaited<ReturnType<typeof requireAiCredentials>>) =>
    generateStructured(s, creds, { prompt: connectionTestV1, input: {}, schema: z.object({ ok: z.boolean() }), maxTokens: 50 });

  it('refuses loopback, private, link-local, NAT64 and site-local literals before any request, in every spelling', async () => {
    const { cfg } = publicServices();
    const port = new URL(fake.baseUrl).port;
    for (const url of [
      `http://[::ffff:127.0.0.1]:${port}/v1`,
      `http://[::ffff:7f00:1]:${port}/v1`,
      `http://[::7f00:1]:${port}/v1`,
      `http://2130706433:${port}/v1`,
      'http://[::ffff:a9fe:a9fe]/latest',
      'http://[64:ff9b::a9fe:a9fe]/latest',
      'http://[fec0::1]/v1',
      'http://127.0.0.1:5432/v1',
      'http://localhost:11434/v1',
      'http://169.254.169.254/latest',
      'http://10.0.0.5/v1',
      'http://[::1]:8080/v1',
      'http://192.168.0.10/v1',
      'http://100.64.1.1/v1',
    ]) {
      await expect(requireAiCredentials(cfg, own(url)), url).rejects.toMatchObject({ status: 400, code: 'AI_BASE_URL_PRIVATE' });
    }
    expect(fake.requests).toEqual([]);
    await expect(requireAiCredentials(cfg, own('http://8.8.8.8/v1'))).resolves.toMatchObject({ source: 'own' });
    await expect(requireAiCredentials(bare.services.cfg, own(fake.baseUrl))).resolves.toMatchObject({ source: 'own' });
  });

  it('a name that resolves inside is refused when the request is made, and the key never leaves', async () => {
    const dns = stubDns();
    dns.addresses.set('ia.exemplo.com.br', [{ address: '127.0.0.1', family: 4 }]);
    const s = publicServices(dns);
    const creds = await requireAiCredentials(s.cfg, own(`http://ia.exemplo.com.br:${new URL(fake.baseUrl).port}/v1`));
    await expect(ping(s, creds)).rejects.toMatchObject({ status: 400, code: 'AI_BASE_URL_PRIVATE' });
    expect(fake.requests).toEqual([]);
  });
});

describe('own base URLs on a local server (APP_URL loopback: the fake provider)', () => {
  it('loopback is allowed, through the guard: a name is resolved once and pinned; redirects are refused', async () => {
    const dns = stubDns();
    const port = new URL(fake.baseUrl).port;
    // First answer: where the fake listens; any later answer: where nothing does.
    dns.addresses.set('ia.sede.invalid', [[{ address: '127.0.0.1', family: 4 }], [{ address: '127.0.0.2', family: 4 }]]);
    const local = await startTestServer({}, { dns });
    const redirector = http.createServer((_req, res) => res.writeHead(307, { location: `${fake.baseUrl}/chat/completions` }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const { jar } = await createConfirmedUser(local, { email: uniqueEmail('guarda') });
      const test = (url: string) => local.request('/api/ai/test', { method: 'POST', json: {}, jar, headers: { 'x-ai-key': OWN_KEY, 'x-ai-base-url': url } });
      const pinned = await test(`http://ia.sede.invalid:${port}/v1`);
      expect(pinned.status, await pinned.clone().text()).toBe(200);
      expect(fake.requests.map((r) => r.path)).toEqual(['/v1/chat/completions']);
      expect(fake.requests[0]!.authorization).toBe(`Bearer ${OWN_KEY}`);
      expect(dns.lookups).toEqual(['ia.sede.invalid']);

      const redirected = await test(`http://127.0.0.1:${(redirector.address() as AddressInfo).port}/v1`);
      expect(redirected.status).toBe(409);
      expect(await redirected.json()).toMatchObject({ code: 'AI_BASE_URL_REDIRECT' });
      expect(fake.requests).toHaveLength(1);
      // The private ranges stay refused even here.
      const metadata = await test('http://169.254.169.254/latest');
      expect(metadata.status).toBe(400);
    } finally {
      redirector.close();
      await local.stop();
    }
  });

  it('an own key transcribes through the guard (multipart body)', async () => {
    const creds = await requireAiCredentials(bare.services.cfg, new Headers({ 'x-ai-key': OWN_KEY, 'x-ai-base-url': fake.baseUrl }));
    const r = await transcribe(bare.services, creds, Buffer.from('RIFF....WAVEfmt '), { filename: 'reuniao.wav', contentType: 'audio/wav' });
    expect(r.text).toBe('Olá, esta é uma transcrição de teste. Obrigado, pode continuar.');
    expect(fake.requests[0]!.raw).toMatch(/filename="reuniao.wav"/);
  });
});

describe('transcription', () => {
  it('a non-diarizing model: multipart with the model and Portuguese, verbose_json, the text and timed segments', async () => {
    const creds = { ...(await requireAiCredentials(server.services.cfg, new Headers())), transcriptionModel: 'whisper-1' };
    const r = await transcribe(server.services, creds, Buffer.from('RIFF....WAVEfmt '), { filename: 'reuniao.wav', contentType: 'audio/wav' });
    expect(r.text).toBe('Olá, esta é uma transcrição de teste.');
    expect(r.language).toBe('portuguese');
    expect(r.segments).toEqual([{ start: 0, end: 2.5, text: 'Olá, esta é uma transcrição de teste.' }]);
    const sent = fake.requests[0]!;
    expect(sent.path).toBe('/v1/audio/transcriptions');
    expect(sent.raw).toMatch(/name="model"\r\n\r\nwhisper-1/);
    expect(sent.raw).toMatch(/name="response_format"\r\n\r\nverbose_json/);
    expect(sent.raw).toMatch(/name="language"\r\n\r\npt/);
    expect(sent.raw).toMatch(/filename="reuniao.wav"/);
    fake.setMode('error_500');
    await expect(transcribe(server.services, creds, Buffer.from('x'))).rejects.toMatchObject({ code: 'AI_UNAVAILABLE' });
  });

  it('the default diarizing model: diarized_json with chunking, speakers per segment, known speakers sent as names and samples', async () => {
    const creds = await requireAiCredentials(server.services.cfg, new Headers());
    expect(creds.transcriptionModel).toBe('gpt-4o-transcribe-diarize');
    const r = await transcribe(server.services, creds, Buffer.from('RIFF....WAVEfmt '), { filename: 'reuniao.wav', contentType: 'audio/wav' });
    expect(r.segments).toEqual([
      { start: 0, end: 2.5, text: 'Olá, esta é uma transcrição de teste.', speaker: 'A' },
      { start: 2.5, end: 4, text: 'Obrigado, pode continuar.', speaker: 'B' },
    ]);
    const sent = fake.requests.at(-1)!;
    expect(sent.raw).toMatch(/name="model"\r\n\r\ngpt-4o-transcribe-diarize/);
    expect(sent.raw).toMatch(/name="response_format"\r\n\r\ndiarized_json/);
    expect(sent.raw).toMatch(/name="chunking_strategy"\r\n\r\nauto/);
    expect(sent.raw).not.toMatch(/name="prompt"/);

    const sample = 'data:audio/mpeg;base64,SUQz';
    const known = await transcribe(server.services, creds, Buffer.from('RIFF....WAVEfmt '), { knownSpeakers: [{ name: 'Falante 1', reference: sample }, { name: 'Falante 2', reference: sample }] });
    expect(known.segments!.map((x) => x.speaker)).toEqual(['Falante 1', 'Falante 2']);
    expect(fake.requests.at(-1)!.raw).toMatch(/name="known_speaker_names\[\]"\r\n\r\nFalante 1\r\n/);
    expect(fake.requests.at(-1)!.raw).toMatch(/name="known_speaker_references\[\]"\r\n\r\ndata:audio\/mpeg;base64,SUQz\r\n/);
  });
});

describe('schema → JSON schema', () => {
  it('a zod object becomes a strict JSON schema without $schema', () => {
    const json = jsonSchemaFor(z.object({ nome: z.string().max(10), itens: z.array(z.number()), tipo: z.enum(['a', 'b']), obs: z.string().nullable() }));
    expect(json).toEqual({
      type: 'object',
      properties: {
        nome: { type: 'string', maxLength: 10 },
        itens: { type: 'array', items: { type: 'number' } },
        tipo: { type: 'string', enum: ['a', 'b'] },
        obs: { type: ['string', 'null'] },
      },
      required: ['nome', 'itens', 'tipo', 'obs'],
      additionalProperties: false,
    });
  });
});
