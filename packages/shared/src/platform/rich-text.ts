import type { DocContent, DocNode } from '../documents/schemas.ts';

/**
 * Rich text outside the documents (decision 0422: a project task's description) is the documents'
 * Tiptap JSON; its plain text is what lists, e-mails, exports and search read. These convert
 * between the two.
 */

const inline = (n: DocNode): string => (n.content ?? []).map((c) => (c.type === 'hardBreak' ? '\n' : (c.text ?? inline(c)))).join('');

function lines(nodes: DocNode[] | undefined, indent: string, out: string[]) {
  for (const n of nodes ?? []) {
    if (n.type === 'bulletList' || n.type === 'orderedList') {
      (n.content ?? []).forEach((item, i) => {
        const marker = n.type === 'bulletList' ? '- ' : `${Number(n.attrs?.start ?? 1) + i}. `;
        const [first, ...rest] = item.content ?? [];
        out.push(`${indent}${marker}${first ? inline(first) : ''}`);
        lines(rest, `${indent}  `, out);
      });
    } else if (n.type === 'horizontalRule') out.push(`${indent}---`);
    else if (n.type === 'paragraph' || n.type === 'heading' || n.type === 'codeBlock' || n.type === 'tableCell' || n.type === 'tableHeader') {
      if (n.content?.some((c) => c.text !== undefined || c.type === 'hardBreak')) out.push(`${indent}${inline(n)}`);
      else if (n.content?.length) lines(n.content, indent, out);
      else out.push(indent);
    } else if (n.content) lines(n.content, indent, out);
  }
}

/** The text of rich text: a line per paragraph or heading, '- ' or '1. ' per list item (indented when nested), marks dropped. */
export function richTextToPlain(doc: DocContent): string {
  const out: string[] = [];
  lines(doc.content, '', out);
  return out
    .map((l) => l.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const BULLET = /^\s*[-*•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,4})[.)]\s+(.*)$/;
const paragraph = (text: string): DocNode => (text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' });
const item = (text: string): DocNode => ({ type: 'listItem', content: [paragraph(text)] });

/** A plain description as rich text (what was written before rich text): a paragraph per line, '- ' and '1. ' lines as lists. */
export function plainToRichText(text: string): DocContent {
  const content: DocNode[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const last = content.at(-1);
    if (bullet) {
      if (last?.type === 'bulletList') last.content!.push(item(bullet[1]!));
      else content.push({ type: 'bulletList', content: [item(bullet[1]!)] });
    } else if (numbered) {
      if (last?.type === 'orderedList') last.content!.push(item(numbered[2]!));
      else content.push({ type: 'orderedList', attrs: { start: Number(numbered[1]) }, content: [item(numbered[2]!)] });
    } else content.push(paragraph(line));
  }
  while (content.length > 1 && content.at(-1)?.content === undefined && content.at(-1)?.type === 'paragraph') content.pop();
  return { type: 'doc', content: content.length ? content : [paragraph('')] };
}
