import { getSchema } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { describe, expect, it } from 'vitest';
import { prosemirrorJSONToYDoc, yXmlFragmentToProsemirrorJSON } from 'y-prosemirror';
import * as Y from 'yjs';
import type { DocContent } from '@sede/shared/documents/schemas';
import { FRAGMENT, jsonToUpdate, ydocToJson } from '../../src/modules/documents/ydoc.ts';

/** The server's Tiptap JSON ⇄ Yjs conversion must write and read exactly what the editor's y-prosemirror does. */
const schema = getSchema([StarterKit, TableKit, Image]);
const sample: DocContent = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Procedimento' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Abrir ' },
        { type: 'text', text: 'o caixa', marks: [{ type: 'bold' }] },
        { type: 'text', text: ' e ver o ' },
        { type: 'text', text: 'manual', marks: [{ type: 'link', attrs: { href: 'https://exemplo.com.br', target: '_blank', rel: 'noopener noreferrer nofollow', class: null } }] },
      ],
    },
    { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Luzes' }] }] }] },
    { type: 'paragraph' },
  ],
} as DocContent;

/** What ProseMirror makes of a JSON (defaults filled): the editor's view of it. */
const normal = (json: unknown) => schema.nodeFromJSON(json).toJSON();

describe('documents: Yjs conversion', () => {
  it('a seeded document reads in y-prosemirror as the same document', () => {
    const doc = new Y.Doc();
    Y.applyUpdate(doc, jsonToUpdate(sample));
    expect(normal(yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(FRAGMENT)))).toEqual(normal(sample));
  });

  it('what y-prosemirror writes becomes the same JSON on the server', () => {
    const doc = prosemirrorJSONToYDoc(schema, sample, FRAGMENT);
    expect(normal(ydocToJson(doc))).toEqual(normal(sample));
  });
});
