import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { RotateCcw, ThumbsDown, ThumbsUp, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast.ts';
import type { Deal, DealLostInput, DealWonInput, Pipeline } from '@sede/shared/crm/deals';
import { CommentThread } from '../../../components/collaboration/comment-thread.tsx';
import { TaskList } from '../../../components/collaboration/task-list.tsx';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { SideSheet } from '../../../components/ui/side-sheet.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { deleteDeal, dealQueryOptions, loseDeal, reopenDeal, updateDeal, winDeal } from '../api/deals.ts';
import { crmKeys } from '../api/keys.ts';
import { SaleBilling } from '../../finance-billing/public.ts';
import { DealExtraSections } from './deal-extra-sections.tsx';
import { DealForm } from './deal-form.tsx';
import { CloseDialog } from './close-dialog.tsx';
import { money } from '@sede/shared/format';
import { DialogCloseButton } from '../../../components/ui/dialog-close-button.tsx';

const STATUS: Record<Deal['status'], { label: string; cls: string }> = {
  open: { label: 'Em aberto', cls: 'bg-sky-100 text-sky-900' },
  won: { label: 'Ganho', cls: 'bg-emerald-100 text-emerald-900' },
  lost: { label: 'Perdido', cls: 'bg-red-100 text-red-900' },
};

const message = (e: unknown) => (e instanceof ApiError ? e.message : 'Tente de novo em instantes.');

/** A deal's side panel (a Radix Dialog as a sheet; full screen on phones): details, editing, timeline. */
export function DealPanel({ dealId, pipeline, currentUserId, canDelete, onClose }: { dealId: string | null; pipeline: Pipeline | undefined; currentUserId: string; canDelete: boolean; onClose: () => void }) {
  return (
    <SideSheet open={Boolean(dealId)} onClose={onClose} testId="crm-deal-panel" title="Negócio">
      {dealId && <PanelBody dealId={dealId} pipeline={pipeline} currentUserId={currentUserId} canDelete={canDelete} onClose={onClose} />}
    </SideSheet>
  );
}

function PanelBody({ dealId, pipeline, currentUserId, canDelete, onClose }: { dealId: string; pipeline: Pipeline | undefined; currentUserId: string; canDelete: boolean; onClose: () => void }) {
  const qc = useQueryClient();
  const confirm = useConfirm();
  const { permissions } = useAuth();
  const deal = useQuery(dealQueryOptions(dealId));
  const [closing, setClosing] = useState<'won' | 'lost' | null>(null);
  const done = (d: Deal, text: string) => {
    qc.setQueryData(crmKeys.deal(d.id), d);
    void qc.invalidateQueries({ queryKey: crmKeys.boards });
    toast.success(text);
  };
  const save = useMutation({ mutationFn: (input: Parameters<typeof updateDeal>[1]) => updateDeal(dealId, input), onSuccess: (d) => done(d, 'Negócio salvo.'), onError: (e) => toast.error('Não foi possível salvar', { description: message(e) }) });
  const close = useMutation({
    mutationFn: (input: { kind: 'won'; data: DealWonInput } | { kind: 'lost'; data: DealLostInput }) => (input.kind === 'won' ? winDeal(dealId, input.data) : loseDeal(dealId, input.data)),
    onSuccess: (d) => {
      setClosing(null);
      done(d, d.status === 'won' ? 'Negócio ganho! 🎉' : 'Negócio marcado como perdido.');
    },
    onError: (e, input) => toast.error(input.kind === 'won' ? 'Não foi possível marcar como ganho' : 'Não foi possível marcar como perdido', { description: message(e) }),
  });
  const reopen = useMutation({ mutationFn: () => reopenDeal(dealId), onSuccess: (d) => done(d, 'Negócio reaberto.'), onError: (e) => toast.error('Não foi possível reabrir', { description: message(e) }) });
  const remove = useMutation({
    mutationFn: () => deleteDeal(dealId),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: crmKeys.boards });
      toast.success('Negócio excluído.');
      onClose();
    },
    onError: (e) => toast.error('Não foi possível excluir', { description: message(e) }),
  });

  if (deal.isPending) {
    return (
      <div className="grid flex-1 place-items-center p-6">
        <DialogPrimitive.Title className="sr-only">Carregando negócio</DialogPrimitive.Title>
        <Spinner />
      </div>
    );
  }
  if (deal.isError) {
    return (
      <div className="grid gap-4 p-6">
        <DialogPrimitive.Title className="text-lg font-semibold">Negócio não encontrado</DialogPrimitive.Title>
        <p className="text-sm text-slate-700">{message(deal.error)}</p>
        <Button variant="secondary" onClick={onClose}>
          Fechar
        </Button>
      </div>
    );
  }
  const d = deal.data;
  const stage = pipeline?.stages.find((s) => s.id === d.stageId);
  const status = STATUS[d.status];
  return (
    <>
      <header className="sticky top-0 z-10 flex items-start gap-3 border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className="min-w-0 flex-1">
          <DialogPrimitive.Title className="break-words text-lg font-semibold text-slate-900">{d.title}</DialogPrimitive.Title>
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${status.cls}`}>{status.label}</span>
            <span>{money(d.valueCents)}</span>
            {stage && <span>· {stage.name}</span>}
          </p>
          {d.organizationName && <p className="mt-0.5 truncate text-sm text-slate-700">{d.organizationName}</p>}
          {d.status === 'lost' && d.lostReason && (
            <p className="mt-1 text-sm text-red-800">
              Motivo: {d.lostReason}
              {d.lostNote ? ` — ${d.lostNote}` : ''}
            </p>
          )}
          {d.status === 'won' && (d.wonReason || d.wonNote) && (
            <p className="mt-1 text-sm text-emerald-800">
              {d.wonReason ? `Motivo: ${d.wonReason}${d.wonNote ? ` — ${d.wonNote}` : ''}` : d.wonNote}
            </p>
          )}
        </div>
        <DialogCloseButton />
      </header>
      <div className="grid gap-6 px-4 py-4 sm:px-6">
        <div className="flex flex-wrap gap-2">
          {d.status === 'open' ? (
            <>
              <Button className="bg-emerald-700 hover:bg-emerald-800" onClick={() => setClosing('won')}>
                <ThumbsUp aria-hidden /> Ganho
              </Button>
              <Button variant="secondary" className="text-red-800" onClick={() => setClosing('lost')}>
                <ThumbsDown aria-hidden /> Perdido
              </Button>
            </>
          ) : (
            <Button variant="secondary" onClick={() => reopen.mutate()} pending={reopen.isPending}>
              <RotateCcw aria-hidden /> Reabrir
            </Button>
          )}
          {d.status === 'won' && <SaleBilling type="deal" id={d.id} />}
          {canDelete && (
            <Button
              variant="ghost"
              className="ml-auto text-red-800"
              pending={remove.isPending}
              onClick={async () => {
                if (await confirm.ask({ title: 'Excluir este negócio?', description: 'As atividades e os comentários dele vão junto. Esta ação não pode ser desfeita.', confirmLabel: 'Excluir', destructive: true })) remove.mutate();
              }}
            >
              <Trash2 aria-hidden /> Excluir
            </Button>
          )}
        </div>
        <section aria-labelledby="crm-panel-details" className="grid gap-3">
          <h3 id="crm-panel-details" className="text-base font-semibold text-slate-900">
            Detalhes
          </h3>
          <DealForm
            deal={d}
            stages={pipeline?.stages ?? []}
            defaultStageId={d.stageId}
            currentUserId={currentUserId}
            submitLabel="Salvar alterações"
            pending={save.isPending}
            onSubmit={({ stageId: _stage, ...input }) => save.mutate(input)}
          />
        </section>
        <TaskList entityType="deal" entityId={d.id} title="Atividades" />
        <CommentThread entityType="deal" entityId={d.id} title="Comentários" />
        <FileManager entityType="deal" entityId={d.id} kinds={['document', 'image']} />
        {permissions.canAccessComercial && (
          <Link to={`/analise-reunioes?negocio=${d.id}`} className="w-fit text-sm text-[var(--color-accent)] underline">
            Reuniões analisadas deste negócio
          </Link>
        )}
        <DealExtraSections dealId={d.id} />
      </div>
      <CloseDialog
        kind={closing}
        onOpenChange={(o) => !o && setClosing(null)}
        pending={close.isPending}
        onConfirm={(data) => closing && close.mutate(closing === 'won' ? { kind: 'won', data: data as DealWonInput } : { kind: 'lost', data: data as DealLostInput })}
      />
      {confirm.dialog}
    </>
  );
}
