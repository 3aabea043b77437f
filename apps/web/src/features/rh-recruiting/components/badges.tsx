import {
  CANDIDATE_STAGE_LABELS,
  OPENING_STATUS_LABELS,
  RECOMMENDATION_LABELS,
  type CandidateStage,
  type OpeningStatus,
  type Recommendation,
} from '@sede/shared/recruiting/schemas';

const pill = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

const OPENING_TONES: Record<OpeningStatus, string> = { aberta: 'bg-emerald-100 text-emerald-900', pausada: 'bg-amber-100 text-amber-900', fechada: 'bg-slate-200 text-slate-800' };
export const OpeningStatusBadge = ({ status }: { status: OpeningStatus }) => <span className={`${pill} ${OPENING_TONES[status]}`}>{OPENING_STATUS_LABELS[status]}</span>;

const STAGE_TONES: Record<CandidateStage, string> = {
  triagem: 'bg-slate-100 text-slate-800',
  entrevista: 'bg-sky-100 text-sky-900',
  proposta: 'bg-violet-100 text-violet-900',
  contratado: 'bg-emerald-100 text-emerald-900',
  recusado: 'bg-red-100 text-red-900',
};
export const StageBadge = ({ stage }: { stage: CandidateStage }) => <span className={`${pill} ${STAGE_TONES[stage]}`}>{CANDIDATE_STAGE_LABELS[stage]}</span>;

/** The 0–100 fit score with its band: 70+ high, 40–69 medium, below 40 low. */
export function ScoreBadge({ score }: { score: number | null }) {
  if (score === null) return <span className="text-xs text-slate-600">Sem nota</span>;
  const tone = score >= 70 ? 'bg-emerald-100 text-emerald-900' : score >= 40 ? 'bg-amber-100 text-amber-900' : 'bg-red-100 text-red-900';
  return (
    <span className={`${pill} ${tone} tabular-nums`} title="Aderência à vaga (0 a 100)">
      {score}/100
    </span>
  );
}

const REC_TONES: Record<Recommendation, string> = { avancar: 'bg-emerald-100 text-emerald-900', talvez: 'bg-amber-100 text-amber-900', nao_avancar: 'bg-red-100 text-red-900' };
export const RecommendationBadge = ({ value }: { value: Recommendation }) => <span className={`${pill} ${REC_TONES[value]}`}>{RECOMMENDATION_LABELS[value]}</span>;
