import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES as M, type WebhookEndpoint, type WebhookEndpointWithSecret } from '@sede/shared/platform/webhooks';
import { expectTenantIsolation } from '../support/isolation.ts';
import { stubDns } from '../support/stub-dns.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';
import { createEndpoint, hooksApi } from './support.ts';

/**
 * The company's webhook endpoints (decision 0650): admins create, change, rotate and delete them;
 * the secret is shown once; every address goes through the outbound guard when it is saved.
 * No request leaves the machine: the DNS is a stub and these tests never send an event.
 */
let server: TestServer;
let companyId: string;
let admin: Person;
let vendas: Person;
let outsider: Person;
const dns = stubDns();
const PUBLIC = 'https://hooks.exemplo.com.br/sede';

beforeAll(async () => {
  dns.addresses.set('hooks.exemplo.com.br', [{ address: '93.184.216.34', family: 4 }]);
  dns.addresses.set('interno.exemplo.com.br', [{ address: '10.0.0.5', family: 4 }]);
  dns.addresses.set('mapeado.exemplo.com.br', [{ address: '::ffff:10.0.0.1', family: 6 }]);
  dns.addresses.set('misto.exemplo.com.br', [
    { address: '93.184.216.34', family: 4 },
    { address: '192.168.0.1', family: 4 },
  ]);
  server = await startTestServer({}, { dns });
  const a = await createCompanyWithAdmin(server, 'Empresa Integrada');
  companyId = a.companyId;
  admin = a.admin;
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa')).admin;
});
afterAll(async () => {
  await server?.stop();
});

describe('endpoints', () => {
  it('an admin creates one: the whsec_ secret is shown once, stored encrypted, listed only by its hint', async () => {
    const created = await createEndpoint(server, admin, { url: PUBLIC, description: 'ERP', events: ['deal.won', 'contact.created', 'deal.won'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.endpoint).toMatchObject({ url: PUBLIC, description: 'ERP', enabled: true, disabledReason: null, secretHint: `${created.secret.slice(0, 10)}…` });
    // Events in the catalogue's order, each once.
    expect(created.endpoint.events).toEqual(['contact.created', 'deal.won']);
    const list = await hooksApi<{ endpoints: WebhookEndpoint[] }>(server, '/endpoints', admin);
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(created.secret);
    const [row] = await sql(server, 'SELECT secret_encrypted FROM webhook_endpoints WHERE id = $1', [created.endpoint.id]);
    expect(row!.secret_encrypted).not.toContain(created.secret.slice(6));
    const audit = await sql(server, "SELECT action FROM activity_log WHERE company_id = $1 AND action LIKE 'webhook_%'", [companyId]);
    expect(audit.map((r) => r.action)).toContain('webhook_endpoint_created');
  });

  it('refuses bad input in Portuguese', async () => {
    const cases: Array<[unknown, string]> = [
      [{ url: PUBLIC, events: [] }, M.events],
      [{ url: PUBLIC }, M.events],
      [{ url: PUBLIC, events: ['deal.exploded'] }, M.eventUnknown],
      [{ url: 'ftp://hooks.exemplo.com.br/', events: ['deal.won'] }, M.url],
      [{ url: 'não é url', events: ['deal.won'] }, M.url],
      [{ url: 'http://hooks.exemplo.com.br/', events: ['deal.won'] }, M.urlHttps],
      [{ url: 'https://joao:senha@hooks.exemplo.com.br/', events: ['deal.won'] }, M.urlCredentials],
      [{ url: 'https://nao-existe.exemplo.com.br/', events: ['deal.won'] }, M.urlUnresolved],
      [{ url: PUBLIC, events: ['deal.won'], description: 'x'.repeat(201) }, M.description],
    ];
    for (const [json, message] of cases) {
      const res = await hooksApi(server, '/endpoints', admin, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.error).toBe(message);
    }
  });

  it.each([
    'https://10.0.0.1/',
    'https://10.255.1.2:8443/x',
    'https://172.16.0.1/',
    'https://172.31.255.254/',
    'https://192.168.1.1/',
    'https://169.254.169.254/latest/meta-data',
    'https://0.0.0.0/',
    'https://100.100.100.200/',
    'https://[fc00::1]/',
    'https://[fd00:ec2::254]/',
    'https://[fe80::1]/',
    'https://[::ffff:10.0.0.1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'https://167772161/', // 10.0.0.1 in decimal
    'https://012.0.0.1/', // 10.0.0.1 in octal
    'https://0xa9fea9fe/', // 169.254.169.254 in hex
    'https://0300.0250.1.1/', // 192.168.1.1 in octal
    'https://interno.exemplo.com.br/', // a name that resolves inside
    'https://mapeado.exemplo.com.br/', // … to an IPv4-mapped private address
    'https://misto.exemplo.com.br/', // … to a public and a private address
  ])('never saves an address inside the network: %s', async (url) => {
    const res = await hooksApi(server, '/endpoints', admin, { json: { url, events: ['deal.won'] } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: M.urlPrivate, code: 'WEBHOOK_URL_REFUSED' });
  });

  it('loopback over http is the development allowance of a loopback APP_URL (this server)', async () => {
    const created = await createEndpoint(server, admin, { url: 'http://127.0.0.1:9/local', events: ['deal.won'] });
    expect(created.endpoint.url).toBe('http://127.0.0.1:9/local');
    await hooksApi(server, `/endpoints/${created.endpoint.id}`, admin, { method: 'DELETE' });
  });

  it('changes, turns off and on, rotates the secret and deletes', async () => {
    const { endpoint, secret } = await createEndpoint(server, admin, { url: PUBLIC, events: ['deal.won'] });
    const changed = await hooksApi<WebhookEndpoint>(server, `/endpoints/${endpoint.id}`, admin, { method: 'PATCH', json: { description: 'Financeiro', events: ['receivable.paid', 'invoice.issued'] } });
    expect(changed.body).toMatchObject({ description: 'Financeiro', events: ['receivable.paid', 'invoice.issued'], enabled: true });
    const off = await hooksApi<WebhookEndpoint>(server, `/endpoints/${endpoint.id}`, admin, { method: 'PATCH', json: { enabled: false } });
    expect(off.body).toMatchObject({ enabled: false, disabledReason: 'manual' });
    expect(off.body.disabledAt).not.toBeNull();
    const on = await hooksApi<WebhookEndpoint>(server, `/endpoints/${endpoint.id}`, admin, { method: 'PATCH', json: { enabled: true } });
    expect(on.body).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
    const badUrl = await hooksApi(server, `/endpoints/${endpoint.id}`, admin, { method: 'PATCH', json: { url: 'https://192.168.0.9/' } });
    expect(badUrl).toMatchObject({ status: 400, body: { error: M.urlPrivate } });

    const rotated = await hooksApi<WebhookEndpointWithSecret>(server, `/endpoints/${endpoint.id}/secret`, admin, { method: 'POST' });
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    expect(rotated.body.endpoint.secretHint).toBe(`${rotated.body.secret.slice(0, 10)}…`);
    const [row] = await sql(server, 'SELECT previous_secret_until > now() AS grace FROM webhook_endpoints WHERE id = $1', [endpoint.id]);
    expect(row!.grace).toBe(true);

    expect((await hooksApi(server, `/endpoints/${endpoint.id}`, admin, { method: 'DELETE' })).status).toBe(200);
    expect((await hooksApi(server, `/endpoints/${endpoint.id}`, admin)).status).toBe(404);
    const audit = await sql(server, "SELECT action FROM activity_log WHERE company_id = $1 AND details->>'id' = $2", [companyId, endpoint.id]);
    expect(audit.map((r) => r.action).sort()).toEqual(['webhook_endpoint_changed', 'webhook_endpoint_changed', 'webhook_endpoint_changed', 'webhook_endpoint_created', 'webhook_endpoint_deleted', 'webhook_secret_rotated']);
  });

  it('a company has at most 20 endpoints, even when asked at once', async () => {
    const fresh = await createCompanyWithAdmin(server, 'Empresa Cheia');
    await sql(server, `INSERT INTO webhook_endpoints (company_id, url, events, secret_encrypted, secret_hint) SELECT $1, 'https://hooks.exemplo.com.br/' || g, '{deal.won}', 'x', 'whsec_x…' FROM generate_series(1, 18) g`, [fresh.companyId]);
    const answers = await Promise.all([1, 2, 3].map(() => hooksApi(server, '/endpoints', fresh.admin, { json: { url: PUBLIC, events: ['deal.won'] } })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 409]);
    expect(answers.find((a) => a.status === 409)!.body.error).toBe(M.tooMany);
  });

  it('isolation: another company gets 404, a member without admin 403, nobody signed in 401', async () => {
    const { endpoint } = await createEndpoint(server, admin, { url: PUBLIC, description: 'Segredo da Integrada', events: ['deal.won'] });
    await sql(server, "UPDATE webhook_endpoints SET enabled = false, disabled_reason = 'manual' WHERE id = $1", [endpoint.id]);
    const [event] = await sql(server, "INSERT INTO webhook_outbox (company_id, type, data, body, fanned_out_at) VALUES ($1, 'deal.won', '{}', '{}', now()) RETURNING id", [companyId]);
    const [delivery] = await sql(server, "INSERT INTO webhook_deliveries (company_id, endpoint_id, event_id, status, attempts) VALUES ($1, $2, $3, 'failed', 1) RETURNING id", [companyId, endpoint.id, event!.id]);
    await expectTenantIsolation(server, { owner: admin, outsider, withoutPermission: vendas, secrets: ['Segredo da Integrada', PUBLIC] }, [
      { method: 'GET', path: `/api/webhooks/endpoints/${endpoint.id}` },
      { method: 'PATCH', path: `/api/webhooks/endpoints/${endpoint.id}`, body: { description: 'Segredo da Integrada' } },
      { method: 'GET', path: `/api/webhooks/endpoints/${endpoint.id}/deliveries` },
      { method: 'GET', path: `/api/webhooks/deliveries/${delivery!.id}` },
      // The endpoint is off: the owner's test and resend are refused with a 409, the refused callers never get that far.
      { method: 'POST', path: `/api/webhooks/endpoints/${endpoint.id}/test`, ownerStatus: 409 },
      { method: 'POST', path: `/api/webhooks/deliveries/${delivery!.id}/resend`, ownerStatus: 409 },
      { method: 'POST', path: `/api/webhooks/endpoints/${endpoint.id}/secret` },
      { method: 'DELETE', path: `/api/webhooks/endpoints/${endpoint.id}` },
    ]);
    // The list is the caller's company's only; creation is admin's.
    const theirs = await hooksApi<{ endpoints: WebhookEndpoint[] }>(server, '/endpoints', outsider);
    expect(theirs.body.endpoints.map((e) => e.id)).not.toContain(endpoint.id);
    expect((await hooksApi(server, '/endpoints', vendas)).status).toBe(403);
    expect((await hooksApi(server, '/endpoints', vendas, { json: { url: PUBLIC, events: ['deal.won'] } })).status).toBe(403);
    expect((await hooksApi(server, '/endpoints/nao-e-id', admin)).body.error).toBe(M.endpointNotFound);
  });
});
