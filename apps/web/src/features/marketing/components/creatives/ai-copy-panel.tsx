import { Sparkles } from 'lucide-react';
import { useId, useState } from 'react';
import { MARKETING_LIMITS as L } from '@sede/shared/marketing/constants';
import type { PieceView } from '@sede/shared/marketing/pieces';
import type { CreativeCopy, PieceReview } from '@sede/shared/marketing/review';
import { newRequestId, PaidActionButton } from '../../../../components/paid-action/paid-action-button.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClass } from '../../../../components/ui/input.tsx';
import { useAuth } from '../../../../lib/session/auth-provider.tsx';
import { generateCopy } from '../../api/review.ts';
import { dateTime } from '@sede/shared/format';
import { hashtagLine } from './hashtags.ts';

/**
 * 'Texto com IA' (ai.creative_copy): from the brief and the client's brand kit, captions, hashtags
 * and ad variants; nothing changes until the person picks one into a new version. The last
 * proposal is kept on the piece (`saved`), so a reload or a colleague still sees what was paid for.
 */
export function AiCopyPanel({ piece, saved, onPick }: { piece: PieceView; saved: PieceReview['aiCopy']; onPick: (copy: string, hashtags: string[]) => void }) {
  const { company } = useAuth();
  const id = useId();
  const [brief, setBrief] = useState(piece.brief ?? '');
  const [fresh, setResult] = useState<CreativeCopy | null>(null);
  const result = fresh ?? saved?.copy ?? null;
  const ready = brief.trim().length > 0;
  return (
    <section aria-labelledby={`${id}-t`} className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <h3 id={`${id}-t`} className="flex items-center gap-2 font-medium text-slate-900">
        <Sparkles className="size-4 text-[var(--color-accent)]" aria-hidden /> Texto com IA
      </h3>
      <label htmlFor={`${id}-b`} className="text-sm text-slate-700">
        Briefing: o que a peça deve dizer, para quem, a oferta. A IA segue o kit de marca do cliente (tom de voz, público).
      </label>
      <textarea id={`${id}-b`} className={`${inputClass} h-24`} maxLength={L.brief} value={brief} onChange={(e) => setBrief(e.target.value)} />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {ready ? (
          <PaidActionButton
            action="ai.creative_copy"
            balance={company?.currency_amount}
            successMessage="Sugestões prontas. Escolha uma para criar a nova versão."
            run={async () => {
              const r = await generateCopy(piece.id, { requestId: newRequestId(), brief: brief.trim() });
              setResult(r.copy);
              return { charged: r.charged, balance: r.balance };
            }}
          />
        ) : (
          <span className="text-xs text-slate-600">Escreva o briefing para gerar o texto.</span>
        )}
      </div>
      {result && (
        <div className="grid gap-3" data-testid="ai-copy-result">
          <h4 className="text-sm font-medium text-slate-900">Legendas sugeridas</h4>
          {!fresh && saved && <p className="text-xs text-slate-600">Sugestões geradas em {dateTime(saved.at)}.</p>}
          <ul className="grid gap-2">
            {result.captions.map((c) => (
              <li key={c} className="grid gap-2 rounded-lg bg-slate-50 p-3">
                <p className="text-sm whitespace-pre-line text-slate-800">{c}</p>
                <Button size="sm" variant="secondary" className="justify-self-end" onClick={() => onPick(c, result.hashtags)}>
                  Usar esta legenda
                </Button>
              </li>
            ))}
          </ul>
          {result.hashtags.length > 0 && <p className="text-sm text-slate-700">{hashtagLine(result.hashtags)}</p>}
          {result.adVariants.length > 0 && (
            <>
              <h4 className="text-sm font-medium text-slate-900">Variações de anúncio</h4>
              <ul className="grid gap-2">
                {result.adVariants.map((a) => (
                  <li key={`${a.headline}\n${a.text}`} className="grid gap-1 rounded-lg bg-slate-50 p-3">
                    <p className="text-sm font-medium text-slate-900">{a.headline}</p>
                    <p className="text-sm text-slate-800">{a.text}</p>
                    <Button size="sm" variant="secondary" className="justify-self-end" onClick={() => onPick(`${a.headline}\n\n${a.text}`, result.hashtags)}>
                      Usar este anúncio
                    </Button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}
