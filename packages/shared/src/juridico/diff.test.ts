import { describe, expect, it } from 'vitest';
import { diffLines } from './diff.ts';

describe('diffLines', () => {
  it('marks changed lines as removed and added, keeps the rest', () => {
    const a = 'Cláusula 1: objeto\nCláusula 2: multa de 10%\nCláusula 3: foro de São Paulo';
    const b = 'Cláusula 1: objeto\nCláusula 2: multa de 2%\nCláusula 3: foro de São Paulo\nCláusula 4: LGPD';
    expect(diffLines(a, b)).toEqual([
      { op: 'same', text: 'Cláusula 1: objeto' },
      { op: 'removed', text: 'Cláusula 2: multa de 10%' },
      { op: 'added', text: 'Cláusula 2: multa de 2%' },
      { op: 'same', text: 'Cláusula 3: foro de São Paulo' },
      { op: 'added', text: 'Cláusula 4: LGPD' },
    ]);
  });
  it('identical texts have no changes', () => {
    expect(diffLines('a\nb', 'a\nb').every((d) => d.op === 'same')).toBe(true);
  });
});
