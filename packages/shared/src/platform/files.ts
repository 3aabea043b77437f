import { z } from 'zod';
import { BIDI_CONTROLS_MESSAGE, hasBidiControls, safeText } from '../text.ts';

/**
 * Files (decision 0110): the kinds a file may be, each with its size limit and
 * the types it accepts. The type is decided by the content (magic bytes, on the server), never by
 * the name; text formats (CSV, TXT), which have no magic number, are accepted when the content is
 * text and the name says so. Executables are refused whatever their name.
 */
export const MB = 1024 * 1024;

export type FileKindDef = {
  label: string;
  maxBytes: number;
  /** MIME types accepted (as detected from the content). */
  mimes: readonly string[];
  /** What the file picker offers (`accept`): types and extensions. */
  accept: string;
  /** The types in words, for messages ("JPEG, PNG, WebP ou GIF"). */
  typesLabel: string;
};

export const FILE_KINDS = {
  image: {
    label: 'Imagem',
    maxBytes: 20 * MB,
    mimes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
    accept: 'image/jpeg,image/png,image/webp,image/gif,.jpg,.jpeg,.png,.webp,.gif',
    typesLabel: 'JPEG, PNG, WebP ou GIF',
  },
  document: {
    label: 'Documento',
    maxBytes: 50 * MB,
    mimes: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'text/csv',
      'text/plain',
      // Transcripts (decision 0230): WebVTT (text/vtt) and SRT (kept as text/plain), read with their speakers by platform/analysis.
      'text/vtt',
      // Fiscal documents (NFS-e, decision 0543): the authorised note's XML.
      'application/xml',
    ],
    accept: '.pdf,.docx,.xlsx,.csv,.txt,.vtt,.srt,.xml',
    typesLabel: 'PDF, DOCX, XLSX, CSV, TXT, VTT, SRT ou XML',
  },
  audio: {
    label: 'Áudio',
    maxBytes: 200 * MB,
    // file-type names an Ogg/Opus recording (WhatsApp voice notes) 'audio/ogg; codecs=opus'.
    mimes: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/ogg; codecs=opus', 'audio/opus', 'audio/webm', 'video/webm'],
    accept: 'audio/*,.mp3,.m4a,.wav,.ogg,.webm',
    typesLabel: 'MP3, M4A, WAV, OGG ou WebM',
  },
  video: {
    label: 'Vídeo',
    maxBytes: 500 * MB,
    mimes: ['video/mp4', 'video/webm', 'video/quicktime'],
    accept: 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov',
    typesLabel: 'MP4, WebM ou MOV',
  },
} as const satisfies Record<string, FileKindDef>;

export type FileKind = keyof typeof FILE_KINDS;
export const FILE_KIND_KEYS = Object.keys(FILE_KINDS) as [FileKind, ...FileKind[]];

/** MIME types of executables and scripts: refused in every kind, with their own message. */
export const EXECUTABLE_MIMES: readonly string[] = [
  'application/x-elf',
  'application/x-msdownload',
  'application/x-mach-binary',
  'application/x-executable',
  'application/x-sharedlib',
  'application/vnd.microsoft.portable-executable',
  'application/x-shellscript',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/wasm',
];

/** Text types are recognised by their extension once the content is known to be text. */
export const TEXT_TYPES_BY_EXTENSION: Readonly<Record<string, string>> = { csv: 'text/csv', txt: 'text/plain', vtt: 'text/vtt', srt: 'text/plain' };

/** A signed link lives 72 hours unless asked otherwise, at most 30 days. */
export const FILE_LINK_DEFAULT_HOURS = 72;
export const FILE_LINK_MAX_HOURS = 30 * 24;

/** Thumbnails of images: at most this wide and tall, WebP. */
export const THUMBNAIL_SIZE = 320;

const sizeLabel = (bytes: number) => `${Math.round(bytes / MB)} MB`;

export const FILE_MESSAGES = {
  empty: 'O arquivo está vazio (0 bytes). Escolha outro arquivo.',
  tooLarge: (kind: FileKind) => `O arquivo passa do limite de ${sizeLabel(FILE_KINDS[kind].maxBytes)} para ${FILE_KINDS[kind].label.toLowerCase()}.`,
  executable: 'Arquivos executáveis não são permitidos.',
  typeNotAllowed: (kind: FileKind) => `Tipo de arquivo não permitido para ${FILE_KINDS[kind].label.toLowerCase()}: envie ${FILE_KINDS[kind].typesLabel}.`,
  unknownEntity: 'Tipo de registro desconhecido para anexar arquivos.',
  notFound: 'Arquivo não encontrado.',
  noThumbnail: 'Este arquivo não tem miniatura.',
  linkInvalid: 'Link de arquivo inválido.',
  linkExpired: 'Este link expirou. Peça um novo link a quem o compartilhou.',
  deleteForbidden: 'Só quem enviou o arquivo ou um administrador pode excluí-lo.',
  storageFailed: 'Não foi possível guardar o arquivo. Tente novamente em alguns instantes.',
  uploadAborted: 'O envio do arquivo foi interrompido.',
  network: 'Falha de conexão durante o envio. Tente novamente.',
} as const;

/** A file name: the last path segment, no control characters nor bidi controls, at most 200 characters. */
export const fileNameSchema = safeText({ error: 'Informe o nome do arquivo.' })
  .refine((v) => !hasBidiControls(v), { message: BIDI_CONTROLS_MESSAGE, abort: true })
  .transform((v) => v.split(/[\\/]/).pop()!.trim())
  .pipe(z.string().min(1, 'Informe o nome do arquivo.').max(200, 'O nome do arquivo pode ter no máximo 200 caracteres.'));

const entityTypeSchema = z
  .string({ error: 'Informe o tipo de registro (entityType).' })
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'Tipo de registro inválido.');
const entityIdSchema = z
  .string({ error: 'Informe o registro (entityId).' })
  .regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Registro inválido.');

export const fileUploadQuerySchema = z.object({
  entityType: entityTypeSchema,
  entityId: entityIdSchema,
  kind: z.enum(FILE_KIND_KEYS, { error: 'Tipo de arquivo inválido: use image, document, audio ou video.' }),
  name: z.string().optional(),
});

export const fileListQuerySchema = z.object({ entityType: entityTypeSchema, entityId: entityIdSchema });

export const fileIdSchema = z.uuid({ error: 'Arquivo não encontrado.' });

export const fileLinkBodySchema = z.object({
  hours: z
    .number({ error: 'Informe a validade em horas.' })
    .int('Informe a validade em horas inteiras.')
    .min(1, 'A validade mínima do link é de 1 hora.')
    .max(FILE_LINK_MAX_HOURS, 'A validade máxima do link é de 30 dias.')
    .default(FILE_LINK_DEFAULT_HOURS),
});

/** What the API answers for a file. */
export const fileInfoSchema = z.object({
  id: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  kind: z.enum(FILE_KIND_KEYS),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  sha256: z.string(),
  hasThumbnail: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the caller may delete it (uploader or admin). */
  canDelete: z.boolean(),
});
export type FileInfo = z.infer<typeof fileInfoSchema>;

export const fileListResponseSchema = z.object({ files: z.array(fileInfoSchema) });
export type FileListResponse = z.infer<typeof fileListResponseSchema>;
export const fileLinkResponseSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type FileLinkResponse = z.infer<typeof fileLinkResponseSchema>;

/** A file's `?inline=1` shows it in the browser; `?download=1` (public links) asks for the bytes, not the page. */
export const fileContentQuerySchema = z.object({ inline: z.string().optional(), download: z.string().optional() });

/** "1,5 MB", "820 KB", "12 bytes". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;
}

/** Several kinds accepted at one place (a library): the kind is decided by the content, in this order. */
export const filesTypesNotAllowed = (kinds: readonly FileKind[]) =>
  `Tipo de arquivo não permitido: envie ${kinds.map((k) => `${FILE_KINDS[k].label.toLowerCase()} (${FILE_KINDS[k].typesLabel})`).join(', ')}.`;

/** Share links that can be revoked (decision 0336): stored hashed, with an expiry. */
export const SHARE_LINK_MESSAGES = {
  revoked: 'Este link foi desativado por quem o compartilhou.',
  notFound: 'Link não encontrado.',
} as const;

export const shareLinkBodySchema = fileLinkBodySchema;

/** A share link as its file's members see it (the token is shown once, when it is created). */
export const shareLinkInfoSchema = z.object({
  id: z.string(),
  fileId: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  active: z.boolean(),
});
export type ShareLinkInfo = z.infer<typeof shareLinkInfoSchema>;
export const shareLinkCreatedSchema = shareLinkInfoSchema.extend({ url: z.string() });
export type ShareLinkCreated = z.infer<typeof shareLinkCreatedSchema>;
export const shareLinkListResponseSchema = z.object({ links: z.array(shareLinkInfoSchema) });
export type ShareLinkListResponse = z.infer<typeof shareLinkListResponseSchema>;

/** How the shared-file page shows a file in the browser; null: only 'Baixar'. */
export const FILE_PREVIEWS = ['image', 'video', 'audio', 'pdf'] as const;
export type FilePreview = (typeof FILE_PREVIEWS)[number];

/** The types a browser shows inline (images it decodes, PDF, audio, video): anything else is downloaded. */
export function previewOf(mime: string): FilePreview | null {
  if (/^image\/(jpeg|png|webp|gif)$/.test(mime)) return 'image';
  if (mime === 'application/pdf') return 'pdf';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  return null;
}

/**
 * GET /api/public/files/:token/info — what the page of a shared file shows an outside person
 * (decision 0392): the file and who shares it, nothing else of the company.
 */
export const publicFileViewSchema = z.object({
  name: z.string(),
  size: z.number(),
  mime: z.string(),
  preview: z.enum(FILE_PREVIEWS).nullable(),
  companyName: z.string(),
  expiresAt: z.string(),
});
export type PublicFileView = z.infer<typeof publicFileViewSchema>;
