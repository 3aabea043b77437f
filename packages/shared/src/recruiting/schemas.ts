import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { analysisViewSchema, type AnalysisView } from '../analysis/schemas.ts';
import { safeText } from '../text.ts';

/** RH's recruiting (decisions 0225–0229): openings, candidates, résumé and interview analyses. */

export const OPENING_STATUSES = ['aberta', 'pausada', 'fechada'] as const;
export type OpeningStatus = (typeof OPENING_STATUSES)[number];
export const OPENING_STATUS_LABELS: Record<OpeningStatus, string> = { aberta: 'Aberta', pausada: 'Pausada', fechada: 'Fechada' };

export const SENIORITIES = ['estagio', 'junior', 'pleno', 'senior', 'especialista', 'gestao'] as const;
export type Seniority = (typeof SENIORITIES)[number];
export const SENIORITY_LABELS: Record<Seniority, string> = {
  estagio: 'Estágio',
  junior: 'Júnior',
  pleno: 'Pleno',
  senior: 'Sênior',
  especialista: 'Especialista',
  gestao: 'Gestão',
};

export const WORKPLACES = ['presencial', 'hibrido', 'remoto'] as const;
export type Workplace = (typeof WORKPLACES)[number];
export const WORKPLACE_LABELS: Record<Workplace, string> = { presencial: 'Presencial', hibrido: 'Híbrido', remoto: 'Remoto' };

export const CANDIDATE_STAGES = ['triagem', 'entrevista', 'proposta', 'contratado', 'recusado'] as const;
export type CandidateStage = (typeof CANDIDATE_STAGES)[number];
export const CANDIDATE_STAGE_LABELS: Record<CandidateStage, string> = {
  triagem: 'Triagem',
  entrevista: 'Entrevista',
  proposta: 'Proposta',
  contratado: 'Contratado',
  recusado: 'Recusado',
};

export const RECOMMENDATIONS = ['avancar', 'talvez', 'nao_avancar'] as const;
export type Recommendation = (typeof RECOMMENDATIONS)[number];
export const RECOMMENDATION_LABELS: Record<Recommendation, string> = { avancar: 'Avançar', talvez: 'Talvez', nao_avancar: 'Não avançar' };

export const UFS = ['AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA', 'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO'] as const;

/** Candidates' data is kept this many months after their opening closes, unless the company changes it (decision 0227). */
export const DEFAULT_RETENTION_MONTHS = 6;

/** The consent asked before an interview recording or transcript is sent (decision 0228). */
export const INTERVIEW_CONSENT_TEXT =
  'Confirmo que a pessoa entrevistada foi informada e consentiu com a gravação ou transcrição da entrevista e com a sua análise por inteligência artificial para este processo seletivo.';

/** The LGPD notice on the résumé upload. */
export const RESUME_LGPD_NOTICE =
  'Currículos têm dados pessoais (LGPD). Eles são usados só para este processo seletivo, ficam guardados até o prazo de retenção da empresa depois que a vaga é fechada e podem ser excluídos a qualquer momento, com os arquivos e as análises.';

export const RECRUITING_MESSAGES = {
  id: 'Identificador inválido.',
  title: 'Informe o título da vaga.',
  titleTooLong: 'O título pode ter no máximo 160 caracteres.',
  tooLong: 'Texto longo demais (máximo de 4.000 caracteres).',
  shortTooLong: 'Texto longo demais (máximo de 120 caracteres).',
  status: 'Situação inválida.',
  seniority: 'Senioridade inválida.',
  workplace: 'Modelo de trabalho inválido.',
  uf: 'UF inválida.',
  cityRequired: 'Informe a cidade e a UF de uma vaga presencial ou híbrida.',
  stage: 'Etapa inválida.',
  name: 'Informe o nome do candidato.',
  nameTooLong: 'O nome pode ter no máximo 160 caracteres.',
  retention: 'O prazo de retenção vai de 1 a 60 meses.',
  consent: 'Confirme o consentimento da pessoa entrevistada para enviar a entrevista.',
  openingNotFound: 'Vaga não encontrada.',
  candidateNotFound: 'Candidato não encontrado.',
  interviewNotFound: 'Entrevista não encontrada.',
  analysisNotFound: 'Análise não encontrada.',
  fileNotFound: 'Arquivo não encontrado neste registro.',
  openingClosed: 'Esta vaga está fechada: reabra-a para receber currículos.',
} as const;
const M = RECRUITING_MESSAGES;

export const idSchema = z.uuid({ error: M.id });
const line = (max: number, msg: string) => safeText().transform((v) => v.trim()).pipe(z.string().max(max, msg));
const optionalLine = (max: number, msg: string) =>
  line(max, msg)
    .nullish()
    .transform((v) => v || null);
const longText = safeText({ multiline: true })
  .transform((v) => v.trim())
  .pipe(z.string().max(4000, M.tooLong));

const openingFields = {
  title: safeText({ error: M.title })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, M.title).max(160, M.titleTooLong)),
  department: optionalLine(120, M.shortTooLong),
  requirements: longText.optional(),
  desiredSkills: longText.optional(),
  workplace: z.enum(WORKPLACES, { error: M.workplace }).optional(),
  city: optionalLine(120, M.shortTooLong),
  uf: z.enum(UFS, { error: M.uf }).nullish(),
  seniority: z.enum(SENIORITIES, { error: M.seniority }).optional(),
  status: z.enum(OPENING_STATUSES, { error: M.status }).optional(),
};
export const openingCreateSchema = z.object(openingFields);
export const openingUpdateSchema = patchBody(z.object(openingFields).partial());
export type OpeningCreate = z.input<typeof openingCreateSchema>;
export type OpeningUpdate = z.input<typeof openingUpdateSchema>;

export const candidateCreateSchema = z.object({
  name: safeText({ error: M.name })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, M.name).max(160, M.nameTooLong)),
  /** The name is the résumé's file name: the analysis may replace it with the one it reads. */
  nameFromFile: z.boolean().optional(),
});
export const candidateUpdateSchema = patchBody(z.object({
  name: candidateCreateSchema.shape.name.optional(),
  stage: z.enum(CANDIDATE_STAGES, { error: M.stage }).optional(),
}));
export const startAnalysisSchema = z.object({ fileId: idSchema });
export const interviewCreateSchema = z.object({
  candidateId: idSchema,
  consent: z.literal(true, { error: M.consent }),
});
export const settingsUpdateSchema = z.object({
  retentionMonths: z.number({ error: M.retention }).int(M.retention).min(1, M.retention).max(60, M.retention),
});

export const openingViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  department: z.string().nullable(),
  requirements: z.string(),
  desiredSkills: z.string(),
  workplace: z.enum(WORKPLACES),
  city: z.string().nullable(),
  uf: z.string().nullable(),
  seniority: z.enum(SENIORITIES),
  status: z.enum(OPENING_STATUSES),
  closedAt: z.string().nullable(),
  candidates: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type OpeningView = z.infer<typeof openingViewSchema>;
export const openingListSchema = z.object({ openings: z.array(openingViewSchema) });

export const candidateViewSchema = z.object({
  id: z.string(),
  openingId: z.string(),
  openingTitle: z.string(),
  name: z.string(),
  stage: z.enum(CANDIDATE_STAGES),
  /** The fit score of the newest done analysis (null before one). */
  score: z.number().nullable(),
  /** The newest analysis' status (null without one). */
  analysisStatus: z.string().nullable(),
  analysisJobRunId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CandidateView = z.infer<typeof candidateViewSchema>;
export const candidateListSchema = z.object({ candidates: z.array(candidateViewSchema) });

export const interviewViewSchema = z.object({
  id: z.string(),
  candidateId: z.string(),
  candidateName: z.string(),
  openingId: z.string(),
  openingTitle: z.string(),
  consentText: z.string(),
  consentBy: z.string().nullable(),
  consentByName: z.string().nullable(),
  consentAt: z.string(),
  recommendation: z.enum(RECOMMENDATIONS).nullable(),
  analysisStatus: z.string().nullable(),
  createdAt: z.string(),
});
export type InterviewView = z.infer<typeof interviewViewSchema>;
export const interviewListSchema = z.object({ interviews: z.array(interviewViewSchema) });

export const recruitingSettingsSchema = z.object({ retentionMonths: z.number() });
export type RecruitingSettings = z.infer<typeof recruitingSettingsSchema>;

// ---- the model's answers (strict: nulls instead of absent fields) ----

export const resumeAnalysisSchema = z.object({
  candidateName: z.string().nullable(),
  score: z.number().int().min(0).max(100),
  summary: z.string(),
  strengths: z.array(z.object({ title: z.string(), why: z.string(), quote: z.string(), location: z.string().nullable() })),
  gaps: z.array(z.object({ title: z.string(), why: z.string() })),
  requirements: z.array(z.object({ requirement: z.string(), met: z.enum(['sim', 'parcial', 'nao']), quote: z.string().nullable() })),
});
export type ResumeAnalysisAnswer = z.output<typeof resumeAnalysisSchema>;
const placedQuote = { found: z.boolean(), page: z.number().nullable() };
export type PlacedQuote = { found: boolean; page: number | null };
/** The stored result: the answer, cleaned, with each quote's place in the résumé found by the server. */
export const resumeAnalysisResultSchema = resumeAnalysisSchema.extend({
  strengths: z.array(resumeAnalysisSchema.shape.strengths.element.extend(placedQuote)),
  requirements: z.array(resumeAnalysisSchema.shape.requirements.element.extend(placedQuote)),
  opening: z.object({ id: z.string(), title: z.string() }),
  source: z.object({ format: z.string(), pages: z.number().nullable(), characters: z.number() }),
  promptId: z.string(),
});
export type ResumeAnalysisResult = z.infer<typeof resumeAnalysisResultSchema>;
export const resumeAnalysisViewSchema = analysisViewSchema(resumeAnalysisResultSchema);
export type ResumeAnalysisView = AnalysisView<ResumeAnalysisResult>;
export const resumeAnalysisListSchema = z.object({ analyses: z.array(resumeAnalysisViewSchema) });
export const REQUIREMENT_MET_LABELS = { sim: 'Atende', parcial: 'Atende em parte', nao: 'Não atende' } as const;

export const interviewAnalysisSchema = z.object({
  summary: z.string(),
  competencies: z.array(
    z.object({
      name: z.string(),
      rating: z.number().int().min(1).max(5),
      assessment: z.string(),
      evidence: z.array(z.object({ quote: z.string(), speaker: z.string().nullable() })),
    }),
  ),
  redFlags: z.array(z.object({ title: z.string(), why: z.string(), quote: z.string().nullable() })),
  recommendation: z.enum(RECOMMENDATIONS),
  recommendationWhy: z.string(),
});
export type InterviewAnalysisAnswer = z.output<typeof interviewAnalysisSchema>;
/** Where a quote is in the transcript: the segment's speaker and start time (seconds) when found. */
const transcriptPlace = { found: z.boolean(), at: z.number().nullable(), segmentSpeaker: z.string().nullable() };
export type TranscriptPlace = { found: boolean; at: number | null; segmentSpeaker: string | null };
const transcriptSegmentSchema = z.object({ speaker: z.string().nullable(), start: z.number().nullable(), end: z.number().nullable(), text: z.string() });
export type InterviewTranscriptSegment = z.infer<typeof transcriptSegmentSchema>;
const competencySchema = interviewAnalysisSchema.shape.competencies.element;
/** The stored result: the answer, cleaned, with each quote's place in the transcript, and the transcript itself. */
export const interviewAnalysisResultSchema = interviewAnalysisSchema.extend({
  competencies: z.array(competencySchema.extend({ evidence: z.array(competencySchema.shape.evidence.element.extend(transcriptPlace)) })),
  redFlags: z.array(interviewAnalysisSchema.shape.redFlags.element.extend(transcriptPlace)),
  transcript: z.object({ segments: z.array(transcriptSegmentSchema), speakersInferred: z.boolean(), text: z.string().nullable() }),
  source: z.object({ format: z.string(), characters: z.number() }),
  promptId: z.string(),
});
export type InterviewAnalysisResult = z.infer<typeof interviewAnalysisResultSchema>;
export const interviewAnalysisViewSchema = analysisViewSchema(interviewAnalysisResultSchema);
export type InterviewAnalysisView = AnalysisView<InterviewAnalysisResult>;
export const interviewAnalysisListSchema = z.object({ analyses: z.array(interviewAnalysisViewSchema) });
/** GET /analyses/:id: one analysis of the company, a résumé's or an interview's. */
export const recruitingAnalysisViewSchema = z.union([resumeAnalysisViewSchema, interviewAnalysisViewSchema]);
