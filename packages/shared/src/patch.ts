import { z } from 'zod';

/**
 * The rule of every PATCH body (decision 0361): it changes only the fields it sends, and it
 * sends at least one. An empty body (or one of unknown fields only) is a 400 with this message,
 * not an UPDATE with nothing to set (a 500 before).
 */
export const NOTHING_TO_CHANGE_MESSAGE = 'Nada para alterar.';

export const changesSomething = (v: object) => Object.values(v).some((x) => x !== undefined);

/** The schema of a PATCH body: refused when, parsed, it would change nothing. */
export const patchBody = <S extends z.ZodType<object>>(schema: S, message: string = NOTHING_TO_CHANGE_MESSAGE) => schema.refine(changesSomething, { message });

function withoutDefault(field: z.ZodType): z.ZodType {
  if (field instanceof z.ZodDefault) return withoutDefault(field.unwrap() as z.ZodType);
  // `.default(x).transform(f)` is a pipe whose input holds the default.
  if (field instanceof z.ZodPipe) return withoutDefault(field.in as z.ZodType).pipe(field.out as z.ZodType);
  return field;
}

/**
 * The PATCH body of a create schema: every field optional and without its default. zod's
 * `.partial()` keeps defaults, so a PATCH of the price alone also wrote the default description
 * over the stored one.
 */
export function patchOf<T extends z.ZodRawShape>(create: z.ZodObject<T>, message: string = NOTHING_TO_CHANGE_MESSAGE) {
  const shape = Object.fromEntries(Object.entries(create.shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]));
  return patchBody(z.object(shape), message) as unknown as z.ZodType<Partial<z.output<z.ZodObject<T>>>, Partial<z.input<z.ZodObject<T>>>>;
}
