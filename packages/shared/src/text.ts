import { z } from 'zod';

/**
 * Control characters in client text (docs/decisions/0080). PostgreSQL refuses U+0000 in text
 * outright, and the other C0 controls (and DEL) have no place in names, addresses or reasons:
 * they are refused with a 400 and this message. Multi-line text keeps tab, line feed and
 * carriage return; single-line text refuses them too.
 */
export const CONTROL_CHARACTERS_MESSAGE = 'O texto contém caracteres de controle inválidos.';

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this regex's purpose
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this regex's purpose
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export type TextOptions = { multiline?: boolean };

/** True when the value holds a control character not allowed in this kind of text. */
export function hasControlCharacters(value: string, opts: TextOptions = {}): boolean {
  return (opts.multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value);
}

/**
 * A string without control characters: the start of every text field of a request schema.
 * `error` is the message for a missing or non-string value (zod's `{ error }`).
 */
export function safeText(opts: TextOptions & { error?: string } = {}) {
  const base = opts.error ? z.string({ error: opts.error }) : z.string();
  return base.refine((v) => !hasControlCharacters(v, opts), { message: CONTROL_CHARACTERS_MESSAGE, abort: true });
}
