import { count } from '@sede/shared/format';

/**
 * The character count under a field once the text nears its limit (from 80%), so the limit is
 * seen before it is passed; past it the schema's message shows instead (decision 0363).
 */
export function lengthHint(value: string | null | undefined, max: number): string | undefined {
  const n = value?.trim().length ?? 0;
  return n >= max * 0.8 ? `${count(n)} de ${count(max)} caracteres` : undefined;
}
