import { z } from 'zod';
import { hasControlCharacters, hasLoneSurrogate, CONTROL_CHARACTERS_MESSAGE, LONE_SURROGATE_MESSAGE, type TextOptions } from './text-rules.ts';

export * from './text-rules.ts';

/**
 * A string without control characters nor lone surrogates: the start of every text field of a
 * request schema. `error` is the message for a missing or non-string value (zod's `{ error }`).
 */
export function safeText(opts: TextOptions & { error?: string } = {}) {
  const base = opts.error ? z.string({ error: opts.error }) : z.string();
  return base
    .refine((v) => !hasControlCharacters(v, opts), { message: CONTROL_CHARACTERS_MESSAGE, abort: true })
    .refine((v) => !hasLoneSurrogate(v), { message: LONE_SURROGATE_MESSAGE, abort: true });
}


/**
 * The first text in a parsed JSON body (values and keys, at any depth) that no column can store
 * as sent: a NUL (PostgreSQL refuses it in text and jsonb) or a lone surrogate (it would become
 * U+FFFD). Answers the message to refuse it with, or null. Iterative: a deep body cannot
 * overflow the stack.
 */
export function unstorableTextIn(body: unknown): string | null {
  const stack: unknown[] = [body];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return CONTROL_CHARACTERS_MESSAGE;
      if (hasLoneSurrogate(v)) return LONE_SURROGATE_MESSAGE;
    } else if (Array.isArray(v)) for (const item of v) stack.push(item);
    else if (v && typeof v === 'object') for (const [key, item] of Object.entries(v)) stack.push(key, item);
  }
  return null;
}
