import { promises as dns } from 'node:dns';

/** One answer of an address lookup. */
export type ResolvedAddress = { address: string; family: 4 | 6 };

/**
 * The server's one way to ask DNS (decision 0350), kept in `Services.dns` so tests hand the
 * server a stub and never reach the network: `lookup` for the addresses an outgoing request
 * connects to (the system's resolver, /etc/hosts included), `resolve` for records such as TXT
 * (the shape `dns.promises.resolve` and mailauth's `resolver` option take).
 */
export type DnsResolver = {
  lookup(host: string): Promise<ResolvedAddress[]>;
  resolve(name: string, rrtype: string): Promise<string[] | string[][]>;
};

export const systemDns: DnsResolver = {
  lookup: async (host) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 })),
  resolve: (name, rrtype) => dns.resolve(name, rrtype) as Promise<string[] | string[][]>,
};

