import WebSocket from 'ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

type CookieJar = { cookie: string };

/** A y-protocols client over `ws` of the platform's sync (platform/sync; what the web's provider does), for tests and benchmarks. */
export type SyncSocket = {
  ws: WebSocket;
  /** The shared state's epoch the server announced. */
  epoch: () => number | null;
  doc: Y.Doc;
  awareness: awarenessProtocol.Awareness;
  /** Resolves once the server's state arrived (sync step 2). */
  synced: Promise<void>;
  /** Resolves with the close code. */
  closed: Promise<number>;
  close: () => void;
};

export type Refusal = { refused: number };

/** Opens a sync socket (`/api/…/:id/sync`) with a person's session; resolves with the HTTP status when the upgrade is refused. */
export function openSyncSocket(baseUrl: string, path: string, jar: CookieJar | null, origin = 'http://localhost:3000', opts: { epoch?: number; doc?: Y.Doc } = {}): Promise<SyncSocket | Refusal> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${path}${opts.epoch === undefined ? '' : `?epoch=${opts.epoch}`}`, {
    headers: { ...(jar ? { cookie: jar.cookie } : {}), ...(origin ? { origin } : {}) },
  });
  ws.binaryType = 'nodebuffer';
  const doc = opts.doc ?? new Y.Doc();
  let epoch: number | null = null;
  const awareness = new awarenessProtocol.Awareness(doc);
  let markSynced!: () => void;
  const synced = new Promise<void>((r) => (markSynced = r));
  const closed = new Promise<number>((r) =>
    ws.once('close', (code) => {
      // Awareness keeps a timer (its 15 s heartbeat) until destroyed.
      awareness.destroy();
      r(code);
    }),
  );
  const sendRaw = (m: Uint8Array) => ws.readyState === WebSocket.OPEN && ws.send(m);
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === 'server') return;
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, 0);
    syncProtocol.writeUpdate(enc, update);
    sendRaw(encoding.toUint8Array(enc));
  });
  awareness.on('update', ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
    if (origin === 'server') return;
    const enc = encoding.createEncoder();
    encoding.writeVarUint(enc, 1);
    encoding.writeVarUint8Array(enc, awarenessProtocol.encodeAwarenessUpdate(awareness, [...added, ...updated, ...removed]));
    sendRaw(encoding.toUint8Array(enc));
  });
  ws.on('message', (data: Buffer) => {
    const dec = decoding.createDecoder(new Uint8Array(data));
    const type = decoding.readVarUint(dec);
    if (type === 0) {
      const enc = encoding.createEncoder();
      encoding.writeVarUint(enc, 0);
      const step = syncProtocol.readSyncMessage(dec, enc, doc, 'server');
      if (encoding.length(enc) > 1) sendRaw(encoding.toUint8Array(enc));
      if (step === syncProtocol.messageYjsSyncStep2) markSynced();
    } else if (type === 1) {
      awarenessProtocol.applyAwarenessUpdate(awareness, decoding.readVarUint8Array(dec), 'server');
    } else if (type === 2) {
      epoch = decoding.readVarUint(dec);
    }
  });
  const client: SyncSocket = { ws, epoch: () => epoch, doc, awareness, synced, closed, close: () => ws.close() };
  return new Promise((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 });
      res.resume();
    });
    ws.once('error', reject);
    ws.once('open', () => {
      ws.off('error', reject);
      const enc = encoding.createEncoder();
      encoding.writeVarUint(enc, 0);
      syncProtocol.writeSyncStep1(enc, doc);
      sendRaw(encoding.toUint8Array(enc));
      resolve(client);
    });
  });
}
