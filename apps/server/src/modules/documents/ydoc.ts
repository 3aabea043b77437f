import * as Y from 'yjs';
import type { DocContent, DocNode } from '@sede/shared/documents/schemas';

/** The Y.XmlFragment the editor binds to (y-prosemirror's default name, decision 0286). */
export const FRAGMENT = 'prosemirror';

type Delta = Array<{ insert: string; attributes?: Record<string, Record<string, unknown>> }>;
const hashedMark = /(.*)(--[a-zA-Z0-9+/=]{8})$/;

/** Tiptap JSON → Yjs, exactly as y-prosemirror writes nodes (element per node, text runs with marks as attributes). */
function toY(nodes: readonly DocNode[]): Array<Y.XmlElement | Y.XmlText> {
  const out: Array<Y.XmlElement | Y.XmlText> = [];
  let run: Delta = [];
  const flush = () => {
    if (!run.length) return;
    const text = new Y.XmlText();
    text.applyDelta(run);
    out.push(text);
    run = [];
  };
  for (const n of nodes) {
    if (n.type === 'text') {
      if (!n.text) continue;
      const attributes = Object.fromEntries((n.marks ?? []).map((m) => [m.type, m.attrs ?? {}]));
      run.push({ insert: n.text, ...(n.marks?.length ? { attributes } : {}) });
      continue;
    }
    flush();
    const el = new Y.XmlElement(n.type);
    for (const [k, v] of Object.entries(n.attrs ?? {})) if (v !== null && v !== undefined) el.setAttribute(k, v as string);
    el.insert(0, toY(n.content ?? []));
    out.push(el);
  }
  flush();
  return out;
}

/** A Yjs update holding a JSON document (the seed of a document written before shared editing). */
export function jsonToUpdate(content: DocContent): Uint8Array {
  const doc = new Y.Doc();
  doc.getXmlFragment(FRAGMENT).insert(0, toY(content.content ?? []));
  return Y.encodeStateAsUpdate(doc);
}

function fromY(item: Y.XmlElement | Y.XmlText | Y.XmlHook): DocNode[] {
  if (item instanceof Y.XmlText) {
    return (item.toDelta() as Delta)
      .filter((d) => typeof d.insert === 'string' && d.insert)
      .map((d) => {
        const marks = Object.entries(d.attributes ?? {}).map(([name, attrs]) => ({
          type: hashedMark.exec(name)?.[1] ?? name,
          ...(attrs && typeof attrs === 'object' && Object.keys(attrs).length ? { attrs } : {}),
        }));
        return { type: 'text', text: d.insert, ...(marks.length ? { marks } : {}) };
      });
  }
  if (!(item instanceof Y.XmlElement)) return [];
  const attrs = item.getAttributes() as Record<string, unknown>;
  const content = item.toArray().flatMap((c) => fromY(c as Y.XmlElement | Y.XmlText));
  return [{ type: item.nodeName, ...(Object.keys(attrs).length ? { attrs } : {}), ...(content.length ? { content } : {}) }];
}

/** The Tiptap JSON of a shared document (what search, versions and exports read). */
export function ydocToJson(doc: Y.Doc): DocContent {
  const content = doc
    .getXmlFragment(FRAGMENT)
    .toArray()
    .flatMap((c) => fromY(c as Y.XmlElement | Y.XmlText));
  return { type: 'doc', content: content.length ? content : [{ type: 'paragraph' }] } as DocContent;
}
