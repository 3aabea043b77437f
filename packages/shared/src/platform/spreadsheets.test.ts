import { describe, expect, it } from 'vitest';
import { decodeCsv, detectSeparator } from './spreadsheets.ts';

describe('decodeCsv', () => {
  it('reads UTF-8 with and without BOM', () => {
    const text = 'nome;e-mail\nJoão Ávila;joao@x.com.br\n';
    const plain = new TextEncoder().encode(text);
    expect(decodeCsv(plain)).toEqual({ text, encoding: 'utf-8' });
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    expect(decodeCsv(bom)).toEqual({ text, encoding: 'utf-8' });
  });

  it('falls back to Windows-1252 (Excel on Brazilian Windows)', () => {
    // "Conceição;São Paulo;€" in Windows-1252: ç = E7, ã = E3, € = 80 (Latin-1 would give U+0080).
    const bytes = new Uint8Array([0x43, 0x6f, 0x6e, 0x63, 0x65, 0x69, 0xe7, 0xe3, 0x6f, 0x3b, 0x53, 0xe3, 0x6f, 0x20, 0x50, 0x61, 0x75, 0x6c, 0x6f, 0x3b, 0x80]);
    expect(decodeCsv(bytes)).toEqual({ text: 'Conceição;São Paulo;€', encoding: 'windows-1252' });
    expect(decodeCsv(new Uint8Array([0x93, 0x41, 0x94, 0x9f])).text).toBe('“A”Ÿ');
  });
});

describe('detectSeparator', () => {
  it('picks ; or , from the header line, ignoring quoted ones', () => {
    expect(detectSeparator('nome;email;telefone\na,b;c;d')).toBe(';');
    expect(detectSeparator('nome,email,telefone\n')).toBe(',');
    expect(detectSeparator('"Silva; Souza",email,telefone\n')).toBe(',');
    expect(detectSeparator('\n\nnome;email\n')).toBe(';');
    expect(detectSeparator('nome\temail\ttelefone\n')).toBe('\t');
    expect(detectSeparator('nome\n')).toBe(',');
  });
});
