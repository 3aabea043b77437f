import { emitAuthEvent } from './auth-events.ts';
import { dropEarly, takeEarly } from './early-get.ts';

/** An error answered by our API: status, stable code and the Portuguese message to show. */
export class ApiError extends Error {
  constructor(
    public status: number,
    public code: string,
    message: string,
    public body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR_MESSAGE = 'Erro de conexão. Verifique sua internet e tente novamente.';

let signedIn = false;
/** Set by the auth provider; a 401 while signed in means the session ended elsewhere. */
export const setSignedIn = (value: boolean) => {
  signedIn = value;
};

/** How a request reaches the API: the browser's fetch, or the server's own app while it renders a page (decision 0766). */
type Transport = (path: string, init: RequestInit) => Promise<Response>;
let transport: Transport | null = null;
/** The server's renderer points api() at the app in-process for one render (null: the browser's fetch again). */
export const setApiTransport = (next: Transport | null) => {
  transport = next;
};

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  let response: Response;
  // A plain GET the route started before the page's code arrived (lib/early-get.ts, decision 0761);
  // a write drops them all, so nothing read after it predates it.
  const isGet = (rest.method ?? 'GET').toUpperCase() === 'GET';
  if (!isGet) dropEarly();
  const early = isGet && json === undefined && headers === undefined ? takeEarly(path) : undefined;
  try {
    const request: RequestInit = {
      credentials: 'same-origin',
      ...rest,
      headers: { Accept: 'application/json', ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    };
    response = await (early ?? (transport ? transport(path, request) : fetch(`/api${path}`, request)));
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const b = (body ?? {}) as { error?: string; code?: string };
    if (response.status === 401 && signedIn) {
      signedIn = false;
      emitAuthEvent('SIGNED_OUT', { broadcast: false });
    }
    throw new ApiError(response.status, b.code ?? 'HTTP_ERROR', b.error ?? 'Erro inesperado', body as Record<string, unknown>);
  }
  return body as T;
}
