import { describe, expect, it } from 'vitest';
import { parseTagText } from './tags.ts';

describe('tags typed as a comma list', () => {
  it('lower-cases, drops # and repeats, ignores empty pieces', () => {
    expect(parseTagText('Logo, #Verão,logo , ,Campanha  de verão')).toEqual({ tags: ['logo', 'verão', 'campanha de verão'], error: null });
    expect(parseTagText('')).toEqual({ tags: [], error: null });
  });
  it('refuses what the server refuses, with its Portuguese message', () => {
    const message = 'Use até 20 etiquetas de até 40 caracteres (letras, números, espaço ou hífen).';
    expect(parseTagText('<script>')).toEqual({ tags: null, error: message });
    expect(parseTagText('x'.repeat(41))).toEqual({ tags: null, error: message });
    expect(parseTagText(Array.from({ length: 21 }, (_, i) => `t${i}`).join(','))).toEqual({ tags: null, error: message });
  });
});
