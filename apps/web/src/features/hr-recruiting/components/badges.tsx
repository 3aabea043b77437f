import {
  CANDIDATE_STAGE_LABELS,
  OPENING_STATUS_LABELS,
  RECOMMENDATION_LABELS,
  type CandidateStage,
  type OpeningStatus,
  type Recommendation,
} from '@sede/shared/recruiting/schemas';
import { Badge, scoreBandTone } from '../../../components/ui/badge.tsx';

const OPENING_TONES: Record<OpeningStatus, string> = { aberta: 'bg-emerald-100 text-emerald-900', pausada: 'bg-amber-100 text-amber-900', fechada: 'bg-slate-200 text-slate-800' };
export const OpeningStatusBadge = ({ status }: { status: OpeningStatus }) => <Badge tone={OPENING_TONES[status]}>{OPENING_STATUS_LABELS[status]}</Badge>;

const STAGE_TONES: Record<CandidateStage, string> = {
  triagem: 'bg-slate-100 text-slate-800',
  entrevista: 'bg-sky-100 text-sky-900',
  proposta: 'bg-violet-100 text-violet-900',
  contratado: 'bg-emerald-100 text-emerald-900',
  recusado: 'bg-red-100 text-red-900',
};
export const StageBadge = ({ stage }: { stage: CandidateStage }) => <Badge tone={STAGE_TONES[stage]}>{CANDIDATE_STAGE_LABELS[stage]}</Badge>;

/** The 0–100 fit score with its band: 70+ high, 40–69 medium, below 40 low. */
export function ScoreBadge({ score }: { score: number | null }) {
  if (score === null) return <span className="text-xs text-slate-600">Sem nota</span>;
  return (
    <Badge tone={scoreBandTone(score)} className="tabular-nums" title="Aderência à vaga (0 a 100)">
      {score}/100
    </Badge>
  );
}

const REC_TONES: Record<Recommendation, string> = { avancar: 'bg-emerald-100 text-emerald-900', talvez: 'bg-amber-100 text-amber-900', nao_avancar: 'bg-red-100 text-red-900' };
export const RecommendationBadge = ({ value }: { value: Recommendation }) => <Badge tone={REC_TONES[value]}>{RECOMMENDATION_LABELS[value]}</Badge>;
