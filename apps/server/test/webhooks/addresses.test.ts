import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES as M } from '@sede/shared/platform/webhooks';
import { closeDeliveryAgents } from '../../src/modules/webhooks/agents.ts';
import { checkEndpointUrl, EndpointRefused, postWebhook } from '../../src/modules/webhooks/send.ts';
import type { Services } from '../../src/services.ts';
import { stubDns } from '../support/stub-dns.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * On a server whose APP_URL is public (production), loopback is refused like any internal
 * address, in every spelling, when saved and when sent (decisions 0350, 0650). The DNS is a stub;
 * the one socket opened would be to the receiver on 127.0.0.1, and it must get nothing.
 */
let receiver: WebhookReceiver;
const dns = stubDns();
dns.addresses.set('hooks.exemplo.com.br', [{ address: '93.184.216.34', family: 4 }]);
dns.addresses.set('volta.exemplo.com.br', [{ address: '127.0.0.1', family: 4 }]);
const production = { cfg: { appUrl: 'https://sede.exemplo.com.br' }, dns, state: new Map() } as unknown as Services;
const development = { cfg: { appUrl: 'http://localhost:3000' }, dns, state: new Map() } as unknown as Services;

const refusal = (s: Services, url: string) =>
  checkEndpointUrl(s, url).then(
    () => 'accepted',
    (e: unknown) => (e instanceof EndpointRefused ? e.message : `unexpected ${String(e)}`),
  );

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await closeDeliveryAgents(development);
  await receiver?.close();
});

describe('loopback and http', () => {
  it.each([
    'https://127.0.0.1/',
    'https://127.1.2.3:8443/x',
    'https://localhost/',
    'https://api.localhost/',
    'https://[::1]/',
    'https://[::ffff:127.0.0.1]/',
    'https://2130706433/', // 127.0.0.1 in decimal
    'https://0177.0.0.1/', // … in octal
    'https://0x7f000001/', // … in hex
    'https://volta.exemplo.com.br/', // a name that resolves to loopback
  ])('a production server refuses %s', async (url) => {
    expect(await refusal(production, url)).toBe(M.urlPrivate);
  });

  it('http only to loopback, and only on a loopback APP_URL', async () => {
    expect(await refusal(production, 'http://hooks.exemplo.com.br/')).toBe(M.urlHttps);
    expect(await refusal(development, 'http://hooks.exemplo.com.br/')).toBe(M.urlHttps);
    expect(await refusal(development, 'http://127.0.0.1:8080/')).toBe('accepted');
    expect(await refusal(development, 'https://hooks.exemplo.com.br/')).toBe('accepted');
    expect(await refusal(development, 'https://10.0.0.1/')).toBe(M.urlPrivate);
    expect(await refusal(production, 'https://hooks.exemplo.com.br/')).toBe('accepted');
  });

  it('a production server never connects to the receiver on 127.0.0.1', async () => {
    const result = await postWebhook(production, receiver.url, {}, '{}', 1_000);
    expect(result).toMatchObject({ ok: false, statusCode: null, error: M.urlPrivate });
    const allowed = await postWebhook(development, receiver.url, {}, '{}', 1_000);
    expect(allowed).toMatchObject({ ok: true, statusCode: 204 });
    expect(receiver.received).toHaveLength(1);
  });
});
