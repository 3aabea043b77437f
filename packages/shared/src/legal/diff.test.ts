import { describe, expect, it } from 'vitest';
import { comparableText, compareContractTexts } from './diff.ts';

const changed = (before: string, after: string) =>
  compareContractTexts(before, after)
    .changes.filter((c) => c.op !== 'same')
    .map((c) => `${c.op === 'added' ? '+' : '-'}${c.text.trim()}`);

describe('comparableText', () => {
  it('joins a PDF’s wrapped lines into paragraphs and keeps the paragraphs apart', () => {
    const pdf = [
      'Cláusula 1ª – Do objeto. A CONTRATADA prestará serviços de',
      'limpeza diária nas dependências da CONTRATANTE, com todos',
      'os materiais necessários.',
      'Cláusula 2ª – Do preço. O valor mensal é de R$ 2.500,00.',
    ].join('\n');
    expect(comparableText(pdf)).toBe(
      'Cláusula 1ª – Do objeto. A CONTRATADA prestará serviços de limpeza diária nas dependências da CONTRATANTE, com todos os materiais necessários.\n\nCláusula 2ª – Do preço. O valor mensal é de R$ 2.500,00.',
    );
  });

  it('rejoins words hyphenated at a line end, keeping the hyphen of hyphenated words and pronouns', () => {
    const pdf = 'A CONTRA-\nTADA obriga-\nse a limpar de segunda-\nfeira a sábado, reajustado pelo IGP-\nM, com pres-\ntação mensal.';
    const words = new Set(['segunda-feira', 'igp-m']);
    expect(comparableText(pdf, words)).toBe('A CONTRATADA obriga-se a limpar de segunda-feira a sábado, reajustado pelo IGP-M, com prestação mensal.');
  });

  it('evens out soft hyphens, odd spaces, ligatures and a page break mid-sentence', () => {
    expect(comparableText('O  pra\u00adzo\u00a0de ﬁdelidade é de\n\nseis meses.')).toBe('O prazo de fidelidade é de seis meses.');
  });
});

describe('compareContractTexts', () => {
  const docx = [
    'CONTRATO DE PRESTAÇÃO DE SERVIÇOS',
    'Cláusula 4ª – Da vigência. O contrato vigorará por 12 (doze) meses, renovando-se automaticamente, salvo aviso com antecedência mínima de 30 (trinta) dias.',
    'Cláusula 5ª – Da rescisão. A parte que der causa pagará multa de 10% (dez por cento) do valor remanescente.',
  ].join('\n\n');

  it('the same text wrapped and hyphenated differently (a PDF against its DOCX) has no changes', () => {
    const pdf = [
      'CONTRATO DE PRESTAÇÃO DE SERVIÇOS',
      'Cláusula 4ª – Da vigência. O contrato vigorará por 12 (do-',
      'ze) meses, renovando-',
      'se automaticamente, salvo aviso com antecedência míni-',
      'ma de 30 (trinta) dias.',
      'Cláusula 5ª – Da rescisão. A parte que der causa pagará',
      'multa de 10% (dez por cento) do valor remanescente.',
    ].join('\n');
    const r = compareContractTexts(pdf, docx);
    expect(r).toMatchObject({ added: 0, removed: 0, tooDifferent: false });
    expect(r.changes).toEqual([{ op: 'same', text: comparableText(docx) }]);
  });

  it('marks only the words that changed, in the newer version’s paragraphs', () => {
    const pdf = [
      'CONTRATO DE PRESTAÇÃO DE SERVIÇOS',
      'Cláusula 4ª – Da vigência. O contrato vigorará por 12 (doze) meses, renovando-se automatica-',
      'mente, salvo aviso com antecedência mínima de 30 (trinta) dias.',
      'Cláusula 5ª – Da rescisão. A parte que der causa paga-',
      'rá multa de 2% (dois por cento) do valor remanescen-',
      'te, limitada a três mensalidades.',
    ].join('\n');
    expect(changed(docx, pdf)).toEqual(['-10', '+2', '-dez', '+dois', '+, limitada a três mensalidades']);
    const r = compareContractTexts(docx, pdf);
    expect(r).toMatchObject({ added: 6, removed: 2, tooDifferent: false });
    // The newer version's paragraphs: the clauses stay apart.
    const newer = r.changes.filter((c) => c.op !== 'removed').map((c) => c.text).join('');
    expect(newer.split('\n\n')).toEqual([
      'CONTRATO DE PRESTAÇÃO DE SERVIÇOS',
      'Cláusula 4ª – Da vigência. O contrato vigorará por 12 (doze) meses, renovando-se automaticamente, salvo aviso com antecedência mínima de 30 (trinta) dias.',
      'Cláusula 5ª – Da rescisão. A parte que der causa pagará multa de 2% (dois por cento) do valor remanescente, limitada a três mensalidades.',
    ]);
  });

  it('two different documents are shown as replaced whole, and said to be too different', () => {
    const words = (w: string) => Array.from({ length: 5000 }, (_, i) => `${w}${i}`).join(' ');
    const r = compareContractTexts(words('a'), words('b'));
    expect(r.tooDifferent).toBe(true);
    expect(r.changes.map((c) => c.op)).toEqual(['removed', 'added']);
  });
});
