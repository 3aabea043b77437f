import ipaddr from 'ipaddr.js';

/**
 * What an IP address is, for the outbound guard (decision 0350): `public` only for global
 * unicast. Every other range (loopback, private, link-local and cloud metadata, CGNAT, reserved,
 * multicast, broadcast, unique-local, site-local, NAT64, 6to4, Teredo, IPv4-compatible…) is
 * refused. An IPv4-mapped address (`::ffff:7f00:1`, `::ffff:127.0.0.1`) is judged as its IPv4.
 */
export type AddressClass = { public: boolean; range: string };

/** Global IPv6 unicast (RFC 4291 §2.4): anything outside it is not reachable on the internet. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** IPv4-compatible (deprecated, RFC 4291 §2.5.5.1): `::a.b.c.d`; `::` and `::1` are matched before. */
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');

function classifyV4(ip: ipaddr.IPv4): AddressClass {
  const range = ip.range();
  return { public: range === 'unicast', range };
}

/** Classifies an IP literal; anything that does not parse as one is not public. */
export function classifyAddress(text: string): AddressClass {
  const literal = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(literal)) return { public: false, range: 'invalid' };
  const ip = ipaddr.parse(literal);
  if (ip.kind() === 'ipv4') return classifyV4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return classifyV4(v6.toIPv4Address());
  const range = v6.range();
  if (range !== 'unicast') return { public: false, range };
  if (v6.match(IPV4_COMPATIBLE)) {
    const [hi = 0, lo = 0] = v6.parts.slice(6);
    const embedded = new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
    return { public: false, range: `ipv4Compatible:${embedded.range()}` };
  }
  if (!v6.match(GLOBAL_UNICAST_V6)) return { public: false, range: 'notGlobal' };
  return { public: true, range };
}

/** Loopback in either family (`127/8`, `::1`, and their IPv4-mapped forms). */
export const isLoopbackAddress = (text: string) => classifyAddress(text).range === 'loopback';

/** Host names that always mean this machine (RFC 6761), whatever a resolver says. */
export const isLocalhostName = (host: string) => /(^|\.)localhost\.?$/i.test(host);

/**
 * The key a client address is limited by: an IPv4 (IPv4-mapped too) whole, an IPv6 by its /64
 * (one subscriber or host holds a whole /64, so counting single addresses would not limit them).
 */
export function clientAddressKey(text: string): string {
  const literal = text.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(literal)) return literal || 'unknown';
  const ip = ipaddr.process(literal);
  if (ip.kind() === 'ipv4') return ip.toString();
  const prefix = (ip as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...prefix, 0, 0, 0, 0]).toString()}/64`;
}
