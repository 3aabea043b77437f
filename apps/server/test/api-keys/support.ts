import type { ApiKeyCreate, ApiKeyCreated } from '@sede/shared/platform/api-keys';
import type { CookieJar, TestServer } from '../support/test-server.ts';

/** A key made by an admin through Administração → Integrações' API; its secret. */
export async function createApiKey(server: TestServer, jar: CookieJar, body: ApiKeyCreate): Promise<ApiKeyCreated> {
  const res = await server.request('/api/api-keys', { method: 'POST', json: body, jar });
  if (res.status !== 201) throw new Error(`key not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as ApiKeyCreated;
}

export type V1Answer<T = any> = { status: number; body: T; headers: Headers };

/** A call of the public API with a key (JSON in, JSON out). */
export async function v1(server: TestServer, key: string | null, path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}): Promise<V1Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const res = await server.request(`/api/v1${path}`, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // an empty answer stays text
  }
  return { status: res.status, body, headers: res.headers };
}
