import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, MessageSquareWarning } from 'lucide-react';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import { longDateTime } from '@sede/shared/format';
import { CHANNEL_LABELS, PIECE_FORMAT_LABELS } from '@sede/shared/marketing/constants';
import { REVIEW_LIMITS, type ApprovalDecision, type PublicApprovalView } from '@sede/shared/marketing/review';
import { Button } from '../../../components/ui/button.tsx';
import { FocusCard } from '../../../components/ui/focus-card.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { FormActions } from '../../../components/ui/form-actions.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { useSubmit } from '../../../lib/use-submit.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { marketingKeys } from '../api/keys.ts';
import { decidePublic, fetchPublicApproval } from '../api/review.ts';


/**
 * /aprovacao/:token — the client approves a creative or asks for changes, without an account
 * (decision 0331). Opening it changes nothing; the decision takes the client's name.
 */
export default function ApprovalPage() {
  const { token = '' } = useParams();
  const info = useQuery({ queryKey: marketingKeys.publicApproval(token), queryFn: () => fetchPublicApproval(token), retry: false, refetchOnWindowFocus: false });

  return (
    <FocusCard wide>
      {info.isPending ? (
        <p className="text-sm text-slate-700">Carregando…</p>
      ) : info.isError ? (
        <div className="grid gap-3">
          <h1 className="text-xl font-semibold text-slate-900">Aprovação de peça</h1>
          <p role="alert" className="text-sm text-red-700">
            {info.error instanceof ApiError && (info.error.status === 404 || info.error.status === 410 || info.error.status === 429) ? info.error.message : 'Não foi possível abrir este link. Tente de novo em instantes.'}
          </p>
          <p className="text-sm text-slate-700">Se precisar aprovar esta peça, peça um novo link a quem enviou.</p>
        </div>
      ) : (
        <Approval token={token} view={info.data} onDecided={() => void info.refetch()} />
      )}
    </FocusCard>
  );
}

function Approval({ token, view, onDecided }: { token: string; view: PublicApprovalView; onDecided: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [comment, setComment] = useState('');
  const [decision, setDecision] = useState<ApprovalDecision>('aprovado');
  const decide = useSubmit(async (chosen: ApprovalDecision) => {
    await decidePublic(token, { decision: chosen, name, comment: comment.trim() || null });
    onDecided();
  }, 'Não foi possível enviar. Tente de novo.');
  const v = view.version;

  const send = (chosen: ApprovalDecision) => {
    setDecision(chosen);
    return decide.submit(chosen);
  };

  return (
    <div className="grid gap-5">
      <div className="grid gap-1">
        <p className="text-sm text-slate-700">
          {view.companyName === view.clientName ? `${view.companyName} pede a sua aprovação` : `${view.companyName} pede a aprovação de ${view.clientName}`}
        </p>
        <h1 className="text-xl font-semibold break-words text-slate-900">{view.piece.title}</h1>
        <p className="text-sm text-slate-700">
          {CHANNEL_LABELS[view.piece.channel]} · {PIECE_FORMAT_LABELS[view.piece.format]}
          {view.piece.scheduledAt ? ` · publicação prevista em ${longDateTime(view.piece.scheduledAt)}` : ''}
        </p>
      </div>

      <section aria-labelledby={`${id}-v`} className="grid gap-3 rounded-xl bg-slate-50 p-4">
        <h2 id={`${id}-v`} className="text-sm font-medium text-slate-900">
          {v ? `Versão ${v.number}` : 'Conteúdo da peça'}
        </h2>
        {!v ? (
          <p className="text-sm text-slate-700" data-testid="approval-nothing">
            A equipe ainda não anexou o conteúdo desta peça. Não há nada para aprovar por enquanto: quando a versão estiver pronta, a equipe enviará um novo link.
          </p>
        ) : (
          <>
            {v.files.map((f) =>
              f.kind === 'image' ? (
                <img key={f.url} src={f.url} alt={f.name} className="max-h-[70vh] w-full rounded-lg object-contain" />
              ) : f.kind === 'video' ? (
                // biome-ignore lint/a11y/useMediaCaption: the client's own creative, without a caption track
                <video key={f.url} src={f.url} controls preload="metadata" className="w-full rounded-lg" aria-label={f.name} />
              ) : (
                <a key={f.url} href={f.url} className="text-sm text-[var(--color-accent)] underline" target="_blank" rel="noreferrer">
                  {f.name}
                </a>
              ),
            )}
            {v.copy && <p className="text-sm whitespace-pre-line text-slate-900">{v.copy}</p>}
            {v.hashtags.length > 0 && <p className="text-sm text-slate-700">{v.hashtags.map((t) => `#${t}`).join(' ')}</p>}
          </>
        )}
      </section>

      {view.decision ? (
        <div role="status" className={`flex items-start gap-3 rounded-xl p-4 ${view.decision.decision === 'aprovado' ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`}>
          {view.decision.decision === 'aprovado' ? <CheckCircle2 className="mt-0.5 size-5 shrink-0" aria-hidden /> : <MessageSquareWarning className="mt-0.5 size-5 shrink-0" aria-hidden />}
          <div className="grid gap-1 text-sm">
            <p className="font-medium">{view.decision.decision === 'aprovado' ? 'Peça aprovada. Obrigado!' : 'Pedido de alterações enviado. Obrigado!'}</p>
            <p>
              {view.decision.name} · {longDateTime(view.decision.at)}
            </p>
            {view.decision.comment && <p className="whitespace-pre-line">{view.decision.comment}</p>}
          </div>
        </div>
      ) : !v ? null : (
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send('aprovado');
          }}
        >
          <Field label="Seu nome">
            <input className={inputClass} value={name} maxLength={REVIEW_LIMITS.reviewerName} autoComplete="name" required onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field label="Comentário">
            <textarea className={`${inputClass} h-24`} maxLength={REVIEW_LIMITS.comment} value={comment} onChange={(e) => setComment(e.target.value)} placeholder="Obrigatório para pedir alterações" />
          </Field>
          <FormActions
            error={decide.error}
            submitLabel={
              <>
                <CheckCircle2 aria-hidden /> Aprovar
              </>
            }
            pending={decide.pending && decision === 'aprovado'}
            disabled={decide.pending}
          >
            <Button type="button" variant="secondary" onClick={() => send('alteracoes')} pending={decide.pending && decision === 'alteracoes'} disabled={decide.pending}>
              <MessageSquareWarning aria-hidden /> Pedir alterações
            </Button>
          </FormActions>
          <p className="text-xs text-slate-600">Este link vale até {longDateTime(view.expiresAt)} e aceita uma resposta. Guardamos seu nome, a decisão e o horário.</p>
        </form>
      )}
    </div>
  );
}
