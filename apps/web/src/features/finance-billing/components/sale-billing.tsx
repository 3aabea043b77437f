import { useQueryClient } from '@tanstack/react-query';
import type { FinEntry } from '@sede/shared/finance/entries';
import type { NfseRejection } from '@sede/shared/finance/nfse';
import { day, money } from '@sede/shared/format';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { QrCode, ReceiptText } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { ChargeDialog, getEntry } from '../../finance/public.ts';
import { billOrigin, invoiceOrigin, useBillingState } from '../api/billing.ts';
import { billingKeys } from '../api/keys.ts';

const STATUS: Record<string, { label: string; tone: string }> = {
  open: { label: 'A receber', tone: 'bg-sky-100 text-sky-900' },
  paid: { label: 'Recebido', tone: 'bg-emerald-100 text-emerald-900' },
  cancelled: { label: 'Cancelada', tone: 'bg-slate-200 text-slate-800' },
};

const failure = (err: unknown, fallback: string) => {
  if (!(err instanceof ApiError)) return fallback;
  const rejections = Array.isArray(err.body?.rejections) ? (err.body.rejections as NfseRejection[]) : [];
  const first = rejections[0];
  return first ? `${err.message} ${first.code} — ${first.description}${first.hint ? ` O que fazer: ${first.hint}` : ''}` : err.message;
};

/**
 * 'Cobrar' and 'Emitir nota' on an accepted quote or a won deal (decision 0546): the receivable
 * it has in Financeiro (created by the first 'Cobrar', never twice), its charge dialog, and its
 * NFS-e. Shown to members who read Financeiro; the buttons to those who may write in it.
 */
export function SaleBilling({ type, id, compact = false }: { type: 'quote' | 'deal'; id: string; compact?: boolean }) {
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  const mayRead = can(grants, 'finance.read');
  const mayWrite = can(grants, 'finance.write');
  const queryClient = useQueryClient();
  const state = useBillingState(type, id, mayRead);
  useLiveInvalidate('fin_entry', billingKeys.origin(type, id));
  useLiveInvalidate('fin_charge', billingKeys.origin(type, id));
  const [charging, setCharging] = useState<FinEntry | null>(null);
  const [pending, setPending] = useState<'charge' | 'invoice' | null>(null);
  if (!mayRead || !state.data) return null;
  const { entry, invoice } = state.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: billingKeys.origin(type, id) });

  const charge = async () => {
    setPending('charge');
    try {
      let entryId = entry?.id;
      if (!entryId) {
        try {
          entryId = (await billOrigin(type, id)).entry.id;
          toast.success('Conta a receber criada no Financeiro.');
        } catch (err) {
          // Someone billed it a moment ago: open that one.
          if (err instanceof ApiError && err.code === 'ALREADY_BILLED' && typeof err.body?.entryId === 'string') entryId = err.body.entryId;
          else throw err;
        }
        await refresh();
      }
      setCharging(await getEntry(entryId));
    } catch (err) {
      toast.error(failure(err, 'Não foi possível cobrar agora.'));
    } finally {
      setPending(null);
    }
  };
  const issue = async () => {
    setPending('invoice');
    try {
      const done = await invoiceOrigin(type, id);
      toast.success(`Nota fiscal nº ${done.number} emitida e enviada ao cliente.`);
      await refresh();
    } catch (err) {
      toast.error(failure(err, 'Não foi possível emitir a nota.'), { duration: 10_000 });
    } finally {
      setPending(null);
    }
  };
  const status = entry ? (STATUS[entry.status] ?? STATUS.open!) : null;
  const canCharge = !entry || entry.status === 'open';
  const liveInvoice = invoice?.status === 'authorized';
  const size = compact ? 'sm' : 'md';

  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid={`sale-billing-${type}`}>
      {entry && status && (
        <span className="flex flex-wrap items-center gap-1.5 text-slate-700" title={`${money(entry.amountCents)} · vence ${day(entry.dueDate)}`}>
          <Badge tone={status.tone}>{status.label}</Badge>
          {!compact && `${money(entry.amountCents)} · vence ${day(entry.dueDate)}`}
        </span>
      )}
      {liveInvoice && <Badge tone="bg-emerald-100 text-emerald-900">NFS-e nº {invoice.number}</Badge>}
      {mayWrite && canCharge && (
        <Button type="button" size={size} variant={compact ? 'ghost' : 'secondary'} onClick={charge} pending={pending === 'charge'} aria-label={`Cobrar ${type === 'quote' ? 'o orçamento' : 'o negócio'}`}>
          <QrCode aria-hidden /> Cobrar
        </Button>
      )}
      {mayWrite && !liveInvoice && entry?.status !== 'cancelled' && (
        <Button type="button" size={size} variant={compact ? 'ghost' : 'secondary'} onClick={issue} pending={pending === 'invoice'} aria-label={`Emitir nota ${type === 'quote' ? 'do orçamento' : 'do negócio'}`}>
          <ReceiptText aria-hidden /> Emitir nota
        </Button>
      )}
      {charging && <ChargeDialog key={charging.id} entry={charging} onClose={() => setCharging(null)} mayWrite={mayWrite} />}
    </div>
  );
}
