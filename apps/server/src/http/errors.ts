import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { unstorableTextIn } from '@sede/shared/text';
import { pgInputError } from './pg-errors.ts';

/** An error the client may show: a status, a stable code and a Portuguese message. */
export class AppError extends Error {
  constructor(
    public status: ContentfulStatusCode,
    public code: string,
    message: string,
    public details?: Record<string, unknown>,
  ) {
    super(message);
  }
  /** Each invalid field's message by its path ('emails.0'), for the public API's errors (decision 0641). */
  fields?: Record<string, string>;
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', 'Usuário não autenticado');
export const forbidden = (message = 'Você não tem permissão para acessar esta área.') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Não encontrado') => new AppError(404, 'NOT_FOUND', message);

/**
 * The row an UPDATE … RETURNING wrote, or a 404 with `message`: the row found a moment before
 * was deleted in between (a delete racing the update; decision 0361), never a 500.
 */
export function updatedRow<T>(rows: readonly T[], message: string): T {
  const row = rows[0];
  if (row === undefined) throw notFound(message);
  return row;
}
export const badRequest = (message: string, code = 'VALIDATION_ERROR') => new AppError(400, code, message);
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message);

/**
 * zod's messages where a schema set none, in Portuguese (decision 0079): a body that is not an
 * object (null, an array, a string) gets ours; any other gap gets zod's pt-BR locale.
 */
const zodPtBr = z.locales.ptBR().localeError;
function portugueseIssue(issue: z.core.$ZodRawIssue): string | undefined {
  if (issue.code === 'invalid_type' && !issue.path?.length && issue.expected === 'object') {
    return 'Dados inválidos: envie um objeto JSON.';
  }
  const message = zodPtBr(issue);
  return typeof message === 'string' ? message : message?.message;
}

/** Parses a body or query with a shared zod schema; a failure is a 400 with the schema's message. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value, { error: portugueseIssue });
  if (!result.success) throw Object.assign(badRequest(result.error.issues[0]?.message ?? 'Dados inválidos'), { fields: fieldsOf(result.error) });
  return result.data;
}

function fieldsOf(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || '(corpo)'] ??= issue.message;
  return fields;
}

/** A JSON body, or a 415 (not declared as JSON) / 400 (not valid JSON, or text no column can store) in Portuguese. */
export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type !== 'application/json' && !/^application\/[\w.+-]+\+json$/.test(type)) {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Envie os dados em JSON (Content-Type: application/json).');
  }
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('Corpo da requisição inválido: envie JSON.');
  }
  // Every field of every body, schema or not (a document's content, a canvas scene): a NUL or a
  // lone surrogate is refused here rather than failing (or being altered) in PostgreSQL.
  const unstorable = unstorableTextIn(body);
  if (unstorable) throw badRequest(unstorable);
  return body;
}

/** A multipart form (files and text fields), or a 400 in Portuguese; its text fields follow readJson's rule. */
export async function readForm(c: Context, invalid = 'Envie os dados como formulário (multipart/form-data).'): Promise<Record<string, unknown>> {
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    throw badRequest(invalid);
  }
  const texts = Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
  const unstorable = unstorableTextIn(texts);
  if (unstorable) throw badRequest(unstorable);
  return form;
}

export function handleError(err: Error, c: Context) {
  if (err instanceof AppError) return c.json({ error: err.message, code: err.code, ...err.details }, err.status);
  if (err instanceof HTTPException) {
    const status = err.status;
    return c.json({ error: status === 401 ? 'Usuário não autenticado' : 'Requisição inválida', code: 'HTTP_ERROR' }, status as ContentfulStatusCode);
  }
  const input = pgInputError(err);
  if (input) return c.json({ error: input.message, code: input.code }, input.status);
  console.error('[http] unhandled error on', c.req.method, c.req.path, err);
  return c.json({ error: 'Erro interno. Tente novamente em alguns instantes.', code: 'INTERNAL' }, 500);
}
