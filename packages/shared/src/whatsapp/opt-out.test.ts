import { describe, expect, it } from 'vitest';
import { isOptOutKeyword } from './opt-out.ts';

describe('isOptOutKeyword', () => {
  it('accepts each keyword as the whole message, in any case, with accents, spaces and final punctuation', () => {
    for (const t of ['SAIR', 'sair', ' Sair ', 'sAíR', 'PARAR!', 'stop', 'Cancelar.', 'descadastrar', 'DESCADASTRAR!!', '*SAIR*', 'Párar']) expect(isOptOutKeyword(t), t).toBe(true);
  });
  it('refuses a keyword inside a longer message, other words and empty input', () => {
    for (const t of ['quero sair', 'SAIR da lista por favor', 'sairr', 'não', '', '   ', 'S A I R', 'cancelar pedido 123', null, undefined]) expect(isOptOutKeyword(t), String(t)).toBe(false);
  });
});
