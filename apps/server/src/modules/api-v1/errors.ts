import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { AppError } from '../../http/errors.ts';

/** The one error shape of the public API (decision 0641): `{ error: { code, message, fields } }`, the message in Portuguese. */
export type V1Error = { error: { code: string; message: string; fields: Record<string, string> } };

const GENERIC: Record<number, [string, string]> = {
  401: ['UNAUTHENTICATED', 'Chave de API ausente ou inválida.'],
  404: ['NOT_FOUND', 'Não encontrado.'],
  500: ['INTERNAL', 'Erro interno. Tente novamente em alguns instantes.'],
};

async function fromBody(res: Response): Promise<{ code: string; message: string } | 'v1' | null> {
  if (!res.headers.get('content-type')?.includes('application/json')) return null;
  try {
    const body = (await res.clone().json()) as { error?: unknown; code?: unknown };
    if (body.error && typeof body.error === 'object') return 'v1';
    if (typeof body.error === 'string') return { code: typeof body.code === 'string' ? body.code : 'HTTP_ERROR', message: body.error };
  } catch {
    // not JSON after all
  }
  return null;
}

/** The public shape of an error answer (null: not an error, or already in the public shape). */
export async function publicErrorOf(c: Context): Promise<V1Error | null> {
  const status = c.res.status;
  if (status < 400) return null;
  if (c.error instanceof AppError) return { error: { code: c.error.code, message: c.error.message, fields: c.error.fields ?? {} } };
  const found = await fromBody(c.res);
  if (found === 'v1') return null;
  const [code, message] = found ? [found.code, found.message] : (GENERIC[status] ?? ['HTTP_ERROR', 'Requisição inválida.']);
  return { error: { code, message, fields: {} } };
}

/**
 * Turns every error answer of /api/v1 (a thrown AppError, a 404 of the catch-all, a limit's 429)
 * into the public shape, keeping its status and headers (Retry-After, RateLimit-*).
 */
export const publicErrors = createMiddleware(async (c, next) => {
  await next();
  if (c.res.status < 400) return;
  const body = await publicErrorOf(c);
  if (body) c.res = new Response(JSON.stringify(body), { status: c.res.status, headers: { 'content-type': 'application/json; charset=UTF-8' } });
});
