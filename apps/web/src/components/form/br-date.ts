import { isIsoDate } from '@sede/shared/platform/calendar';

/**
 * Dates typed as DD/MM/AAAA, read and written without the masked field (date-input.tsx), so a
 * form that shows the field lazily (lazy-date-input.tsx) does not download imask to validate.
 */
export const BR_DATE_MESSAGE = 'Data inválida. Use DD/MM/AAAA.';

/** 'DD/MM/AAAA' → 'AAAA-MM-DD'; '' → null (no date); anything else → undefined (invalid). */
export function parseBrDate(text: string): string | null | undefined {
  if (!text.trim()) return null;
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!m) return undefined;
  const iso = `${m[3]}-${m[2]}-${m[1]}`;
  return isIsoDate(iso) ? iso : undefined;
}

/** 'AAAA-MM-DD' → 'DD/MM/AAAA' ('' when there is no date). */
export const brFromIso = (iso: string | null | undefined) => (iso && /^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : '');
