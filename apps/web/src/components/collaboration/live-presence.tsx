import type { Peer, SyncStatus } from '../../lib/sync/sync-provider.ts';

const CONNECTION: Record<SyncStatus, string> = { connecting: 'Conectando…', connected: 'Conectado', reconnecting: 'Reconectando…', failed: 'Sem conexão' };

/** A shared editor's connection (with what it means, for screen readers) and who else has it open. */
export function LivePresence({ status, ended, peers, peersLabel, connectedHint, reconnectingHint }: {
  status: SyncStatus;
  /** Why the session ended for good (then reconnecting will not bring the changes back), or null. */
  ended: string | null;
  peers: readonly Peer[];
  /** 'Também neste quadro'. */
  peersLabel: string;
  connectedHint?: string;
  reconnectingHint: string;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <span role="status" className="inline-flex items-center gap-1.5">
        <span aria-hidden className={`size-2 rounded-full ${status === 'connected' ? 'bg-emerald-500' : 'bg-amber-500'}`} />
        {CONNECTION[status]}
        {status === 'connected' && connectedHint && <span className="sr-only">: {connectedHint}</span>}
        {status === 'reconnecting' && ended === null && <span className="sr-only">: {reconnectingHint}</span>}
      </span>
      {peers.length > 0 && (
        <ul aria-label={peersLabel} className="flex flex-wrap items-center gap-1">
          {peers.map((p) => (
            <li key={p.clientId} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-slate-800">
              <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: p.color }} />
              {p.name}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
