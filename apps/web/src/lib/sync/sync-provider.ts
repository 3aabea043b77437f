import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';

/** connecting: first attempt; connected: in sync; reconnecting: lost, retrying (edits kept); failed: never reached the server. */
export type SyncStatus = 'connecting' | 'connected' | 'reconnecting' | 'failed';
export type Peer = { clientId: number; name: string; color: string };

const MSG_SYNC = 0;
const MSG_AWARENESS = 1;
const MSG_EPOCH = 2;
/** Close codes of the server (apps/server/src/platform/sync/rooms.ts). */
const CLOSE = { tooBig: 1009, forged: 4400, signedOut: 4401, readOnly: 4403, noAccess: 4404, reset: 4409, accessChanged: 4412 } as const;
const ENDINGS = { [CLOSE.reset]: 'reset', [CLOSE.tooBig]: 'tooBig', [CLOSE.readOnly]: 'readOnly', [CLOSE.signedOut]: 'signedOut', [CLOSE.noAccess]: 'noAccess' } as const;
type Ending = (typeof ENDINGS)[keyof typeof ENDINGS];
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];
/** Attempts before the page falls back to saving by revision (decision 0288). */
const FIRST_CONNECT_ATTEMPTS = 3;
/** Tailwind's 700 shades: white text on each reads at 4.5:1 or better (the remote carets' labels, decision 0306). */
const COLORS = ['#1d4ed8', '#be185d', '#047857', '#b45309', '#6d28d9', '#0e7490', '#b91c1c'];

/** A person's colour, from their user id: the same on every screen, whatever a client claims. */
export function colorFor(userId: string): string {
  let hash = 0;
  for (const ch of userId) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLORS[hash % COLORS.length]!;
}

/**
 * The page's end of the platform's shared editing (decisions 0288, 0310): y-protocols sync and
 * awareness over our own WebSocket (`path`: /api/documents/:id/sync, /api/canvas/boards/:id/sync;
 * the session cookie), reconnecting with backoff; edits made while disconnected stay in the Y.Doc
 * and go out in the next sync.
 */
export class SyncProvider {
  readonly doc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.doc);
  status: SyncStatus = 'connecting';
  synced = false;
  /**
   * Why the server closed for good: reset (another save replaced the text), tooBig, readOnly,
   * signedOut (the session ended), noAccess (no longer shared with this person; decision 0420).
   */
  ended: Ending | null = null;
  private ws: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  private listeners = new Set<() => void>();
  private version = 0;
  private peersKey = '';
  /** The server's shared-state epoch: sent back on reconnect, so a replaced state is never merged back (4409 instead). */
  private epoch: number | null = null;

  constructor(
    private readonly path: string,
    me: { id: string; name: string },
  ) {
    this.awareness.setLocalStateField('user', { id: me.id, name: me.name, color: colorFor(me.id) });
    this.doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin === this) return;
      const enc = encoding.createEncoder();
      encoding.writeVarUint(enc, MSG_SYNC);
      syncProtocol.writeUpdate(enc, update);
      this.send(encoding.toUint8Array(enc));
    });
    this.awareness.on('update', ({ added, updated, removed }: { added: number[]; updated: number[]; removed: number[] }, origin: unknown) => {
      if (origin !== 'local') {
        // A colleague's caret or pointer moving is the editor's business (its decorations, the
        // board's collaborators), not the page's: the page re-renders only when who is here changes.
        const key = this.peers()
          .map((p) => `${p.clientId}:${p.name}`)
          .join('|');
        if (key !== this.peersKey) {
          this.peersKey = key;
          this.emit();
        }
        return;
      }
      const enc = encoding.createEncoder();
      encoding.writeVarUint(enc, MSG_AWARENESS);
      encoding.writeVarUint8Array(enc, awarenessProtocol.encodeAwarenessUpdate(this.awareness, [...added, ...updated, ...removed]));
      this.send(encoding.toUint8Array(enc));
    });
  }

  subscribe = (fn: () => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };
  /** Changes whenever status, sync or the people here change (for useSyncExternalStore). */
  snapshot = () => this.version;
  private emit() {
    this.version++;
    for (const l of this.listeners) l();
  }
  private setStatus(s: SyncStatus) {
    this.status = s;
    this.emit();
  }

  /** The other people with this document (or board) open (from awareness). */
  peers(): Peer[] {
    const out: Peer[] = [];
    const seen = new Set<string>();
    for (const [clientId, state] of this.awareness.getStates()) {
      const user = (state as { user?: { id?: string; name?: string; color?: string } }).user;
      if (clientId === this.doc.clientID || !user?.name || seen.has(user.id ?? String(clientId))) continue;
      seen.add(user.id ?? String(clientId));
      out.push({ clientId, name: user.name, color: colorFor(user.id ?? String(clientId)) });
    }
    return out;
  }

  connect() {
    if (this.destroyed || this.ws) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${this.path}${this.epoch === null ? '' : `?epoch=${this.epoch}`}`;
    const ws = new WebSocket(url);
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      const enc = encoding.createEncoder();
      encoding.writeVarUint(enc, MSG_SYNC);
      syncProtocol.writeSyncStep1(enc, this.doc);
      ws.send(encoding.toUint8Array(enc));
      const a = encoding.createEncoder();
      encoding.writeVarUint(a, MSG_AWARENESS);
      encoding.writeVarUint8Array(a, awarenessProtocol.encodeAwarenessUpdate(this.awareness, [this.doc.clientID]));
      ws.send(encoding.toUint8Array(a));
    };
    ws.onmessage = (e: MessageEvent<ArrayBuffer>) => {
      const dec = decoding.createDecoder(new Uint8Array(e.data));
      const type = decoding.readVarUint(dec);
      if (type === MSG_SYNC) {
        const enc = encoding.createEncoder();
        encoding.writeVarUint(enc, MSG_SYNC);
        const step = syncProtocol.readSyncMessage(dec, enc, this.doc, this);
        if (encoding.length(enc) > 1) ws.send(encoding.toUint8Array(enc));
        if (step === syncProtocol.messageYjsSyncStep2 && !this.synced) {
          this.synced = true;
          this.setStatus('connected');
        } else if (step === syncProtocol.messageYjsSyncStep2) this.setStatus('connected');
      } else if (type === MSG_AWARENESS) {
        awarenessProtocol.applyAwarenessUpdate(this.awareness, decoding.readVarUint8Array(dec), this);
      } else if (type === MSG_EPOCH) {
        this.epoch = decoding.readVarUint(dec);
      }
    };
    ws.onclose = (e) => {
      this.ws = null;
      // The others' cursors and names are gone with the connection.
      const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID);
      awarenessProtocol.removeAwarenessStates(this.awareness, others, this);
      if (this.destroyed) return;
      this.ended = ENDINGS[e.code as keyof typeof ENDINGS] ?? null;
      if (this.ended) return this.setStatus('reconnecting');
      // The person's role changed: the server decides their rights again on the next connection, at once.
      if (e.code === CLOSE.accessChanged) this.attempt = 0;
      this.attempt++;
      if (!this.synced && this.attempt >= FIRST_CONNECT_ATTEMPTS) return this.setStatus('failed');
      this.setStatus(this.synced ? 'reconnecting' : 'connecting');
      const delay = BACKOFF_MS[Math.min(this.attempt - 1, BACKOFF_MS.length - 1)]!;
      this.timer = setTimeout(() => this.connect(), delay * (0.8 + Math.random() * 0.4));
    };
  }

  private send(m: Uint8Array) {
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(m as Uint8Array<ArrayBuffer>);
  }

  destroy() {
    this.destroyed = true;
    if (this.timer) clearTimeout(this.timer);
    awarenessProtocol.removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.ws?.close();
    this.ws = null;
    this.doc.destroy();
  }
}
