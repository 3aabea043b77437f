import { z } from 'zod';
import { safeText } from '@sede/shared/text';

/**
 * Lists of the public API (decision 0641): `{ data, nextCursor }`, paged by an opaque cursor
 * (`limit` 1–100, 50 by default), filtered by `updated_since` (records changed at or after an
 * ISO 8601 instant) and by each resource's own filters, and cut to the fields asked for
 * (`fields=id,title,valueCents`; `id` always comes).
 */
const limit = z.coerce.number({ error: 'limit inválido: use um número de 1 a 100.' }).int('limit inválido: use um número de 1 a 100.').min(1, 'limit inválido: use um número de 1 a 100.').max(100, 'limit inválido: use um número de 1 a 100.');
const updatedSince = z.iso.datetime({ offset: true, error: 'updated_since inválido: use data e hora ISO 8601 com fuso (2025-01-31T12:00:00Z).' });

function fieldsOf(item: z.ZodObject) {
  const known = new Set(Object.keys(item.shape));
  return safeText()
    .max(1000, 'fields longo demais.')
    .transform((value, ctx) => {
      const names = [...new Set(value.split(',').map((n) => n.trim()).filter(Boolean))];
      const unknown = names.find((n) => !known.has(n));
      if (unknown !== undefined) {
        ctx.addIssue({ code: 'custom', message: `Campo desconhecido em fields: ${unknown.slice(0, 60)}.` });
        return z.NEVER;
      }
      return names;
    });
}

/** The query of a list: its own filters, then cursor, limit, updated_since and fields. */
export const listQuery = <S extends z.ZodRawShape>(item: z.ZodObject, filters: S, defaultLimit = 50) =>
  z.object({
    ...filters,
    cursor: safeText().max(600, 'cursor inválido.').optional().describe('O `nextCursor` da página anterior.'),
    limit: limit.default(defaultLimit).describe('Itens por página (1 a 100).'),
    updated_since: updatedSince.optional().describe('Só os registros alterados a partir deste instante (ISO 8601).'),
    fields: fieldsOf(item).optional().describe('Os campos de cada item, separados por vírgula (o `id` sempre vem).'),
  });

/** A page's answer: the items (only the fields asked for, when `fields` is given) and the next page's cursor. */
export const pageOf = <T extends z.ZodObject>(item: T) =>
  z.object({
    data: z.array(item.partial().required({ id: true } as never)).describe('Os itens desta página.'),
    nextCursor: z.string().nullable().describe('Passe em `cursor` para a página seguinte; null: não há mais.'),
  });

export function page<T extends { id: string }>(items: readonly T[], nextCursor: string | null, fields: readonly string[] | undefined) {
  if (!fields) return { data: items, nextCursor };
  const keep = new Set(['id', ...fields]);
  return { data: items.map((item) => Object.fromEntries(Object.entries(item).filter(([k]) => keep.has(k))) as Partial<T> & { id: string }), nextCursor };
}

/** A list's answer: the query's own filters and `updated_since` (as `updatedSince`) to `list`, its page cut to `fields`. */
export async function listAnswer<Q extends { fields?: readonly string[]; updated_since?: string }, T extends { id: string }>(
  query: Q,
  list: (q: Omit<Q, 'fields' | 'updated_since'> & { updatedSince?: string }) => Promise<{ items: readonly T[]; nextCursor: string | null }>,
) {
  const { fields, updated_since, ...q } = query;
  const found = await list({ ...q, updatedSince: updated_since });
  return page(found.items, found.nextCursor, fields);
}
