import type { LookupFunction } from 'node:net';
import type { fetch as UndiciFetch, RequestInit as UndiciRequestInit } from 'undici';
import { classifyAddress, isLocalhostName } from './addresses.ts';
import type { DnsResolver, ResolvedAddress } from './dns.ts';

/**
 * The one guard for requests to an address a person typed (decision 0350): the AI base URL of
 * an own key today, outgoing webhooks and payment providers' URLs next. Use `outboundFetch` (or
 * pass it as an SDK's `fetch`): it checks the URL, resolves the host once, refuses it unless every
 * address is public, connects only to the addresses it checked (a pinned lookup, so DNS cannot
 * answer differently for the connection) and refuses redirects. `checkOutboundUrlSyntax` is the
 * early check without DNS, for a clear 400 before any work.
 */
export type OutboundPolicy = {
  dns: DnsResolver;
  /** Loopback destinations allowed: only a server whose APP_URL is loopback (development, tests). */
  allowLoopback?: boolean;
};

export type OutboundRefusal = 'protocol' | 'private' | 'unresolved' | 'redirect';

/** Why a request was not sent (or its answer not followed); `detail` is for logs, never for people. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: OutboundRefusal,
    readonly detail: string,
  ) {
    super(`outbound request refused (${reason}): ${detail}`);
    this.name = 'OutboundRefused';
  }
}

export type CheckedTarget = { url: URL; addresses: ResolvedAddress[] };

const LOCALHOST: ResolvedAddress[] = [
  { address: '127.0.0.1', family: 4 },
  { address: '::1', family: 6 },
];

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');
const familyOf = (address: string): 4 | 6 => (address.includes(':') ? 6 : 4);

function refuseUnlessAllowed(address: string, policy: Pick<OutboundPolicy, 'allowLoopback'>) {
  const c = classifyAddress(address);
  if (c.public || (policy.allowLoopback && c.range === 'loopback')) return;
  throw new OutboundRefused('private', `${address} (${c.range})`);
}

/**
 * What the URL shows without asking DNS: http(s) only, and a literal address or a localhost
 * name must be allowed. The URL parser has already rewritten every spelling of an IPv4 host
 * (decimal, octal, hex) and of IPv4-mapped IPv6 to one canonical form.
 */
export function checkOutboundUrlSyntax(raw: string | URL, policy: Pick<OutboundPolicy, 'allowLoopback'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundRefused('protocol', 'not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('protocol', url.protocol);
  const host = bareHost(url);
  if (isLocalhostName(host)) refuseUnlessAllowed('127.0.0.1', policy);
  else if (classifyAddress(host).range !== 'invalid') refuseUnlessAllowed(host, policy);
  return url;
}

/** The URL checked, with the host's addresses, every one of them allowed. */
export async function checkOutboundUrl(raw: string | URL, policy: OutboundPolicy): Promise<CheckedTarget> {
  const url = checkOutboundUrlSyntax(raw, policy);
  const host = bareHost(url);
  if (isLocalhostName(host)) return { url, addresses: LOCALHOST };
  if (classifyAddress(host).range !== 'invalid') return { url, addresses: [{ address: host, family: familyOf(host) }] };
  let addresses: ResolvedAddress[];
  try {
    addresses = await policy.dns.lookup(host);
  } catch (e) {
    throw new OutboundRefused('unresolved', `${host}: ${(e as { code?: string }).code ?? 'error'}`);
  }
  if (addresses.length === 0) throw new OutboundRefused('unresolved', `${host}: no address`);
  for (const a of addresses) refuseUnlessAllowed(a.address, policy);
  return { url, addresses };
}

/** A `lookup` for the socket that answers the checked host with its checked addresses, and nothing else. */
export function pinnedLookup(target: CheckedTarget): LookupFunction {
  const host = bareHost(target.url).toLowerCase();
  return (hostname, options, callback) => {
    if (hostname.toLowerCase() !== host) {
      callback(Object.assign(new Error(`outbound lookup of an unchecked host: ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
      return;
    }
    const wanted = options.family === 4 || options.family === 6 ? target.addresses.filter((a) => a.family === options.family) : target.addresses;
    if (options.all) (callback as unknown as (e: null, all: ResolvedAddress[]) => void)(null, wanted);
    else if (wanted[0]) callback(null, wanted[0].address, wanted[0].family);
    else callback(Object.assign(new Error(`no IPv${options.family} address for ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
  };
}

/**
 * Node's own FormData is not one undici's fetch recognises (it would send "[object FormData]"):
 * encode it as multipart bytes with Node's Request first.
 */
async function portableBody(init: RequestInit | undefined): Promise<Pick<UndiciRequestInit, 'body' | 'headers'>> {
  if (!(init?.body instanceof FormData)) return {};
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: init.body });
  const headers = new Headers(init.headers);
  headers.set('content-type', encoded.headers.get('content-type')!);
  return { body: Buffer.from(await encoded.arrayBuffer()), headers: [...headers] };
}

/**
 * `fetch` to an address a person typed: checked, pinned, redirects refused (a 3xx answer throws
 * `OutboundRefused('redirect')`). Each call has its own connection pool, closed once its answer
 * has been read.
 */
export async function outboundFetch(raw: string | URL, init: RequestInit | undefined, policy: OutboundPolicy): Promise<Response> {
  const target = await checkOutboundUrl(raw, policy);
  const body = await portableBody(init);
  // Loaded on first use: a second to load, and most requests never go to a typed address.
  const { Agent, fetch: undiciFetch } = await import('undici');
  const agent = new Agent({ connect: { lookup: pinnedLookup(target) } });
  let res: Awaited<ReturnType<typeof UndiciFetch>>;
  try {
    res = await undiciFetch(target.url, { ...(init as UndiciRequestInit), ...body, redirect: 'manual', dispatcher: agent });
  } catch (e) {
    void agent.destroy().catch(() => {});
    throw e;
  }
  if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
    void agent.destroy().catch(() => {});
    throw new OutboundRefused('redirect', `${res.status} from ${target.url.host}`);
  }
  // Graceful: the pool closes after the answer's body has been read.
  void agent.close().catch(() => {});
  return res as unknown as Response;
}

/** `outboundFetch` with its policy bound, in the shape SDKs take as their `fetch` option. */
export const outboundFetcher = (policy: OutboundPolicy) => (url: string | URL | Request, init?: RequestInit) =>
  outboundFetch(url instanceof Request ? url.url : url, init, policy);
