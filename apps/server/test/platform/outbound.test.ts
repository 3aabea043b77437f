import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyAddress, clientAddressKey } from '../../src/platform/net/addresses.ts';
import { checkOutboundUrl, checkOutboundUrlSyntax, outboundFetch, OutboundRefused, pinnedLookup } from '../../src/platform/net/outbound.ts';
import { stubDns } from '../support/stub-dns.ts';

/**
 * The outbound guard (decision 0350) decides on addresses with a stubbed resolver; the only
 * sockets opened here go to small servers on 127.0.0.1.
 */
const host = (url: string) => new URL(url).hostname;

describe('the address classifier', () => {
  it.each([
    // IPv4-mapped IPv6, both notations (the URL parser rewrites the dotted one to hex)
    ['http://[::ffff:127.0.0.1]:8080/v1', 'loopback'],
    ['http://[::ffff:7f00:1]/', 'loopback'],
    ['http://[::ffff:a9fe:a9fe]/', 'linkLocal'],
    ['http://[::ffff:169.254.169.254]/', 'linkLocal'],
    ['http://[::ffff:10.0.0.1]/', 'private'],
    // IPv4-compatible (deprecated)
    ['http://[::7f00:1]/', 'ipv4Compatible:loopback'],
    ['http://[::127.0.0.1]/', 'ipv4Compatible:loopback'],
    // NAT64, well-known and local-use prefixes
    ['http://[64:ff9b::a9fe:a9fe]/', 'rfc6052'],
    ['http://[64:ff9b::8.8.8.8]/', 'rfc6052'],
    ['http://[64:ff9b:1::a00:1]/', 'rfc6052'],
    // 6to4 embedding 192.168.0.1, Teredo
    ['http://[2002:c0a8:1::1]/', '6to4'],
    ['http://[2001:0:4136:e378::1]/', 'teredo'],
    // site-local, unique-local (AWS's IPv6 metadata fd00:ec2::254), link-local
    ['http://[fec0::1]/', 'deprecatedSiteLocal'],
    ['http://[fc00::1]/', 'uniqueLocal'],
    ['http://[fd00:ec2::254]/', 'uniqueLocal'],
    ['http://[fe80::1]/', 'linkLocal'],
    // IPv4 ranges: metadata, CGNAT (Alibaba's metadata 100.100.100.200), this network, loopback, private
    ['http://169.254.169.254/latest/meta-data', 'linkLocal'],
    ['http://100.64.0.1/', 'carrierGradeNat'],
    ['http://100.100.100.200/', 'carrierGradeNat'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://0.1.2.3/', 'unspecified'],
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.255.0.9/', 'loopback'],
    ['http://10.1.2.3/', 'private'],
    ['http://172.16.0.1/', 'private'],
    ['http://192.168.0.10/', 'private'],
    ['http://192.0.0.192/', 'reserved'],
    ['http://[::1]/', 'loopback'],
    ['http://[::]/', 'unspecified'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    // Spellings of 127.0.0.1 the URL parser normalises: decimal, octal, hex, short
    ['http://2130706433/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0x7f.0.0.1/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://0xa9.0xfe.0xa9.0xfe/', 'linkLocal'],
  ])('%s is %s, not public', (url, range) => {
    expect(classifyAddress(host(url))).toEqual({ public: false, range });
  });

  it.each(['http://8.8.8.8/', 'http://172.32.0.1/', 'http://100.128.0.1/', 'http://[2001:4860:4860::8888]/', 'http://[::ffff:8.8.8.8]/', 'https://[2606:4700:4700::1111]/v1'])(
    '%s is public',
    (url) => {
      expect(classifyAddress(host(url)).public).toBe(true);
    },
  );
});

describe('client address keys (limits per address)', () => {
  it('an IPv4 is its own key in either notation; an IPv6 counts by its /64', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('2804:14c:1:2:aaaa::1')).toBe('2804:14c:1:2::/64');
    expect(clientAddressKey('2804:14c:1:2:ffff::9')).toBe('2804:14c:1:2::/64');
    expect(clientAddressKey('2804:14c:1:3::1')).not.toBe(clientAddressKey('2804:14c:1:2::1'));
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});

describe('checking a URL', () => {
  const policy = () => ({ dns: stubDns() });

  it('refuses other protocols, literal internal addresses and localhost names without asking DNS', async () => {
    const dns = stubDns();
    for (const url of ['ftp://8.8.8.8/', 'file:///etc/passwd', 'gopher://x/']) {
      await expect(checkOutboundUrl(url, { dns })).rejects.toMatchObject({ reason: 'protocol' });
    }
    for (const url of ['http://[::ffff:127.0.0.1]:5432/v1', 'http://localhost:11434/v1', 'http://api.localhost/', 'http://LOCALHOST./', 'http://2130706433:6379/']) {
      expect(() => checkOutboundUrlSyntax(url, {}), url).toThrow(OutboundRefused);
      await expect(checkOutboundUrl(url, { dns }), url).rejects.toMatchObject({ reason: 'private' });
    }
    expect(dns.lookups).toEqual([]);
  });

  it('resolves a name once and refuses it when any of its addresses is internal', async () => {
    const { dns } = policy();
    dns.addresses.set('ia.exemplo.com.br', [{ address: '8.8.8.8', family: 4 }]);
    dns.addresses.set('misto.exemplo.com.br', [
      { address: '8.8.4.4', family: 4 },
      { address: 'fd00::1', family: 6 },
    ]);
    dns.addresses.set('nat64.exemplo.com.br', [{ address: '64:ff9b::a9fe:a9fe', family: 6 }]);
    expect((await checkOutboundUrl('https://ia.exemplo.com.br/v1', { dns })).addresses).toEqual([{ address: '8.8.8.8', family: 4 }]);
    await expect(checkOutboundUrl('https://misto.exemplo.com.br/v1', { dns })).rejects.toMatchObject({ reason: 'private' });
    await expect(checkOutboundUrl('https://nat64.exemplo.com.br/v1', { dns })).rejects.toMatchObject({ reason: 'private' });
    await expect(checkOutboundUrl('https://naoexiste.exemplo.com.br/v1', { dns })).rejects.toMatchObject({ reason: 'unresolved' });
    expect(dns.lookups).toEqual(['ia.exemplo.com.br', 'misto.exemplo.com.br', 'nat64.exemplo.com.br', 'naoexiste.exemplo.com.br']);
  });

  it('DNS rebinding: the socket gets the first, checked answer; the resolver is not asked again', async () => {
    const dns = stubDns();
    dns.addresses.set('ia.exemplo.com.br', [[{ address: '8.8.8.8', family: 4 }], [{ address: '169.254.169.254', family: 4 }]]);
    const target = await checkOutboundUrl('https://ia.exemplo.com.br/v1', { dns });
    const lookup = pinnedLookup(target);
    const all = await new Promise((resolve, reject) => lookup('ia.exemplo.com.br', { all: true }, (e, a) => (e ? reject(e) : resolve(a))));
    const one = await new Promise((resolve, reject) => lookup('IA.exemplo.com.br', { family: 4 }, (e, a) => (e ? reject(e) : resolve(a))));
    expect(all).toEqual([{ address: '8.8.8.8', family: 4 }]);
    expect(one).toBe('8.8.8.8');
    await expect(new Promise((resolve, reject) => lookup('outro.exemplo.com.br', { all: true }, (e, a) => (e ? reject(e) : resolve(a))))).rejects.toMatchObject({ code: 'ENOTFOUND' });
    expect(dns.lookups).toEqual(['ia.exemplo.com.br']);
    // A new request asks again, and the rebound answer is refused.
    await expect(checkOutboundUrl('https://ia.exemplo.com.br/v1', { dns })).rejects.toMatchObject({ reason: 'private' });
  });

  it('loopback only when allowed, and never the other internal ranges', async () => {
    const dns = stubDns();
    await expect(checkOutboundUrl('http://127.0.0.1:11434/v1', { dns, allowLoopback: true })).resolves.toMatchObject({ addresses: [{ address: '127.0.0.1' }] });
    await expect(checkOutboundUrl('http://[::ffff:7f00:1]:11434/v1', { dns, allowLoopback: true })).resolves.toBeTruthy();
    for (const url of ['http://169.254.169.254/', 'http://10.0.0.5/v1', 'http://[fd00::1]/', 'http://[::7f00:1]/']) {
      await expect(checkOutboundUrl(url, { dns, allowLoopback: true }), url).rejects.toMatchObject({ reason: 'private' });
    }
  });
});

describe('outboundFetch against servers on 127.0.0.1', () => {
  let server: http.Server;
  let port: number;
  const seen: Array<{ path: string; authorization?: string }> = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push({ path: req.url ?? '', authorization: req.headers.authorization });
      if (req.url === '/redirect') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: true, host: req.headers.host }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects to the checked address of a name, keeping the name in the Host header', async () => {
    const dns = stubDns();
    // Rebinding to an address nothing listens on: reaching the server proves the pinned answer was used.
    dns.addresses.set('ia.sede.invalid', [[{ address: '127.0.0.1', family: 4 }], [{ address: '127.0.0.2', family: 4 }]]);
    const res = await outboundFetch(`http://ia.sede.invalid:${port}/v1/models`, { headers: { authorization: 'Bearer x' } }, { dns, allowLoopback: true });
    expect(await res.json()).toEqual({ ok: true, host: `ia.sede.invalid:${port}` });
    expect(dns.lookups).toEqual(['ia.sede.invalid']);
  });

  it('refuses a redirect instead of following it', async () => {
    const before = seen.length;
    await expect(outboundFetch(`http://127.0.0.1:${port}/redirect`, {}, { dns: stubDns(), allowLoopback: true })).rejects.toMatchObject({ reason: 'redirect' });
    expect(seen.slice(before).map((r) => r.path)).toEqual(['/redirect']);
  });

  it('sends nothing to an internal address: the request never leaves', async () => {
    const before = seen.length;
    await expect(outboundFetch(`http://[::ffff:127.0.0.1]:${port}/v1`, { headers: { authorization: 'Bearer segredo' } }, { dns: stubDns() })).rejects.toMatchObject({ reason: 'private' });
    const dns = stubDns();
    dns.addresses.set('interno.exemplo.com.br', [{ address: '127.0.0.1', family: 4 }]);
    await expect(outboundFetch(`http://interno.exemplo.com.br:${port}/v1`, {}, { dns })).rejects.toMatchObject({ reason: 'private' });
    expect(seen.length).toBe(before);
  });
});
