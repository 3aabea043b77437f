import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, Link2, MessageSquareWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from '../../../../lib/toast.ts';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { APPROVAL_DECISION_LABELS, APPROVAL_LINK_STATUS_LABELS, REVIEW_LIMITS, REVIEW_MESSAGES, versionHasContent, type PieceReview } from '@sede/shared/marketing/review';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClass } from '../../../../components/ui/input.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { marketingKeys } from '../../api/keys.ts';
import { createApprovalLink, decide, revokeApprovalLink } from '../../api/review.ts';
import { dateTime } from '@sede/shared/format';

/**
 * Approval: a member approves or asks for changes (with a comment); the client approves through
 * a link without an account that expires in 7 days (shown once: only its hash is kept); the
 * history of decisions.
 */
export function ApprovalPanel({ piece, review, mayWrite }: { piece: PieceView; review: PieceReview; mayWrite: boolean }) {
  const id = useId();
  const qc = useQueryClient();
  const [comment, setComment] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newUrl, setNewUrl] = useState<string | null>(null);
  // A link asks the client to approve the current version: only one with text or a file (decision 0391).
  const current = review.versions[0];
  const canSendLink = !!current && versionHasContent(current);
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: marketingKeys.piece(piece.id) });
    await qc.invalidateQueries({ queryKey: marketingKeys.pieces });
  };

  async function run(key: string, work: () => Promise<void>) {
    setPending(key);
    setError(null);
    try {
      await work();
      await refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'Não foi possível concluir. Tente de novo.');
    } finally {
      setPending(null);
    }
  }

  const approve = () =>
    run('aprovado', async () => {
      const r = await decide(piece.id, { decision: 'aprovado', comment: comment.trim() || null });
      setComment('');
      toast.success(r.waitingForClient ? 'Aprovação registrada. A peça aguarda a aprovação do cliente.' : 'Peça aprovada');
    });
  const askChanges = () =>
    run('alteracoes', async () => {
      await decide(piece.id, { decision: 'alteracoes', comment: comment.trim() || null });
      setComment('');
      toast.success('Alterações pedidas. A peça voltou para produção.');
    });
  const newLink = () =>
    run('link', async () => {
      const r = await createApprovalLink(piece.id);
      setNewUrl(r.url);
    });

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copiado');
    } catch {
      toast.error('Não foi possível copiar. Selecione o link e copie.');
    }
  }

  return (
    <section aria-labelledby={`${id}-t`} className="grid gap-4 rounded-xl border border-slate-200 p-4">
      <h3 id={`${id}-t`} className="font-medium text-slate-900">
        Aprovação
      </h3>
      {review.clientApproval && (
        <p className={`rounded-lg px-3 py-2 text-sm ${review.clientApproved ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`} data-testid="client-approval-state">
          {review.clientApproved ? 'O cliente aprovou a versão atual.' : 'Esta empresa cliente aprova as peças: a peça só pode ser aprovada ou agendada depois da aprovação do cliente pelo link.'}
        </p>
      )}

      {mayWrite && piece.status !== 'publicado' && (
        <div className="grid gap-2">
          <label htmlFor={`${id}-c`} className="text-sm font-medium text-slate-800">
            Comentário da revisão
          </label>
          <textarea id={`${id}-c`} className={`${inputClass} h-20`} maxLength={REVIEW_LIMITS.comment} value={comment} onChange={(e) => setComment(e.target.value)} placeholder="Obrigatório para pedir alterações" />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={askChanges} pending={pending === 'alteracoes'}>
              <MessageSquareWarning aria-hidden /> Pedir alterações
            </Button>
            <Button onClick={approve} pending={pending === 'aprovado'}>
              <Check aria-hidden /> Aprovar
            </Button>
          </div>
        </div>
      )}

      {mayWrite && piece.status !== 'publicado' && (
        <div className="grid gap-2 border-t border-slate-200 pt-3">
          <h4 className="text-sm font-medium text-slate-900">Aprovação do cliente</h4>
          <p className="text-sm text-slate-700">Gere um link para o cliente ver a versão atual e aprovar ou pedir alterações, sem criar conta. O link vale {REVIEW_LIMITS.linkDays} dias e aceita uma resposta.</p>
          <Button variant="secondary" className="justify-self-start" onClick={newLink} pending={pending === 'link'} disabled={!canSendLink} aria-describedby={canSendLink ? undefined : `${id}-nolink`}>
            <Link2 aria-hidden /> Gerar link de aprovação
          </Button>
          {!canSendLink && (
            <p id={`${id}-nolink`} className="text-sm text-amber-800" data-testid="approval-link-blocked">
              {REVIEW_MESSAGES.nothingToSend}
            </p>
          )}
          {newUrl && (
            <div className="grid gap-1 rounded-lg bg-slate-50 p-3">
              <label htmlFor={`${id}-url`} className="text-xs font-medium text-slate-800">
                Link para o cliente (copie agora: ele não será mostrado de novo)
              </label>
              <div className="flex gap-2">
                <input id={`${id}-url`} readOnly value={newUrl} className={`${inputClass} min-w-0 flex-1`} data-testid="approval-url" onFocus={(e) => e.target.select()} />
                <Button variant="secondary" size="icon" aria-label="Copiar link" onClick={() => copy(newUrl)}>
                  <Copy aria-hidden />
                </Button>
              </div>
            </div>
          )}
        </div>
      )}

      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}

      {review.links.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-medium text-slate-900">Links enviados</h4>
          <ul className="grid gap-2">
            {review.links.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm">
                <span className="text-slate-800">
                  {APPROVAL_LINK_STATUS_LABELS[l.status]} · criado {dateTime(l.createdAt)}
                  {l.status === 'ativo' ? ` · vale até ${dateTime(l.expiresAt)}` : ''}
                </span>
                {mayWrite && l.status === 'ativo' && (
                  <Button size="sm" variant="ghost" pending={pending === l.id} onClick={() => run(l.id, async () => void (await revokeApprovalLink(piece.id, l.id)))}>
                    Cancelar link
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="grid gap-2">
        <h4 className="text-sm font-medium text-slate-900">Histórico</h4>
        {review.approvals.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhuma decisão ainda.</p>
        ) : (
          <ol className="grid gap-2" data-testid="approval-history">
            {review.approvals.map((a) => (
              <li key={a.id} className="grid gap-1 rounded-lg bg-slate-50 px-3 py-2 text-sm">
                <span className="font-medium text-slate-900">
                  {APPROVAL_DECISION_LABELS[a.decision]} {a.source === 'cliente' ? 'pelo cliente' : 'pela equipe'}
                </span>
                <span className="text-xs text-slate-700">
                  {a.reviewerName ?? 'Alguém'} · {dateTime(a.createdAt)}
                  {a.versionNumber ? ` · versão ${a.versionNumber}` : ''}
                </span>
                {a.comment && <p className="whitespace-pre-line text-slate-800">{a.comment}</p>}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
