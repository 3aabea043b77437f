import { expect } from 'vitest';
import type { CookieJar, TestServer } from './test-server.ts';

export type IsolationEndpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A path naming the owner company's entities (e.g. `/api/crm/deals/${dealId}`). */
  path: string;
  body?: unknown;
  /** What the owner gets (sanity: the endpoint works at all); default any 2xx. */
  ownerStatus?: number;
};

/** A signed-in member (their cookies), or a caller by header: an API key (`authorization: Bearer …`). */
export type IsolationCaller = { jar: CookieJar } | { headers: Record<string, string> };

export type IsolationCast = {
  /** A member of the owning company who holds the permission: must succeed. */
  owner: IsolationCaller;
  /** A member of another company (an admin there, so every permission): must get 404. */
  outsider: IsolationCaller;
  /** A member of the owning company without the permission, when the endpoint needs one: 403. */
  withoutPermission?: IsolationCaller;
  /** Strings of the owner company that must never appear in a refusal (ids, names). */
  secrets?: string[];
};

/**
 * The tenancy check every module's endpoints go through: the outsider gets 404 (a foreign id
 * does not exist for them), the member without the permission 403, the anonymous caller 401,
 * and no refusal carries the owner's data. Writes are tried by the refused callers first, so
 * the owner's request afterwards also proves the refused ones changed nothing it depends on.
 */
export async function expectTenantIsolation(server: TestServer, cast: IsolationCast, endpoints: IsolationEndpoint[]) {
  for (const e of endpoints) {
    const call = (who?: IsolationCaller) =>
      server.request(e.path, { method: e.method, ...(who === undefined ? {} : 'jar' in who ? { jar: who.jar } : { headers: who.headers }), ...(e.body !== undefined ? { json: e.body } : e.method === 'GET' || e.method === 'DELETE' ? {} : { json: {} }) });
    const label = `${e.method} ${e.path}`;

    const anonymous = await call();
    expect(anonymous.status, `${label} anonymous`).toBe(401);

    const outsider = await call(cast.outsider);
    const outsiderBody = await outsider.text();
    expect(outsider.status, `${label} another company's member: ${outsiderBody}`).toBe(404);
    for (const secret of cast.secrets ?? []) expect(outsiderBody, `${label} leaks to another company`).not.toContain(secret);

    if (cast.withoutPermission) {
      const refused = await call(cast.withoutPermission);
      expect(refused.status, `${label} member without the permission`).toBe(403);
    }

    const owner = await call(cast.owner);
    if (e.ownerStatus) expect(owner.status, `${label} owner`).toBe(e.ownerStatus);
    else expect(owner.ok, `${label} owner got ${owner.status}: ${await owner.clone().text()}`).toBe(true);
  }
}
