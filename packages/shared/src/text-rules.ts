// The checks of client text without zod (decision 0749): a page that only checks text does not
// download the schemas' library; text.ts builds its schemas on them and re-exports them.

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
 * Half of a character (decision 0362): a UTF-16 surrogate without its pair, as a JSON `\ud83d`
 * escape or a cut emoji can carry. It is no character at all, and storing it would silently turn
 * it into U+FFFD (�): refused instead, with this message.
 */
export const LONE_SURROGATE_MESSAGE = 'O texto contém um caractere incompleto (parte de um emoji ou símbolo). Apague-o e digite de novo.';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the value holds a surrogate without its pair (the text is not well-formed UTF-16). */
export const hasLoneSurrogate = (value: string): boolean => LONE_SURROGATE.test(value);

/**
 * The invisible characters that reorder text (decision 0364): a right-to-left override turns
 * "fatura\u202Efdp.txt" into what reads as "faturatxt.pdf". Refused in file names.
 */
export const BIDI_CONTROLS_MESSAGE = 'O nome do arquivo não pode ter caracteres invisíveis que invertem a direção do texto (como U+202E): eles disfarçam a extensão.';
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
export const hasBidiControls = (value: string): boolean => BIDI_CONTROLS.test(value);
