import type { TestServer } from '../support/test-server.ts';
import type { Person } from '../team/support.ts';

export type Res<T> = { status: number; body: T & { error?: string; code?: string; text?: string } };

/** Calls /api/marketing<path> as a person; a JSON answer is parsed, anything else kept as `text`. */
export const marketingApi =
  (server: () => TestServer) =>
  async <T = unknown>(path: string, who: Person, method = 'GET', json?: unknown): Promise<Res<T>> => {
    const res = await server().request(`/api/marketing${path}`, { method, json, jar: who.jar });
    const text = await res.text();
    const isJson = !text || res.headers.get('content-type')?.includes('json');
    return { status: res.status, body: (isJson ? (text ? JSON.parse(text) : {}) : { text }) as Res<T>['body'] };
  };
