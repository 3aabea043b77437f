import * as Y from 'yjs';
import { docText } from '@sede/shared/documents/schemas';
import { FRAGMENT, ydocToJson } from '../../src/modules/documents/ydoc.ts';
import { openSyncSocket, type Refusal, type SyncSocket } from '../support/sync-client.ts';

type CookieJar = { cookie: string };

/** A y-protocols client over `ws` (what the web editor's provider does), for tests and the benchmark. */
export type SyncClient = SyncSocket & {
  text: () => string;
  /** Appends a paragraph with this text. */
  type: (text: string) => void;
  /** Appends text to the last paragraph (one keystroke). */
  key: (text: string) => void;
};

export type { Refusal };

/** Opens the document's sync socket with a person's session; resolves with the HTTP status when the upgrade is refused. */
export async function openSync(baseUrl: string, documentId: string, jar: CookieJar | null, origin = 'http://localhost:3000', opts: { epoch?: number; doc?: Y.Doc } = {}): Promise<SyncClient | Refusal> {
  const socket = await openSyncSocket(baseUrl, `/api/documents/${documentId}/sync`, jar, origin, opts);
  if ('refused' in socket) return socket;
  const { doc } = socket;
  const fragment = doc.getXmlFragment(FRAGMENT);
  return {
    ...socket,
    text: () => docText(ydocToJson(doc)),
    type: (text) => {
      const p = new Y.XmlElement('paragraph');
      const t = new Y.XmlText();
      t.insert(0, text);
      p.insert(0, [t]);
      fragment.insert(fragment.length, [p]);
    },
    key: (text) => {
      const last = fragment.get(fragment.length - 1) as Y.XmlElement;
      const t = last.get(0) as Y.XmlText;
      t.insert(t.length, text);
    },
  };
}

export async function connected(baseUrl: string, documentId: string, jar: CookieJar, origin?: string): Promise<SyncClient> {
  const c = await openSync(baseUrl, documentId, jar, origin);
  if ('refused' in c) throw new Error(`sync refused with ${c.refused}`);
  await c.synced;
  return c;
}
