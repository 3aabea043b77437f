import { z } from 'zod';

/**
 * The AI analysis foundation (decision 0210): the stages every analysis run shows, its status and the
 * messages of reading the material. Area results (contracts, résumés, interviews, meetings) have
 * their own schemas next to their area.
 */

/** The job's stages, shown live (na fila → extraindo texto → transcrevendo → analisando → pronto / falhou). */
export const ANALYSIS_STAGES = {
  queued: 'Na fila',
  extracting: 'Extraindo texto',
  transcribing: 'Transcrevendo',
  analyzing: 'Analisando',
  done: 'Pronto',
  failed: 'Falhou',
} as const;
export type AnalysisStatus = keyof typeof ANALYSIS_STAGES;
export const ANALYSIS_STATUSES = Object.keys(ANALYSIS_STAGES) as [AnalysisStatus, ...AnalysisStatus[]];

export const ANALYSIS_KINDS = ['contract', 'resume', 'interview', 'meeting'] as const;
export type AnalysisKind = (typeof ANALYSIS_KINDS)[number];

const analysisViewBaseSchema = z.object({
  id: z.string(),
  kind: z.enum(ANALYSIS_KINDS),
  subjectId: z.string(),
  fileId: z.string().nullable(),
  fileName: z.string().nullable(),
  status: z.enum(ANALYSIS_STATUSES),
  jobRunId: z.string().nullable(),
  version: z.number(),
  error: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  charged: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** One version of an analysis of a subject (a contract…), newest first in lists: its contract, with the area's result schema. */
export const analysisViewSchema = <R extends z.ZodType>(result: R) => analysisViewBaseSchema.extend({ result: result.nullable() });
export type AnalysisView<R = unknown> = z.infer<typeof analysisViewBaseSchema> & { result: R | null };

export const MATERIAL_MESSAGES = {
  empty: 'O arquivo não tem texto para analisar.',
  scanned:
    'Este PDF não tem camada de texto (parece um documento digitalizado). Envie o PDF original gerado pelo editor de textos ou um DOCX.',
  passwordProtected: 'Este PDF está protegido por senha. Remova a senha e envie o arquivo novamente.',
  unreadablePdf: 'Não foi possível ler este PDF: o arquivo parece estar corrompido.',
  unreadableDocx: 'Não foi possível ler este DOCX: o arquivo parece estar corrompido.',
  unsupported: 'Tipo de arquivo não suportado para análise: envie PDF, DOCX ou TXT.',
  audioNotYet: 'Gravações só são lidas por uma análise (com transcrição): envie a gravação pela análise ou a transcrição em TXT, VTT ou SRT.',
  audioUnreadable: 'Não foi possível ler esta gravação: o arquivo parece estar corrompido ou não é um áudio. Envie MP3, M4A, WAV, OGG ou WebM.',
  audioTooLong: (duration: string) => `A gravação tem ${duration}; o limite é de 2 horas. Divida a gravação em partes menores e analise cada uma. Nenhuma moeda foi cobrada.`,
  audioNoSpeech: 'Não encontramos fala nesta gravação para transcrever.',
  tooLong: 'O texto é longo demais para uma análise (mais de 400 mil caracteres).',
  fileGone: 'O arquivo da análise não foi encontrado: ele pode ter sido excluído.',
  interrupted: 'A análise foi interrompida por uma reinicialização do servidor. Nenhuma moeda foi cobrada; inicie-a novamente.',
  ownKeyLost: 'A análise foi interrompida e a sua chave de IA não fica guardada no servidor. Nenhuma moeda foi cobrada; inicie-a novamente.',
} as const;
