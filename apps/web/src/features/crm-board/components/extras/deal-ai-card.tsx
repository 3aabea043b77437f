import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Sparkles, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useId } from 'react';
import { CHANNEL_LABELS, type Insight } from '@sede/shared/crm/ai';
import type { PaidAction } from '@sede/shared/platform/prices';
import { PaidActionButton, type PaidActionRunResult } from '../../../../components/paid-action/paid-action-button.tsx';
import { cn } from '../../../../lib/cn.ts';
import { dateTime } from '@sede/shared/format';
import { useAuth } from '../../../../lib/session/auth-provider.tsx';
import { dealExtrasKeys } from '../../api/extras/keys.ts';
import { getDealInsights } from '../../api/extras/get-deal-insights.ts';
import { runDealInsight, type InsightPath } from '../../api/extras/run-deal-insight.ts';

const SCORE_TONE = { frio: 'bg-sky-50 text-sky-900', morno: 'bg-amber-50 text-amber-900', quente: 'bg-red-50 text-red-900' } as const;
const SCORE_LABEL = { frio: 'Frio', morno: 'Morno', quente: 'Quente' } as const;

/**
 * The AI card of a deal (decision 0162): summary, next step and lead score, each a
 * paid action with its price on the button; the stored answers show as structured sections
 * without paying again. With no AI configured the buttons say how to configure it.
 */
export function DealAiCard({ dealId }: { dealId: string }) {
  const headingId = useId();
  const qc = useQueryClient();
  const insights = useQuery({ queryKey: dealExtrasKeys.insights(dealId), queryFn: () => getDealInsights(dealId) });
  const run = (kind: InsightPath) => async () => {
    const r = await runDealInsight(dealId, kind);
    await qc.invalidateQueries({ queryKey: dealExtrasKeys.insights(dealId) });
    return r;
  };
  const latest = insights.data?.latest ?? {};
  return (
    <section aria-labelledby={headingId} className="grid gap-4" data-testid="deal-ai-card">
      <h3 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
        <Sparkles className="size-4 text-[var(--color-accent)]" aria-hidden /> Inteligência artificial
      </h3>
      {insights.isError && (
        <p role="alert" className="text-sm text-red-700">
          Não foi possível carregar as análises.
        </p>
      )}

      <InsightBlock title="Resumo do negócio" insight={latest.summary} action="ai.deal_summary" run={run('summary')}>
        {latest.summary?.kind === 'summary' && (
          <div className="grid gap-2 text-sm text-slate-800">
            <p>{latest.summary.result.resumo}</p>
            <List title="Pontos-chave" items={latest.summary.result.pontosChave} />
            <List title="Riscos" items={latest.summary.result.riscos} />
          </div>
        )}
      </InsightBlock>

      <InsightBlock title="Próximo passo sugerido" insight={latest.next_step} action="ai.next_step" run={run('next-step')}>
        {latest.next_step?.kind === 'next_step' && (
          <dl className="grid gap-1 text-sm text-slate-800">
            <div>
              <dt className="sr-only">Ação</dt>
              <dd className="font-medium">{latest.next_step.result.acao}</dd>
            </div>
            <div>
              <dt className="sr-only">Por quê</dt>
              <dd>{latest.next_step.result.justificativa}</dd>
            </div>
            <div className="flex gap-1 text-slate-600">
              <dt>Canal e prazo:</dt>
              <dd>
                {CHANNEL_LABELS[latest.next_step.result.canal]} · em até {latest.next_step.result.prazoSugeridoDias} dia(s) útil(eis)
              </dd>
            </div>
          </dl>
        )}
      </InsightBlock>

      <InsightBlock title="Pontuação do lead" insight={latest.lead_score} action="ai.lead_score" run={run('lead-score')}>
        {latest.lead_score?.kind === 'lead_score' && (
          <div className="grid gap-2 text-sm text-slate-800">
            <p className="flex items-center gap-2">
              <span className="text-2xl font-semibold tabular-nums" data-testid="lead-score">{latest.lead_score.result.pontuacao}</span>
              <span className="text-slate-600">de 100</span>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', SCORE_TONE[latest.lead_score.result.classificacao])}>
                {SCORE_LABEL[latest.lead_score.result.classificacao]}
              </span>
            </p>
            <ul className="grid gap-1" aria-label="Motivos da pontuação">
              {latest.lead_score.result.motivos.map((m) => (
                <li key={`${m.fator}-${m.explicacao}`} className="flex gap-2">
                  {m.impacto === 'positivo' ? <ThumbsUp className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-label="Positivo" /> : <ThumbsDown className="mt-0.5 size-4 shrink-0 text-red-700" aria-label="Negativo" />}
                  <span>
                    <span className="font-medium">{m.fator}:</span> {m.explicacao}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </InsightBlock>
    </section>
  );
}

/** One stored answer (when, by whom) above its paid action, which asks the AI again. */
function InsightBlock({ title, insight, action, run, children }: { title: string; insight: Insight | undefined; action: PaidAction; run: () => Promise<PaidActionRunResult>; children: React.ReactNode }) {
  const { company } = useAuth();
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-baseline justify-between gap-1">
        <h4 className="text-sm font-semibold text-slate-900">{title}</h4>
        {insight && (
          <p className="text-xs text-slate-600">
            {dateTime(insight.createdAt)}
            {insight.createdByName ? ` · ${insight.createdByName}` : ''}
          </p>
        )}
      </div>
      {children}
      <PaidActionButton action={action} balance={company?.currency_amount} run={run} variant="secondary" />
    </div>
  );
}

function List({ title, items }: { title: string; items: string[] }) {
  if (!items.length) return null;
  return (
    <div>
      <p className="font-medium">{title}</p>
      <ul className="list-disc pl-5">
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ul>
    </div>
  );
}
