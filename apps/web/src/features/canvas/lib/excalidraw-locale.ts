/** A locale of Excalidraw: nested sections of strings. */
export type Locale = { [key: string]: string | Locale };

/**
 * Excalidraw's locale with the strings it lacks filled from ours (decision 0421): a key missing or
 * left empty shows in English. What Excalidraw translates itself is kept.
 */
export function withMissingFilled(locale: Locale, ours: Locale): Locale {
  const out: Locale = { ...locale };
  for (const [key, value] of Object.entries(ours)) {
    const current = out[key];
    if (typeof value === 'string') {
      if (typeof current !== 'string' || current === '') out[key] = value;
    } else out[key] = withMissingFilled(typeof current === 'object' ? current : {}, value);
  }
  return out;
}

/** The keys ('hints.createFlowchart') that `reference` has and `locale` lacks or leaves empty. */
export function missingKeys(reference: Locale, locale: Locale, prefix = ''): string[] {
  return Object.entries(reference).flatMap(([key, value]) => {
    const current = locale[key];
    if (typeof value === 'string') return typeof current === 'string' && current !== '' ? [] : [`${prefix}${key}`];
    return missingKeys(value, typeof current === 'object' ? current : {}, `${prefix}${key}.`);
  });
}
