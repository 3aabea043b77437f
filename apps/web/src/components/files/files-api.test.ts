import { describe, expect, it } from 'vitest';
import { kindFor, precheck } from './files-api.ts';

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

describe('files-api', () => {
  it('chooses the kind from the declared type among the allowed kinds', () => {
    expect(kindFor(file('a.png', 'image/png', 1), ['image', 'document'])).toBe('image');
    expect(kindFor(file('a.pdf', 'application/pdf', 1), ['image', 'document'])).toBe('document');
    expect(kindFor(file('a.mp3', 'audio/mpeg', 1), ['image', 'document'])).toBe('document');
    expect(kindFor(file('a.mp3', 'audio/mpeg', 1), ['audio'])).toBe('audio');
    expect(kindFor(file('a', '', 1), ['video'])).toBe('video');
  });

  it('refuses before sending what the server would refuse by size', () => {
    expect(precheck(file('vazio.pdf', 'application/pdf', 0), 'document')).toBe('O arquivo está vazio (0 bytes). Escolha outro arquivo.');
    expect(precheck(file('ok.pdf', 'application/pdf', 10), 'document')).toBeNull();
    const big = { size: 20 * 1024 * 1024 + 1, type: 'image/png', name: 'x.png' } as File;
    expect(precheck(big, 'image')).toBe('O arquivo passa do limite de 20 MB para imagem.');
  });
});
