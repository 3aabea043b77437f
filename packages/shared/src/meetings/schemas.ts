import { z } from 'zod';
import { analysisViewSchema } from '../analysis/schemas.ts';
import { safeText } from '../text.ts';

/**
 * Sales-meeting analysis (decisions 0231–0234): a meeting of a CRM deal, its recording or
 * transcript, and each analysis version (ai.meeting_analysis): summary, participants, needs and
 * pains, objections, next steps, talk-time per speaker, a BANT qualification score and sentiment.
 */

export const MEETING_MESSAGES = {
  id: 'Reunião não encontrada.',
  notFound: 'Reunião não encontrada.',
  analysisNotFound: 'Análise não encontrada.',
  dealNotFound: 'Negócio não encontrado.',
  title: 'Dê um título à reunião (até 200 caracteres).',
  date: 'Data inválida: use AAAA-MM-DD.',
  consent:
    'Confirme que as pessoas gravadas foram avisadas e consentiram com a gravação e a análise antes de enviar.',
  fileNotFound: 'Arquivo não encontrado nesta reunião.',
  analysisNotDone: 'A análise ainda não terminou.',
  steps: 'Escolha ao menos um próximo passo.',
  stepIndex: 'Próximo passo inválido.',
  nothingToCreate: 'Esses próximos passos já viraram atividades.',
  speakerName: 'Dê um nome a cada falante (até 80 caracteres).',
  speakerNotFound: 'Falante não encontrado nesta análise.',
  speakers: 'Informe ao menos um falante para renomear.',
} as const;

const isoDate = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && v >= '2000-01-01' && v <= '2100-12-31' && !Number.isNaN(Date.parse(v));

export const meetingCreateSchema = z.object({
  dealId: z.uuid({ error: MEETING_MESSAGES.dealNotFound }),
  title: safeText({ error: MEETING_MESSAGES.title })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, MEETING_MESSAGES.title).max(200, MEETING_MESSAGES.title)),
  occurredOn: z.string({ error: MEETING_MESSAGES.date }).refine(isoDate, MEETING_MESSAGES.date).nullable().optional(),
  /** The people recorded were told and agreed (stored with who confirmed it and when). */
  consent: z.literal(true, { error: MEETING_MESSAGES.consent }),
});
export type MeetingCreateInput = z.input<typeof meetingCreateSchema>;

export const meetingListQuerySchema = z.object({ dealId: z.uuid({ error: MEETING_MESSAGES.dealNotFound }).optional() });
export const startMeetingAnalysisSchema = z.object({ fileId: z.uuid({ error: MEETING_MESSAGES.fileNotFound }) });
export const confirmStepsSchema = z.object({
  steps: z.array(z.number({ error: MEETING_MESSAGES.stepIndex }).int(MEETING_MESSAGES.stepIndex).min(0, MEETING_MESSAGES.stepIndex).max(99, MEETING_MESSAGES.stepIndex), { error: MEETING_MESSAGES.steps }).min(1, MEETING_MESSAGES.steps).max(50),
});

/** Names longer than this are cut (a person's name; the model's and the recording's labels too). */
export const SPEAKER_NAME_MAX = 80;
const speakerName = safeText({ error: MEETING_MESSAGES.speakerName })
  .transform((v) => v.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, MEETING_MESSAGES.speakerName).max(SPEAKER_NAME_MAX, MEETING_MESSAGES.speakerName));

/** PUT /api/meetings/analyses/:id/speakers: 'Falante 1' → 'Ana', across the transcript, the talk-time and the next steps (decision 0381). */
export const renameSpeakersSchema = z.object({
  names: z
    .array(z.object({ from: z.string({ error: MEETING_MESSAGES.speakerNotFound }).max(200, MEETING_MESSAGES.speakerNotFound), to: speakerName }), { error: MEETING_MESSAGES.speakers })
    .min(1, MEETING_MESSAGES.speakers)
    .max(30, MEETING_MESSAGES.speakers),
});
export type RenameSpeakersInput = z.input<typeof renameSpeakersSchema>;

/** Generic labels of a recording's speakers ('Falante 2'), the ones a person is asked to name. */
export const isGenericSpeaker = (name: string) => /^Falante \d+$/.test(name);

/* ---------- The model's answer ---------- */

export const SENTIMENTS = ['positivo', 'neutro', 'negativo'] as const;
export type Sentiment = (typeof SENTIMENTS)[number];
export const SENTIMENT_LABELS: Record<Sentiment, string> = { positivo: 'Positivo', neutro: 'Neutro', negativo: 'Negativo' };
export const SIDES = ['vendedor', 'cliente', 'outro'] as const;
export type Side = (typeof SIDES)[number];
export const SIDE_LABELS: Record<Side, string> = { vendedor: 'Nossa equipe', cliente: 'Cliente', outro: 'Outro' };
export const HANDLING = ['bem', 'parcial', 'nao'] as const;
export type Handling = (typeof HANDLING)[number];
export const HANDLING_LABELS: Record<Handling, string> = { bem: 'Bem tratada', parcial: 'Tratada em parte', nao: 'Não tratada' };

/** BANT: Budget, Authority, Need, Timeline; each 0–25, the score is their sum (0–100). */
export const BANT_CRITERIA = ['budget', 'authority', 'need', 'timeline'] as const;
export type BantCriterion = (typeof BANT_CRITERIA)[number];
export const BANT_LABELS: Record<BantCriterion, string> = { budget: 'Orçamento (Budget)', authority: 'Autoridade (Authority)', need: 'Necessidade (Need)', timeline: 'Prazo (Timeline)' };

const criterion = z.object({ score: z.number().int(), evidence: z.string() });

export const meetingAnalysisSchema = z.object({
  summary: z.string(),
  participants: z.array(z.object({ name: z.string(), role: z.string().nullable(), side: z.enum(SIDES) })),
  /** Only for recordings (no labels): the speaker from a numbered segment on, until the next entry. */
  speakerTurns: z.array(z.object({ fromSegment: z.number().int(), speaker: z.string() })),
  needs: z.array(z.object({ description: z.string(), quote: z.string().nullable() })),
  pains: z.array(z.object({ description: z.string(), quote: z.string().nullable() })),
  objections: z.array(z.object({ objection: z.string(), response: z.string().nullable(), handling: z.enum(HANDLING), quote: z.string().nullable() })),
  nextSteps: z.array(z.object({ description: z.string(), owner: z.string().nullable(), dueDate: z.string().nullable() })),
  qualification: z.object({ budget: criterion, authority: criterion, need: criterion, timeline: criterion }),
  sentiment: z.object({ overall: z.enum(SENTIMENTS), explanation: z.string() }),
});
export type MeetingAnalysisAnswer = z.output<typeof meetingAnalysisSchema>;

export const meetingSegmentSchema = z.object({ speaker: z.string(), start: z.number().nullable(), end: z.number().nullable(), text: z.string() });
export type MeetingSegment = z.infer<typeof meetingSegmentSchema>;
export const talkTimeSchema = z.object({ speaker: z.string(), seconds: z.number(), share: z.number() });
export type TalkTime = z.infer<typeof talkTimeSchema>;

// ---- responses (the routes' contracts; the types are derived from them) ----

const shape = meetingAnalysisSchema.shape;
const located = { found: z.boolean() };
const storedCriterion = z.object({ score: z.number(), evidence: z.string() });

/** The stored result: the answer cleaned, talk-time computed from the segments, the BANT score summed. */
export const meetingAnalysisResultSchema = z.object({
  summary: z.string(),
  participants: shape.participants,
  needs: z.array(shape.needs.element.extend(located)),
  pains: z.array(shape.pains.element.extend(located)),
  objections: z.array(shape.objections.element.extend(located)),
  nextSteps: z.array(z.object({ description: z.string(), owner: z.string().nullable(), ownerUserId: z.string().nullable(), ownerMember: z.string().nullable(), dueDate: z.string().nullable() })),
  qualification: z.object({
    method: z.literal('BANT'),
    score: z.number(),
    criteria: z.object({ budget: storedCriterion, authority: storedCriterion, need: storedCriterion, timeline: storedCriterion }),
  }),
  sentiment: shape.sentiment,
  talkTime: z.array(talkTimeSchema),
  /** Talk-time from word counts (the transcript had no times). */
  talkTimeEstimated: z.boolean(),
  speakersInferred: z.boolean(),
  transcript: z.array(meetingSegmentSchema),
  source: z.object({ format: z.string(), characters: z.number(), durationSeconds: z.number().nullable() }),
  promptId: z.string(),
});
export type MeetingAnalysisResult = z.infer<typeof meetingAnalysisResultSchema>;
const createdStepSchema = z.object({ stepIndex: z.number(), taskId: z.string() });
export const meetingAnalysisViewSchema = analysisViewSchema(meetingAnalysisResultSchema).extend({ createdTasks: z.array(createdStepSchema) });
export type MeetingAnalysisView = z.infer<typeof meetingAnalysisViewSchema>;
export const meetingAnalysisListSchema = z.object({ analyses: z.array(meetingAnalysisViewSchema) });

export const meetingViewSchema = z.object({
  id: z.string(),
  dealId: z.string(),
  dealTitle: z.string(),
  title: z.string(),
  occurredOn: z.string().nullable(),
  consentAt: z.string(),
  consentByName: z.string().nullable(),
  createdAt: z.string(),
  /** The newest analysis version (null before the first). */
  latest: z
    .object({ id: z.string(), version: z.number(), status: z.string(), qualificationScore: z.number().nullable(), sentiment: z.enum(SENTIMENTS).nullable() })
    .nullable(),
});
export type MeetingView = z.infer<typeof meetingViewSchema>;
export const meetingListSchema = z.object({ meetings: z.array(meetingViewSchema) });
/** The activities the confirmed next steps became (the platform's tasks, whose contract is the collaboration's). */
export const confirmedStepsSchema = z.object({ tasks: z.array(z.looseObject({ id: z.string(), title: z.string() })) });

export type MeetingsKpi = { analysedThisMonth: number; averageScore: number | null };
