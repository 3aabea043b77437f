import { z } from 'zod';
import { uuidSchema } from '../platform/api.ts';
import { safeText } from '../text.ts';
import { MARKETING_CHANNELS, MARKETING_LIMITS as L, MARKETING_MESSAGES as M, PIECE_FORMATS, PIECE_STATUSES } from './constants.ts';

/**
 * Creatives (decisions 0330–0333): a piece's versions, the AI copy, and its approval — by a member or by the
 * client through a link that needs no account (decisions 0330–0334).
 */
export const REVIEW_LIMITS = {
  /** Files one version shows. */
  versionFiles: 20,
  note: 300,
  comment: 2_000,
  reviewerName: 120,
  /** How long an approval link lives (decision 0331). */
  linkDays: 7,
  /** How long the public page's signed file links live. */
  fileLinkMinutes: 60,
  /** Caption and ad variants the AI proposes. */
  captions: 3,
  adVariants: 3,
} as const;

export const REVIEW_MESSAGES = {
  versionNotFound: 'Versão não encontrada.',
  linkNotFound: 'Link de aprovação não encontrado.',
  fileNotInPiece: 'Escolha arquivos anexados a esta peça.',
  tooManyFiles: `Uma versão pode ter até ${REVIEW_LIMITS.versionFiles} arquivos.`,
  emptyVersion: 'Escreva o texto ou escolha ao menos um arquivo para a versão.',
  noteTooLong: `A observação pode ter até ${REVIEW_LIMITS.note} caracteres.`,
  decision: 'Escolha aprovar ou pedir alterações.',
  commentRequired: 'Diga o que precisa mudar.',
  commentTooLong: `O comentário pode ter até ${REVIEW_LIMITS.comment} caracteres.`,
  nameRequired: 'Informe seu nome.',
  nameTooLong: `O nome pode ter até ${REVIEW_LIMITS.reviewerName} caracteres.`,
  briefRequired: 'Escreva o briefing da peça antes de gerar o texto com IA.',
  clientApprovalRequired: 'Esta empresa cliente aprova as peças: envie o link de aprovação e aguarde a aprovação do cliente antes de aprovar ou agendar.',
  published: 'Esta peça já foi publicada.',
  nothingToSend: 'Crie uma versão da peça com texto ou arquivos antes de gerar o link de aprovação.',
  nothingToApprove: 'Esta peça ainda não tem conteúdo para aprovar. Aguarde a equipe enviar a versão.',
  // The public link (no account).
  linkInvalid: 'Este link de aprovação é inválido.',
  linkExpired: 'Este link de aprovação expirou. Peça um novo link à equipe.',
  linkRevoked: 'Este link de aprovação foi cancelado pela equipe.',
  linkDecided: 'Esta peça já foi respondida por este link.',
} as const;

const multiline = (max: number, message: string) => safeText({ multiline: true }).pipe(z.string().trim().max(max, message));
const hashtag = z
  .string({ error: M.hashtags })
  .trim()
  .transform((v) => v.replace(/^#+/, ''))
  .pipe(z.string().min(1, M.hashtags).max(L.hashtag, M.hashtags).regex(/^[\p{L}\p{N}_]+$/u, M.hashtags));

/** A new version: its text, hashtags and which of the piece's files it shows. */
export const versionCreateSchema = z
  .object({
    copy: multiline(L.copy, M.copyTooLong).default(''),
    hashtags: z.array(hashtag, { error: M.hashtags }).max(L.hashtags, M.hashtags).default([]),
    fileIds: z.array(z.uuid({ error: REVIEW_MESSAGES.fileNotInPiece }), { error: REVIEW_MESSAGES.fileNotInPiece }).max(REVIEW_LIMITS.versionFiles, REVIEW_MESSAGES.tooManyFiles).default([]),
    note: multiline(REVIEW_LIMITS.note, REVIEW_MESSAGES.noteTooLong)
      .nullish()
      .transform((v) => v || null),
    /** 'ia' when the text is a variant of the AI copy the person picked. */
    source: z.enum(['manual', 'ia']).default('manual'),
  })
  .refine((v) => v.copy.length > 0 || v.fileIds.length > 0, { message: REVIEW_MESSAGES.emptyVersion, path: ['copy'] });
export type VersionCreateInput = z.input<typeof versionCreateSchema>;

const versionFileSchema = z.object({ id: z.string(), name: z.string(), kind: z.string(), mime: z.string(), hasThumbnail: z.boolean(), deleted: z.boolean() });
export type VersionFile = z.infer<typeof versionFileSchema>;

/** There is something to approve in a version: its text, or a file still attached (decision 0391). */
export const versionHasContent = (v: { copy: string; files: ReadonlyArray<{ deleted: boolean }> }) => v.copy.trim().length > 0 || v.files.some((f) => !f.deleted);
export const versionViewSchema = z.object({
  id: z.string(),
  number: z.number(),
  copy: z.string(),
  hashtags: z.array(z.string()),
  files: z.array(versionFileSchema),
  note: z.string().nullable(),
  source: z.enum(['manual', 'ia', 'restauracao']),
  restoredFrom: z.number().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type VersionView = z.infer<typeof versionViewSchema>;

export const APPROVAL_DECISIONS = ['aprovado', 'alteracoes'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];
export const APPROVAL_DECISION_LABELS: Record<ApprovalDecision, string> = { aprovado: 'Aprovado', alteracoes: 'Alterações pedidas' };

const decisionFields = {
  decision: z.enum(APPROVAL_DECISIONS, { error: REVIEW_MESSAGES.decision }),
  comment: multiline(REVIEW_LIMITS.comment, REVIEW_MESSAGES.commentTooLong)
    .nullish()
    .transform((v) => v || null),
};
const commentWhenChanges = (v: { decision: ApprovalDecision; comment: string | null }) => v.decision === 'aprovado' || !!v.comment;

/** A member's decision: approve, or ask for changes saying what. */
export const decisionSchema = z.object(decisionFields).refine(commentWhenChanges, { message: REVIEW_MESSAGES.commentRequired, path: ['comment'] });
export type DecisionInput = z.input<typeof decisionSchema>;

/** The client's decision through the link, with the name they give. */
export const publicDecisionSchema = z
  .object({
    ...decisionFields,
    name: safeText({ error: REVIEW_MESSAGES.nameRequired }).pipe(z.string().trim().min(2, REVIEW_MESSAGES.nameRequired).max(REVIEW_LIMITS.reviewerName, REVIEW_MESSAGES.nameTooLong)),
  })
  .refine(commentWhenChanges, { message: REVIEW_MESSAGES.commentRequired, path: ['comment'] });
export type PublicDecisionInput = z.input<typeof publicDecisionSchema>;

const approvalViewSchema = z.object({
  id: z.string(),
  decision: z.enum(APPROVAL_DECISIONS),
  comment: z.string().nullable(),
  source: z.enum(['interno', 'cliente']),
  /** The member's name (internal) or the name the client typed. */
  reviewerName: z.string().nullable(),
  versionNumber: z.number().nullable(),
  createdAt: z.string(),
});
export type ApprovalView = z.infer<typeof approvalViewSchema>;

const APPROVAL_LINK_STATUSES = ['ativo', 'expirado', 'revogado', 'respondido'] as const;
export type ApprovalLinkStatus = (typeof APPROVAL_LINK_STATUSES)[number];
export const APPROVAL_LINK_STATUS_LABELS: Record<ApprovalLinkStatus, string> = { ativo: 'Ativo', expirado: 'Expirado', revogado: 'Cancelado', respondido: 'Respondido' };
const approvalLinkViewSchema = z.object({ id: z.string(), status: z.enum(APPROVAL_LINK_STATUSES), expiresAt: z.string(), createdAt: z.string(), createdByName: z.string().nullable() });
export type ApprovalLinkView = z.infer<typeof approvalLinkViewSchema>;
/** The link is shown once, when created: only its hash is kept. */
export const approvalLinkCreatedSchema = z.object({ link: approvalLinkViewSchema, url: z.string() });
export type ApprovalLinkCreated = z.infer<typeof approvalLinkCreatedSchema>;

/** The AI copy (paid action ai.creative_copy): a new request id per click (the idempotency key). */
export const copyRequestSchema = z.object({
  requestId: z.uuid({ error: 'Pedido inválido. Tente novamente.' }),
  /** The brief to write from (saved on the piece); absent: the piece's own. */
  brief: multiline(L.brief, M.briefTooLong)
    .nullish()
    .transform((v) => v || null),
});

/** What the AI proposes; the person picks a caption or an ad variant into a new version. */
export const creativeCopySchema = z.object({
  captions: z.array(z.string().min(1).max(L.copy)).min(1).max(REVIEW_LIMITS.captions),
  hashtags: z.array(z.string().min(1).max(L.hashtag)).max(L.hashtags),
  adVariants: z
    .array(z.object({ headline: z.string().min(1).max(200), text: z.string().min(1).max(2_000) }))
    .max(REVIEW_LIMITS.adVariants),
});
export type CreativeCopy = z.output<typeof creativeCopySchema>;
export const copyResponseSchema = z.object({ copy: creativeCopySchema, charged: z.number(), balance: z.number() });
export type CopyResponse = z.infer<typeof copyResponseSchema>;

/** GET /pieces/:id/review: everything the creative's detail shows besides the piece. */
export const pieceReviewSchema = z.object({
  versions: z.array(versionViewSchema),
  approvals: z.array(approvalViewSchema),
  links: z.array(approvalLinkViewSchema),
  /** The client approves pieces (its `client_approval`). */
  clientApproval: z.boolean(),
  /** The client approved the latest version. */
  clientApproved: z.boolean(),
  /** The last AI copy proposal (paid for), kept until the next one; null before the first. */
  aiCopy: z.object({ copy: creativeCopySchema, at: z.string() }).nullable(),
});
export type PieceReview = z.infer<typeof pieceReviewSchema>;

/** The public page of an approval link (no account): only what the client needs to decide. */
export const publicApprovalViewSchema = z.object({
  clientName: z.string(),
  companyName: z.string(),
  piece: z.object({ title: z.string(), channel: z.enum(MARKETING_CHANNELS), format: z.enum(PIECE_FORMATS), status: z.enum(PIECE_STATUSES), scheduledAt: z.string().nullable() }),
  /** The latest version, when it has something to approve (decision 0391); null: nothing to decide on yet. */
  version: z
    .object({ number: z.number(), copy: z.string(), hashtags: z.array(z.string()), files: z.array(z.object({ name: z.string(), kind: z.string(), mime: z.string(), url: z.string() })) })
    .nullable(),
  expiresAt: z.string(),
  decision: z.object({ decision: z.enum(APPROVAL_DECISIONS), name: z.string().nullable(), comment: z.string().nullable(), at: z.string() }).nullable(),
});
export type PublicApprovalView = z.infer<typeof publicApprovalViewSchema>;
/** A decision taken (by a member or through the link): the piece's status after it. */
export const decisionResultSchema = z.object({ status: z.enum(PIECE_STATUSES) });
export const approvalTokenParamsSchema = z.object({ token: z.string() });

/** GET /creatives/covers?ids=a,b: each piece's cover (the first file of its latest version), for the cards. */
export const coversQuerySchema = z.object({
  ids: z
    .string({ error: 'Informe as peças.' })
    .transform((v) => [...new Set(v.split(',').filter(Boolean))])
    .pipe(z.array(z.uuid({ error: 'Peça inválida.' })).min(1, 'Informe as peças.').max(200, 'Peças demais.')),
});
const creativeCoverSchema = z.object({ fileId: z.string(), kind: z.string(), hasThumbnail: z.boolean() });
export type CreativeCover = z.infer<typeof creativeCoverSchema>;
export const creativeCoversSchema = z.object({ covers: z.record(z.string(), creativeCoverSchema) });
export type CreativeCovers = z.infer<typeof creativeCoversSchema>;

/** A member's decision: the approval recorded and the piece's status after it. */
export const internalDecisionSchema = z.object({ approvalId: z.string(), status: z.enum(PIECE_STATUSES), waitingForClient: z.boolean() });
export const versionParamsSchema = z.object({ id: uuidSchema(M.pieceNotFound), versionId: uuidSchema(REVIEW_MESSAGES.versionNotFound) });
export const linkParamsSchema = z.object({ id: uuidSchema(M.pieceNotFound), linkId: uuidSchema(REVIEW_MESSAGES.linkNotFound) });
