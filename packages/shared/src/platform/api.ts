import { z } from 'zod';

/**
 * Pieces every API contract shares (decision 0430): the one id rule and the plain answers.
 * An id is any 8-4-4-4-12 hexadecimal string, in either case (PostgreSQL's uuid input).
 */
export const uuidSchema = (message = 'Identificador inválido.') => z.guid({ error: message });
export const isUuid = (value: string) => uuidSchema().safeParse(value).success;

/** `{ success: true }`: what a deletion or an action without a body answers. */
export const okSchema = z.object({ success: z.literal(true) });

/** `{ ok: true }`: the older answer of a deletion (files, documents), kept as it is. */
export const okFlagSchema = z.object({ ok: z.literal(true) });
