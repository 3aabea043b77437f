/**
 * PostgreSQL's "this value cannot be stored" errors (class 22, data exception) are bad input,
 * not a server fault: a value the schemas let through but the column refuses answers 400 in
 * Portuguese instead of 500 (docs/decisions/0080). Anything else returns null.
 */
const MESSAGES: Record<string, string> = {
  '22P02': 'Valor em formato inválido.', // invalid_text_representation (uuid, integer, enum…)
  '22021': 'O texto contém caracteres inválidos.', // character_not_in_repertoire (NUL in text)
  '22P05': 'O texto contém caracteres inválidos.', // untranslatable_character (\u0000 in jsonb)
  '22001': 'Texto longo demais para este campo.', // string_data_right_truncation
  '22003': 'Número fora do intervalo permitido.', // numeric_value_out_of_range
  '22007': 'Data inválida.', // invalid_datetime_format
  '22008': 'Data fora do intervalo permitido.', // datetime_field_overflow
};

export type InputError = { status: 400; code: 'INVALID_VALUE'; message: string };

export function pgInputError(err: unknown): InputError | null {
  if (!err || typeof err !== 'object') return null;
  // Drizzle wraps the driver's error in `cause`.
  const candidates = [err, (err as { cause?: unknown }).cause];
  for (const e of candidates) {
    const code = (e as { code?: unknown } | undefined)?.code;
    const severity = (e as { severity?: unknown } | undefined)?.severity;
    if (typeof code === 'string' && typeof severity === 'string' && code in MESSAGES) {
      return { status: 400, code: 'INVALID_VALUE', message: MESSAGES[code]! };
    }
  }
  return null;
}
