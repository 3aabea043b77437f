import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import { CHANNEL_LABELS, PIECE_FORMAT_LABELS, PIECE_STATUS_LABELS, PIECE_STATUSES, type PieceStatus } from '@sede/shared/marketing/constants';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { CommentThread } from '../../../../components/collaboration/comment-thread.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { optionsOf } from '../../../../components/ui/filter-bar.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useAuth } from '../../../../lib/session/auth-provider.tsx';
import { marketingKeys } from '../../api/keys.ts';
import { updatePiece, usePiece } from '../../api/pieces.ts';
import { useReview } from '../../api/review.ts';
import { LabeledSelect } from '../labeled-select.tsx';
import { AiCopyPanel } from './ai-copy-panel.tsx';
import { ApprovalPanel } from './approval-panel.tsx';
import { dateTime } from '@sede/shared/format';
import { hashtagLine } from './hashtags.ts';
import { StatusBadge } from './status-badge.tsx';
import { VersionEditor, type VersionDraft } from './version-editor.tsx';
import { VersionMedia } from './version-media.tsx';
import { VersionsList } from './versions-list.tsx';

/** A creative's detail in a side sheet (`?peca=<id>`): fields, current version, approval, AI copy, new version, versions, comments. */
export function PieceSheet({ pieceId, onClose }: { pieceId: string | null; onClose: () => void }) {
  return (
    <DialogPrimitive.Root open={!!pieceId} onOpenChange={(o) => !o && onClose()}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <DialogPrimitive.Content className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col overflow-y-auto bg-white shadow-xl" data-testid="piece-sheet" aria-describedby={undefined}>
          {pieceId && <SheetBody pieceId={pieceId} />}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

function SheetBody({ pieceId }: { pieceId: string }) {
  const id = useId();
  const qc = useQueryClient();
  const { membership } = useAuth();
  const grants = grantsFor(membership);
  const mayWrite = can(grants, 'marketing.write');
  const mayAi = mayWrite && can(grants, 'marketing.ai');
  const piece = usePiece(pieceId);
  const review = useReview(pieceId);
  const [draft, setDraft] = useState<VersionDraft | null>(null);
  const [statusPending, setStatusPending] = useState(false);

  if (piece.isPending || review.isPending) {
    return (
      <>
        <DialogPrimitive.Title className="sr-only">Criativo</DialogPrimitive.Title>
        <div className="p-6">
          <Spinner label="Carregando o criativo" />
        </div>
      </>
    );
  }
  if (piece.isError || review.isError) {
    return (
      <div className="grid gap-3 p-6">
        <DialogPrimitive.Title className="text-lg font-semibold">Criativo</DialogPrimitive.Title>
        <p role="alert" className="text-sm text-red-700">
          {(piece.error ?? review.error) instanceof ApiError ? (piece.error ?? review.error)!.message : 'Não foi possível carregar o criativo.'}
        </p>
        <DialogPrimitive.Close asChild>
          <Button variant="secondary" className="justify-self-start">
            Fechar
          </Button>
        </DialogPrimitive.Close>
      </div>
    );
  }
  const p = piece.data;
  const r = review.data;
  const current = r.versions[0];
  const editing: VersionDraft = draft ?? { copy: current?.copy ?? p.copy ?? '', hashtags: hashtagLine(current?.hashtags ?? p.hashtags), source: 'manual' };

  async function setStatus(status: PieceStatus) {
    setStatusPending(true);
    try {
      await updatePiece(p.id, { status });
      await qc.invalidateQueries({ queryKey: marketingKeys.pieces });
      toast.success(`Status: ${PIECE_STATUS_LABELS[status]}`);
    } catch (e) {
      toast.error('Não foi possível mudar o status', { description: e instanceof ApiError ? e.message : undefined });
    } finally {
      setStatusPending(false);
    }
  }

  return (
    <div className="grid gap-5 p-4 sm:p-6">
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <DialogPrimitive.Title className="text-lg font-semibold break-words text-slate-900">{p.title}</DialogPrimitive.Title>
          <p className="text-sm text-slate-700">
            {p.clientName} · {CHANNEL_LABELS[p.channel]} · {PIECE_FORMAT_LABELS[p.format]}
            {p.scheduledAt ? ` · ${dateTime(p.scheduledAt)}` : ''}
          </p>
          <div className="flex items-center gap-2" data-testid="piece-status">
            <StatusBadge status={p.status} />
            {p.assigneeName && <span className="text-xs text-slate-700">Responsável: {p.assigneeName}</span>}
          </div>
        </div>
        <DialogPrimitive.Close asChild>
          <Button variant="ghost" size="icon" aria-label="Fechar">
            <X aria-hidden />
          </Button>
        </DialogPrimitive.Close>
      </div>

      {mayWrite && (
        <LabeledSelect
          id={`${id}-status`}
          label="Mudar status"
          fieldClassName="grid gap-1 sm:max-w-xs"
          value={p.status}
          disabled={statusPending}
          onChange={(e) => setStatus(e.target.value as PieceStatus)}
          options={optionsOf(PIECE_STATUSES, PIECE_STATUS_LABELS)}
        />
      )}

      {p.brief && (
        <div className="grid gap-1">
          <h3 className="text-sm font-medium text-slate-900">Briefing</h3>
          <p className="text-sm whitespace-pre-line text-slate-700">{p.brief}</p>
        </div>
      )}

      <section aria-labelledby={`${id}-cur`} className="grid gap-2 rounded-xl bg-slate-50 p-4">
        <h3 id={`${id}-cur`} className="font-medium text-slate-900">
          {current ? `Versão atual (${current.number})` : 'Texto atual'}
        </h3>
        {(current?.copy ?? p.copy) ? <p className="text-sm whitespace-pre-line text-slate-800">{current?.copy ?? p.copy}</p> : <p className="text-sm text-slate-600">Ainda sem texto. Escreva na nova versão ou gere com a IA.</p>}
        {(current?.hashtags ?? p.hashtags).length > 0 && <p className="text-sm text-slate-700">{hashtagLine(current?.hashtags ?? p.hashtags)}</p>}
        {current && <VersionMedia files={current.files} />}
      </section>

      <ApprovalPanel piece={p} review={r} mayWrite={mayWrite} />
      {mayAi && <AiCopyPanel piece={p} saved={r.aiCopy} onPick={(copy, hashtags) => setDraft({ copy, hashtags: hashtagLine(hashtags), source: 'ia' })} />}
      {mayWrite && <VersionEditor key={current?.id ?? 'none'} piece={p} draft={editing} setDraft={setDraft} onSaved={() => setDraft(null)} />}
      <VersionsList pieceId={p.id} versions={r.versions} mayWrite={mayWrite} />
      <CommentThread entityType="marketing_piece" entityId={p.id} />
    </div>
  );
}
