import { describe, expect, it } from 'vitest';
import { entityFileName, paged, safeZipPath } from '../../src/platform/company-data/archive.ts';
import { readableValue } from '../../src/platform/company-data/readable.ts';

describe('company export helpers', () => {
  it('safeZipPath never leaves the archive and strips control characters', () => {
    expect(safeZipPath('../../etc/passwd')).toBe('etc/passwd');
    expect(safeZipPath('/abs/./x.pdf')).toBe('abs/x.pdf');
    expect(safeZipPath('files\\a\u0000b:c.pdf')).toBe('files/a_b_c.pdf');
    expect(safeZipPath('..')).toBe('arquivo');
  });

  it('readableValue turns JSON into text a person reads (decision 0425)', () => {
    const rich = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Olá, mundo' }] }] };
    expect(readableValue(rich)).toBe('Olá, mundo');
    expect(readableValue({ email: 'a@x.com', role: 'vendas', vazio: null })).toBe('email: a@x.com, role: vendas');
    expect(readableValue([{ nome: 'A' }, { nome: 'B' }])).toBe('nome: A | nome: B');
    expect(readableValue(['a', 'b'])).toEqual(['a', 'b']);
    expect(readableValue(42)).toBe(42);
  });

  it('entityFileName keeps a title readable and inside its folder', () => {
    expect(entityFileName('Funil / 2026', 'abc', 'excalidraw')).toBe('Funil - 2026-abc.excalidraw');
    expect(entityFileName('../..', 'abc', 'docx')).toBe('..-..-abc.docx');
    expect(entityFileName('', 'abc', 'docx')).toBe('arquivo-abc.docx');
  });

  it('paged walks every page by keyset and stops on a short page', async () => {
    const ids = Array.from({ length: 1203 }, (_, i) => i + 1);
    const calls: Array<string | number | null> = [];
    const rows: number[] = [];
    for await (const r of paged(async (after, limit) => {
      calls.push(after);
      return ids.filter((id) => after === null || id > (after as number)).slice(0, limit).map((id) => ({ id }));
    })) rows.push(r.id);
    expect(rows).toEqual(ids);
    expect(calls).toEqual([null, 500, 1000]);
  });
});
