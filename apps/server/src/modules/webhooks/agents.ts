import { Agent } from 'undici';
import type { CheckedTarget } from '../../platform/net/outbound.ts';
import { pinnedLookup } from '../../platform/net/outbound.ts';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';

/** Connections kept per endpoint origin and checked addresses, and how long an idle one lives. */
const CONNECTIONS = 32;
const IDLE_MS = 10_000;
const MAX_AGENTS = 200;

type Kept = { agent: Agent; timeoutMs: number };

/**
 * The connection pool of one endpoint's origin, pinned to the addresses the guard checked for this
 * attempt (decision 0657): attempts to the same origin resolving to the same addresses reuse its
 * kept-alive connections instead of a new TCP (and TLS) handshake each. The addresses are part of
 * the key, so a DNS answer that changed gets a pool of its own, connected only to what was checked.
 */
export function deliveryAgent(s: Services, target: CheckedTarget, timeoutMs: number): Agent {
  const agents = serverState(s, 'webhooks.agents', () => new Map<string, Kept>());
  const key = `${target.url.origin}|${target.addresses.map((a) => a.address).sort().join(',')}|${timeoutMs}`;
  const kept = agents.get(key);
  if (kept) {
    // Most recently used last: the oldest goes first when the map is full.
    agents.delete(key);
    agents.set(key, kept);
    return kept.agent;
  }
  if (agents.size >= MAX_AGENTS) {
    const [oldest] = agents.keys();
    void agents.get(oldest!)?.agent.close().catch(() => {});
    agents.delete(oldest!);
  }
  const agent = new Agent({ connect: { lookup: pinnedLookup(target), timeout: timeoutMs }, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connections: CONNECTIONS, keepAliveTimeout: IDLE_MS, keepAliveMaxTimeout: IDLE_MS });
  agents.set(key, { agent, timeoutMs });
  return agent;
}

/** Closes every kept pool (the module's stop). */
export async function closeDeliveryAgents(s: Services): Promise<void> {
  const agents = serverState(s, 'webhooks.agents', () => new Map<string, Kept>());
  const all = [...agents.values()];
  agents.clear();
  await Promise.all(all.map((k) => k.agent.destroy().catch(() => {})));
}
