import type { FinEntry } from '@sede/shared/finance/entries';
import { Ban, HandCoins, Pencil, QrCode, RotateCcw, Trash2, Undo2, WalletCards } from 'lucide-react';
import { Button } from '../../../../components/ui/button.tsx';

export type EntryGrants = { mayWrite: boolean; maySettle: boolean; mayDelete: boolean };
export type EntryHandlers = { charge: (e: FinEntry) => void; refund: (e: FinEntry) => void; settle: (e: FinEntry) => void; edit: (e: FinEntry) => void; cancel: (e: FinEntry, cancelled: boolean) => void; remove: (e: FinEntry) => void };

/**
 * A row's buttons, each shown only when the member may use it and the entry's state allows it. The
 * icon-only ones are 32 px square, so an open receivable's five fit one line of a phone's card.
 */
export function EntryRowActions({ entry: e, settleLabel, grants, on }: { entry: FinEntry; settleLabel: string; grants: EntryGrants; on: EntryHandlers }) {
  const { mayWrite, maySettle, mayDelete } = grants;
  return (
    <div className="flex flex-wrap items-center justify-end gap-1">
      {mayWrite && e.kind === 'receivable' && e.status === 'open' && (
        <Button size="sm" variant="secondary" onClick={() => on.charge(e)} aria-label={`Cobrar ${e.description}`}>
          <QrCode aria-hidden /> Cobrar
        </Button>
      )}
      {maySettle && e.status === 'open' && (
        <Button size="sm" variant="secondary" onClick={() => on.settle(e)} aria-label={`${settleLabel}: ${e.description}`}>
          <HandCoins aria-hidden /> {settleLabel}
        </Button>
      )}
      {mayWrite && e.kind === 'receivable' && e.paidCents > 0 && (
        <Button size="sm" variant="ghost" onClick={() => on.refund(e)} aria-label={`Devolver ${e.description}`}>
          <Undo2 aria-hidden /> Devolver
        </Button>
      )}
      {maySettle && e.status !== 'open' && e.paidCents > 0 && (
        <Button size="sm" variant="ghost" onClick={() => on.settle(e)} aria-label={`Baixas de ${e.description}`}>
          <WalletCards aria-hidden /> Baixas
        </Button>
      )}
      {mayWrite && e.status !== 'cancelled' && (
        <Button size="sm" variant="ghost" className="px-2" onClick={() => on.edit(e)} aria-label={`Editar ${e.description}`}>
          <Pencil aria-hidden />
        </Button>
      )}
      {mayWrite && e.status === 'open' && e.paidCents === 0 && (
        <Button size="sm" variant="ghost" className="px-2" onClick={() => on.cancel(e, true)} aria-label={`Cancelar ${e.description}`}>
          <Ban aria-hidden />
        </Button>
      )}
      {mayWrite && e.status === 'cancelled' && (
        <Button size="sm" variant="ghost" className="px-2" onClick={() => on.cancel(e, false)} aria-label={`Reabrir ${e.description}`}>
          <RotateCcw aria-hidden />
        </Button>
      )}
      {mayDelete && e.paidCents === 0 && (
        <Button size="sm" variant="ghost" className="px-2" onClick={() => on.remove(e)} aria-label={`Excluir ${e.description}`}>
          <Trash2 aria-hidden />
        </Button>
      )}
    </div>
  );
}
