import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import ours from './excalidraw-pt-br.json';
import { type Locale, missingKeys, withMissingFilled } from './excalidraw-locale.ts';

/** Excalidraw's own locale modules, as the build reads them. */
async function excalidrawLocale(code: string): Promise<Locale> {
  const dir = path.join(path.dirname(createRequire(import.meta.url).resolve('@excalidraw/excalidraw')), 'locales');
  const file = readdirSync(dir).find((f) => new RegExp(`^${code}-[A-Z0-9]+\\.js$`).test(f))!;
  return ((await import(pathToFileURL(path.join(dir, file)).href)) as { default: Locale }).default;
}
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
const at = (locale: Locale, key: string) => key.split('.').reduce<Locale | string>((l, k) => (l as Locale)[k]!, locale) as string;

describe('Excalidraw in Portuguese (decision 0421)', () => {
  it('every string Excalidraw has in English exists in Portuguese once ours fill what its pt-BR lacks', async () => {
    const [en, pt] = await Promise.all([excalidrawLocale('en'), excalidrawLocale('pt-BR')]);
    expect(missingKeys(en, pt).length).toBeGreaterThan(0); // what the issue saw: 'Hold CtrlOrCmd and Arrow key…' among Portuguese hints
    const filled = withMissingFilled(pt, ours as Locale);
    expect(missingKeys(en, filled)).toEqual([]);
    // Ours keep Excalidraw's own words and translate only what was missing.
    expect(at(filled, 'hints.bindTextToElement')).toBe(at(pt, 'hints.bindTextToElement'));
    expect(at(filled, 'hints.createFlowchart')).toBe('Segure CtrlOrCmd e uma seta do teclado para criar um fluxograma');
    // The values Excalidraw fills in ({{shortcut}}…) are all there.
    for (const key of missingKeys(en, pt)) expect(placeholders(at(filled, key)), key).toEqual(placeholders(at(en, key)));
  });

  it('ours translate only keys Excalidraw has (a key it renamed would be dead)', async () => {
    const en = await excalidrawLocale('en');
    expect(missingKeys(ours as Locale, en)).toEqual([]);
  });
});
