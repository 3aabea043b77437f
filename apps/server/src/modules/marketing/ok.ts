import { z } from 'zod';

/** `{ ok: true }`: what marketing's deletions answer (kept as the web reads it). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
