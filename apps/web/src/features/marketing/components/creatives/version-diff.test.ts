import { describe, expect, it } from 'vitest';
import { hashtagDiff, MAX_EDITS, setDiff, wordDiff, wordsIn } from './version-diff.ts';

describe('wordDiff', () => {
  it('marks the words that changed and keeps the rest, accents and punctuation included', () => {
    expect(wordDiff('Promoção de Natal: até 30% off!\nCorra já.', 'Promoção de Natal: até 40% off em tudo!\nCorra já, só hoje.')).toEqual([
      { op: 'same', text: 'Promoção de Natal: até ' },
      { op: 'removed', text: '30' },
      { op: 'added', text: '40' },
      { op: 'same', text: '% off ' },
      { op: 'added', text: 'em tudo' },
      { op: 'same', text: '!\nCorra já' },
      { op: 'added', text: ', só hoje' },
      { op: 'same', text: '.' },
    ]);
  });

  it('puts the old text back from same + removed and the new one from same + added', () => {
    const before = 'Chegou a coleção de verão.\nAproveite o frete grátis no fim de semana.';
    const after = 'Chegou a nova coleção de primavera.\nAproveite o frete grátis até domingo.';
    const d = wordDiff(before, after);
    expect(
      d
        .filter((c) => c.op !== 'added')
        .map((c) => c.text)
        .join(''),
    ).toBe(before);
    expect(
      d
        .filter((c) => c.op !== 'removed')
        .map((c) => c.text)
        .join(''),
    ).toBe(after);
    expect(d.filter((c) => c.op === 'removed').map((c) => c.text)).toEqual(['verão', 'no fim de semana']);
    expect(d.filter((c) => c.op === 'added').map((c) => c.text)).toEqual(['nova ', 'primavera', 'até domingo']);
  });

  it('an equal text is one unchanged run; a text from nothing is one insertion; nothing against nothing is empty', () => {
    expect(wordDiff('Olá, mundo', 'Olá, mundo')).toEqual([{ op: 'same', text: 'Olá, mundo' }]);
    expect(wordDiff('', 'Novo texto')).toEqual([{ op: 'added', text: 'Novo texto' }]);
    expect(wordDiff('Texto antigo', '')).toEqual([{ op: 'removed', text: 'Texto antigo' }]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('texts too far apart to compare cheaply come back as replaced whole', () => {
    const words = (prefix: string) => Array.from({ length: MAX_EDITS + 10 }, (_, i) => `${prefix}${i}`).join(' ');
    const before = words('a');
    const after = words('b');
    expect(wordDiff(before, after)).toEqual([
      { op: 'removed', text: before },
      { op: 'added', text: after },
    ]);
  });
});

describe('wordsIn', () => {
  it('counts the words of one kind of run, not spaces or punctuation', () => {
    const d = wordDiff('Frete grátis hoje.', 'Frete grátis até sexta-feira, só online!');
    expect(wordsIn(d, 'removed')).toBe(1);
    expect(wordsIn(d, 'added')).toBe(4);
    expect(wordsIn(d, 'same')).toBe(2);
  });
});

describe('hashtagDiff', () => {
  it('compares hashtags as a set, ignoring case and order', () => {
    expect(hashtagDiff(['natal', 'promo', 'loja'], ['Loja', 'natal', 'blackfriday'])).toEqual({ kept: ['Loja', 'natal'], added: ['blackfriday'], removed: ['promo'] });
    expect(hashtagDiff([], [])).toEqual({ kept: [], added: [], removed: [] });
  });
});

describe('setDiff', () => {
  it('compares files by id', () => {
    const f = (id: string) => ({ id });
    expect(setDiff([f('a'), f('b')], [f('b'), f('c')])).toEqual({ kept: [f('b')], added: [f('c')], removed: [f('a')] });
  });
});
