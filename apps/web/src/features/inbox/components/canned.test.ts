import { describe, expect, it } from 'vitest';
import { cannedMatches } from './canned.ts';

const replies = [
  { id: '1', shortcut: 'prazo', body: 'Entregamos em até 2 dias úteis.' },
  { id: '2', shortcut: 'preco', body: 'Veja a tabela de preços.' },
  { id: '3', shortcut: 'ola', body: 'Olá! Como posso ajudar?' },
];

describe('canned replies in the composer', () => {
  it('"/" lists every reply, "/pr" those starting with it, case-insensitive', () => {
    expect(cannedMatches('/', replies).map((r) => r.shortcut)).toEqual(['prazo', 'preco', 'ola']);
    expect(cannedMatches('/PR', replies).map((r) => r.shortcut)).toEqual(['prazo', 'preco']);
    expect(cannedMatches(' /ola ', replies).map((r) => r.id)).toEqual(['3']);
  });
  it('offers nothing for ordinary text or a slash inside a sentence', () => {
    expect(cannedMatches('olá', replies)).toEqual([]);
    expect(cannedMatches('veja /prazo', replies)).toEqual([]);
    expect(cannedMatches('/xyz', replies)).toEqual([]);
  });
});
