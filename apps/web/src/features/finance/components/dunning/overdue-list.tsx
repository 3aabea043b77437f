import { useQueryClient } from '@tanstack/react-query';
import type { OverdueItem } from '@sede/shared/finance/dunning';
import { dayOf, day, money } from '@sede/shared/format';
import { CircleCheck, PauseCircle, PlayCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { Badge } from '../../../../components/ui/badge.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { type DataColumn, DataList } from '../../../../components/ui/data-list.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { dunningKeys, pauseCustomer, resumeCustomer, useOverdue } from '../../api/dunning.ts';

const lateTone = (d: number) => (d > 30 ? 'bg-red-100 text-red-900' : d > 7 ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-800');
const daysLate = (d: number) => `${d} ${d === 1 ? 'dia' : 'dias'} de atraso`;

/**
 * Inadimplência (decision 0582): the open receivables past due, the oldest first, with days late,
 * the customer, what is open and the last reminder; the count and total of all of them; pausing
 * or resuming a customer's reminders from their row.
 */
export function OverdueList({ mayWrite }: { mayWrite: boolean }) {
  const overdue = useOverdue();
  // A receivable paid, edited or charged elsewhere (a settlement, another member) leaves or changes the list at once.
  useLiveInvalidate('fin_entry', dunningKeys.overdue);
  useLiveInvalidate('fin_charge', dunningKeys.overdue);
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<string | null>(null);

  const columns = useMemo((): DataColumn<OverdueItem>[] => {
    const toggle = async (row: OverdueItem) => {
      if (!row.customer) return;
      setPending(row.entryId);
      try {
        if (row.pauseId) {
          await resumeCustomer(row.pauseId);
          toast.success(`Régua retomada para ${row.customer.name}.`);
        } else {
          await pauseCustomer({ partyType: row.customer.type, partyId: row.customer.id });
          toast.success(`Régua pausada para ${row.customer.name}.`);
        }
        await queryClient.invalidateQueries({ queryKey: dunningKeys.all });
      } catch (err) {
        toast.error(err instanceof ApiError ? err.message : 'Não foi possível concluir. Tente novamente.');
      } finally {
        setPending(null);
      }
    };
    return [
      { id: 'customer', header: 'Cliente', card: 'title', cell: (r) => <span className="font-medium text-slate-900">{r.customer?.name || 'Sem cliente'}</span> },
      { id: 'description', header: 'Descrição', card: 'subtitle', cell: (r) => r.description },
      {
        id: 'late',
        header: 'Atraso',
        card: 'badge',
        cell: (r) => (
          <Badge tone={lateTone(r.daysLate)} className="whitespace-nowrap" title={`Venceu em ${day(r.dueDate)}`}>
            {daysLate(r.daysLate)}
          </Badge>
        ),
      },
      { id: 'due', header: 'Vencimento', card: 'meta', cell: (r) => day(r.dueDate) },
      { id: 'open', header: 'Em aberto', card: 'meta', align: 'right', cell: (r) => <span className="tabular-nums">{money(r.openCents)}</span> },
      {
        id: 'reminder',
        header: 'Último lembrete',
        card: 'meta',
        cell: (r) => (r.pauseId ? <span className="text-amber-800">Pausada</span> : r.lastReminderAt ? dayOf(r.lastReminderAt) : 'Nenhum'),
      },
      {
        id: 'actions',
        header: 'Ações',
        headerHidden: true,
        card: 'actions',
        align: 'right',
        cell: (r) =>
          mayWrite && r.customer ? (
            <Button size="sm" variant="ghost" pending={pending === r.entryId} onClick={() => toggle(r)} aria-label={`${r.pauseId ? 'Retomar' : 'Pausar'} a régua de ${r.customer.name}`}>
              {r.pauseId ? <PlayCircle aria-hidden /> : <PauseCircle aria-hidden />} {r.pauseId ? 'Retomar régua' : 'Pausar régua'}
            </Button>
          ) : null,
      },
    ];
  }, [mayWrite, pending, queryClient]);

  const data = overdue.data;
  return (
    <section className="grid gap-3" aria-labelledby="overdue-title">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="overdue-title" className="text-lg font-semibold text-slate-900">
          Contas vencidas
        </h2>
        {data && data.count > 0 && (
          <p className="text-sm text-slate-700" data-testid="overdue-total">
            {data.count} {data.count === 1 ? 'conta vencida' : 'contas vencidas'} · Total em aberto <strong className="tabular-nums text-red-800">{money(data.totalCents)}</strong>
          </p>
        )}
      </div>
      <DataList
        label="Contas vencidas"
        rows={data?.items ?? []}
        rowId={(r) => r.entryId}
        columns={columns}
        query={overdue}
        rowTestId="overdue-row"
        states={{
          icon: CircleCheck,
          loading: 'Carregando as contas vencidas…',
          failed: 'Não foi possível carregar as contas vencidas.',
          empty: { title: 'Nenhuma conta vencida', description: 'Todas as contas a receber estão em dia.' },
        }}
      />
      {data && data.count > data.items.length && <p className="text-xs text-slate-600">Mostrando as {data.items.length} mais antigas de {data.count}.</p>}
    </section>
  );
}
