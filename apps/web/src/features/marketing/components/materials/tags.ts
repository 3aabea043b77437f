import { materialTagListSchema } from '@sede/shared/marketing/materials';

/**
 * The tags a person typed as a comma list ("Logo, #Verão"), by the shared rules (the same as the
 * server's, for 'Editar' and for the upload): lower case, without '#', no repeats, the limits of
 * MATERIAL_LIMITS. `error` is the Portuguese message when they break a rule.
 */
export function parseTagText(text: string): { tags: string[]; error: null } | { tags: null; error: string } {
  const parsed = materialTagListSchema.safeParse(text);
  return parsed.success ? { tags: parsed.data, error: null } : { tags: null, error: parsed.error.issues[0]?.message ?? 'Etiquetas inválidas.' };
}
