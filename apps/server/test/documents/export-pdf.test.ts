import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { DocContent, DocNode } from '@sede/shared/documents/schemas';
import { toPdf } from '../../src/modules/documents/export.ts';

/** The document's PDF reads like the document: inline marks stay in the line, tables break across pages without leaving pages blank. */
type Item = { str: string; x: number; y: number };
async function pagesOf(content: DocContent): Promise<{ height: number; items: Item[] }[]> {
  const pdf = await getDocumentProxy(new Uint8Array(await toPdf('Exportação', content, async () => null)));
  const pages = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const items = (await page.getTextContent()).items
      .filter((i): i is typeof i & { str: string; transform: number[] } => 'str' in i && i.str.trim() !== '')
      .map((i) => ({ str: i.str.trim(), x: i.transform[4]!, y: i.transform[5]! }));
    pages.push({ height: page.view[3]!, items });
  }
  return pages;
}
const text = (t: string, marks?: string[]): DocNode => ({ type: 'text', text: t, ...(marks ? { marks: marks.map((type) => ({ type })) } : {}) });
const paragraph = (...content: DocNode[]): DocNode => ({ type: 'paragraph', content });
const cell = (type: 'tableCell' | 'tableHeader', t: string): DocNode => ({ type, content: [paragraph(text(t))] });

describe('documents: PDF export', () => {
  it('keeps inline code, bold and italic in the line of the paragraph around them', async () => {
    const [page] = await pagesOf({
      type: 'doc',
      content: [paragraph(text('Rode '), text('npm install', ['code']), text(' e depois '), text('npm start', ['code']), text(', com '), text('cuidado', ['bold']), text(' e '), text('calma', ['italic']), text('.'))],
    });
    const y = (s: string) => page!.items.find((i) => i.str.includes(s))!.y;
    // Same line: the baselines differ by the fonts' ascent at most (a line is ~13 pt).
    for (const s of ['npm install', 'e depois', 'npm start', 'cuidado', 'calma']) expect(Math.abs(y(s) - y('Rode')), s).toBeLessThan(3);
  });

  it('a table longer than a page continues on the next with its header, and a tall row is split instead of leaving a page mostly blank', async () => {
    const filler = Array.from({ length: 12 }, (_, i) => paragraph(text(`Parágrafo ${i}. `.repeat(20))));
    const rows: DocNode[] = [{ type: 'tableRow', content: [cell('tableHeader', 'Item'), cell('tableHeader', 'Descrição')] }];
    for (let i = 1; i <= 40; i++) rows.push({ type: 'tableRow', content: [cell('tableCell', `Linha ${i}`), cell('tableCell', i === 5 ? 'Cláusula longa '.repeat(250) : `Valor ${i}`)] });
    const pages = await pagesOf({ type: 'doc', content: [...filler, { type: 'table', content: rows }, paragraph(text('Fim do documento.'))] });
    expect(pages.length).toBeLessThanOrEqual(4);
    // Every page but the last is filled to its bottom margin (within a couple of lines).
    for (const page of pages.slice(0, -1)) expect(Math.min(...page.items.map((i) => i.y))).toBeLessThan(page.height * 0.15);
    // The header opens each page the table continues on; every row is there once.
    for (const page of pages.slice(1)) expect(page.items.sort((a, b) => b.y - a.y)[0]!.str).toBe('Item');
    const all = pages.flatMap((p) => p.items.map((i) => i.str));
    for (let i = 1; i <= 40; i++) expect(all.filter((s) => s === `Linha ${i}`)).toHaveLength(1);
    expect(all).toContain('Fim do documento.');
  });
});
