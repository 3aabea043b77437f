import { describe, expect, it } from 'vitest';
import type { DocContent } from '../documents/schemas.ts';
import { plainToRichText, richTextToPlain } from './rich-text.ts';

describe('rich text ⇄ plain text (decision 0422)', () => {
  it('reads paragraphs, headings, marks and nested lists as lines', () => {
    const doc: DocContent = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Entrega' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'Revisar o ' }, { type: 'text', text: 'contrato', marks: [{ type: 'bold' }] }, { type: 'text', text: ' hoje.' }] },
        {
          type: 'bulletList',
          content: [
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Cláusula 3' }] }, { type: 'orderedList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'prazo' }] }] }] }] },
            { type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Anexo' }] }] },
          ],
        },
        { type: 'paragraph', content: [{ type: 'text', text: 'Linha 1' }, { type: 'hardBreak' }, { type: 'text', text: 'Linha 2' }] },
      ],
    };
    expect(richTextToPlain(doc)).toBe('Entrega\nRevisar o contrato hoje.\n- Cláusula 3\n  1. prazo\n- Anexo\nLinha 1\nLinha 2');
  });

  it('a plain description becomes paragraphs and lists, and reads back the same', () => {
    const plain = 'Ligar para o cliente.\n- levar proposta\n- confirmar data\n\n1. assinar\n2. enviar';
    const doc = plainToRichText(plain);
    expect(doc.content?.map((n) => n.type)).toEqual(['paragraph', 'bulletList', 'paragraph', 'orderedList']);
    expect(richTextToPlain(doc)).toBe('Ligar para o cliente.\n- levar proposta\n- confirmar data\n\n1. assinar\n2. enviar');
    expect(plainToRichText('')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });
});
