import type { ApiKeyCreate, ApiKeyCreated } from '@sede/shared/platform/api-keys';
import type { CookieJar, TestServer } from '../support/test-server.ts';

/** A key made by an admin through Administração → Integrações' API; its secret. */
export async function createApiKey(server: TestServer, jar: CookieJar, body: ApiKeyCreate): Promise<ApiKeyCreated> {
  const res = await server.request('/api/api-keys', { method: 'POST', json: body, jar });
  if (res.status !== 201) throw new Error(`key not created: ${res.status} ${await res.text()}`);
  return (await res.json()) as ApiKeyCreated;
}

export type V1Answer<T = any> = { status: number; body: T; headers: Headers };

/** A call of the public API with a key (JSON or a multipart form in, JSON out). */
export async function v1(server: TestServer, key: string | null, path: string, init: { method?: string; json?: unknown; form?: FormData; headers?: Record<string, string> } = {}): Promise<V1Answer> {
  const headers: Record<string, string> = { ...init.headers };
  if (key !== null) headers.authorization = `Bearer ${key}`;
  const method = init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET');
  const res = await server.request(`/api/v1${path}`, { method, json: init.json, body: init.form, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // an empty answer stays text
  }
  return { status: res.status, body, headers: res.headers };
}

/** A multipart form with one file in its `file` field (a PDF's first bytes by default: the type is read from the content). */
export function fileForm(name = 'proposta.pdf', bytes: Uint8Array = new TextEncoder().encode('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), type = 'application/pdf') {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), name);
  return form;
}
