import type { DnsResolver, ResolvedAddress } from '../../src/platform/net/dns.ts';

/**
 * A DNS that never reaches the network: names it was given answer their records, every other
 * name ENOTFOUND (like an unknown domain). A name's answer may be a list, used in order and then
 * the last one repeated (DNS rebinding: first public, then private). `lookups` counts the questions.
 */
export type StubDns = DnsResolver & {
  /** host → addresses, or a list of successive answers. */
  addresses: Map<string, ResolvedAddress[] | ResolvedAddress[][]>;
  /** `<rrtype> <name>` → records (TXT: string[][]), e.g. 'TXT exemplo.com.br'. */
  records: Map<string, string[] | string[][]>;
  lookups: string[];
};

const notFound = (name: string) => Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });

export function stubDns(): StubDns {
  const addresses = new Map<string, ResolvedAddress[] | ResolvedAddress[][]>();
  const records = new Map<string, string[] | string[][]>();
  const lookups: string[] = [];
  const asked = new Map<string, number>();
  return {
    addresses,
    records,
    lookups,
    async lookup(host) {
      const key = host.toLowerCase();
      lookups.push(key);
      const answer = addresses.get(key);
      if (!answer) throw notFound(host);
      if (!Array.isArray(answer[0])) return answer as ResolvedAddress[];
      const n = asked.get(key) ?? 0;
      asked.set(key, n + 1);
      const answers = answer as ResolvedAddress[][];
      return answers[Math.min(n, answers.length - 1)]!;
    },
    async resolve(name, rrtype) {
      const found = records.get(`${rrtype.toUpperCase()} ${name.toLowerCase().replace(/\.$/, '')}`);
      if (!found) throw Object.assign(notFound(name), { code: 'ENOTFOUND' });
      return found;
    },
  };
}
