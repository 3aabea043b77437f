import { z } from 'zod';
import { patchBody } from '../patch.ts';
import type { FileKind } from '../platform/files.ts';
import { BIDI_CONTROLS_MESSAGE, hasBidiControls, safeText } from '../text.ts';

/**
 * The materials library of marketing (decisions 0335–0339): a client's files (logos,
 * photos, videos, PDFs…) in nested folders, with tags, thumbnails and share links that expire.
 * The bytes, type sniffing, limits, thumbnails and links are the platform's files.
 */
export const MATERIAL_KINDS = ['image', 'video', 'document', 'audio'] as const satisfies readonly FileKind[];
export type MaterialKind = (typeof MATERIAL_KINDS)[number];
export const MATERIAL_KIND_LABELS: Record<MaterialKind, string> = { image: 'Imagem', video: 'Vídeo', document: 'Documento', audio: 'Áudio' };

export const MATERIAL_LIMITS = { folderName: 80, folderDepth: 4, tags: 20, tag: 40, pageSize: 60, maxPageSize: 200, q: 100 } as const;

export const MATERIAL_MESSAGES = {
  notFound: 'Material não encontrado.',
  folderNotFound: 'Pasta não encontrada.',
  folderName: 'Informe o nome da pasta.',
  folderNameTooLong: `O nome da pasta pode ter até ${MATERIAL_LIMITS.folderName} caracteres.`,
  folderExists: 'Já existe uma pasta com esse nome aqui.',
  folderTooDeep: `As pastas podem ter até ${MATERIAL_LIMITS.folderDepth} níveis.`,
  folderNotEmpty: 'A pasta não está vazia. Mova ou exclua o que há nela antes de excluí-la.',
  folderOtherClient: 'A pasta escolhida é de outra empresa cliente.',
  folderDestination: 'Pasta de destino não encontrada nesta empresa cliente.',
  folderIntoItself: 'Uma pasta não pode ser movida para dentro dela mesma nem de uma das suas subpastas.',
  folderMoveTooDeep: `Com as subpastas que tem, esta pasta passaria de ${MATERIAL_LIMITS.folderDepth} níveis no destino. Escolha uma pasta mais acima.`,
  folderUpdateEmpty: 'Informe o novo nome ou a pasta de destino.',
  tags: `Use até ${MATERIAL_LIMITS.tags} etiquetas de até ${MATERIAL_LIMITS.tag} caracteres (letras, números, espaço ou hífen).`,
  kind: 'Escolha um tipo válido: imagem, vídeo, documento ou áudio.',
  cursor: 'Página inválida. Recarregue a lista.',
  client: 'Escolha a empresa cliente.',
  clientArchived: 'Esta empresa cliente está arquivada. Reative-a nas opções para enviar materiais.',
  q: `A busca pode ter até ${MATERIAL_LIMITS.q} caracteres.`,
  duplicate: (name: string, folder: string | null) => `Este arquivo já está na biblioteca desta empresa cliente como "${name}"${folder ? `, na pasta "${folder}"` : ''}.`,
} as const;

const M = MATERIAL_MESSAGES;

const tag = z
  .string({ error: M.tags })
  .trim()
  .transform((v) => v.replace(/^#+/, '').replace(/\s+/g, ' ').toLowerCase())
  .pipe(z.string().min(1, M.tags).max(MATERIAL_LIMITS.tag, M.tags).regex(/^[\p{L}\p{N}][\p{L}\p{N} _-]*$/u, M.tags));
const tags = z
  .array(tag, { error: M.tags })
  .max(MATERIAL_LIMITS.tags, M.tags)
  .transform((v) => [...new Set(v)]);
/** A material's tags (lower-cased, `#` dropped, no repeats): the rules of 'Editar' and of the upload. */
export const materialTagsSchema = tags;

/** The tags a person typed as a comma list ("Logo, #Verão") — the upload's `tags` query and the tag fields. */
export const materialTagListSchema = z
  .string({ error: M.tags })
  .optional()
  .transform((v) => (v ? v.split(',').filter((x) => x.trim()) : []))
  .pipe(tags);

const folderName = safeText({ error: M.folderName })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, M.folderName).max(MATERIAL_LIMITS.folderName, M.folderNameTooLong).regex(/^[^/\\]+$/, 'O nome da pasta não pode ter / nem \\.'));

export const folderCreateSchema = z.object({
  clientId: z.uuid({ error: M.client }),
  parentId: z.uuid({ error: M.folderNotFound }).nullish(),
  name: folderName,
});
/** Rename and/or move (`parentId`: a folder of the same client, null = the library's root). */
export const folderUpdateSchema = z
  .object({ name: folderName.optional(), parentId: z.uuid({ error: M.folderDestination }).nullable().optional() })
  .refine((v) => v.name !== undefined || v.parentId !== undefined, { error: M.folderUpdateEmpty });
export type FolderUpdateInput = z.input<typeof folderUpdateSchema>;
export const folderListQuerySchema = z.object({ clientId: z.uuid({ error: M.client }) });

/** The upload's query (the bytes are the body, the name in `x-file-name`): tags as a comma list. */
export const materialUploadQuerySchema = z.object({
  clientId: z.uuid({ error: M.client }),
  folderId: z.uuid({ error: M.folderNotFound }).optional(),
  tags: materialTagListSchema,
  /** The same content already in the client's library: 'ask' answers 409 MATERIAL_DUPLICATE (decision 0393), 'keep' stores it again. */
  onDuplicate: z.enum(['ask', 'keep'], { error: 'Escolha manter os dois arquivos ou pular.' }).default('ask'),
});

/** The 409 of an upload whose content the client's library already holds: the material it matches. */
export type MaterialDuplicate = { id: string; name: string; folderName: string | null };

const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

/**
 * The library's list: newest first by cursor. `folderId` = a folder (its own materials only) or
 * 'raiz' (those in no folder); absent = every folder. `kind` a comma list; `q` searches names and tags.
 */
export const materialListQuerySchema = z.object({
  clientId: z.uuid({ error: M.client }).optional(),
  folderId: z.union([z.literal('raiz'), z.uuid({ error: M.folderNotFound })]).optional(),
  kind: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').filter(Boolean) : []))
    .pipe(z.array(z.enum(MATERIAL_KINDS, { error: M.kind }))),
  tag: tag.optional(),
  q: z.string().trim().max(MATERIAL_LIMITS.q, M.q).optional(),
  cursor: z.string().max(200).optional(),
  limit: int(1, MATERIAL_LIMITS.maxPageSize).default(MATERIAL_LIMITS.pageSize),
});
export type MaterialListQuery = z.input<typeof materialListQuerySchema>;

/** Rename (the file's name), move (`folderId`, null = out of any folder) and tags. */
export const materialUpdateSchema = patchBody(z
  .object({
    name: safeText({ error: 'Informe o nome do material.' })
      .refine((v) => !hasBidiControls(v), { message: BIDI_CONTROLS_MESSAGE, abort: true })
      .transform((v) => v.trim())
      .pipe(z.string().min(1, 'Informe o nome do material.').max(200, 'O nome pode ter até 200 caracteres.').regex(/^[^/\\]+$/, 'O nome não pode ter / nem \\.')),
    folderId: z.uuid({ error: M.folderNotFound }).nullable(),
    tags,
  })
  .partial());
export type MaterialUpdateInput = z.input<typeof materialUpdateSchema>;

export const materialFolderSchema = z.object({ id: z.string(), clientId: z.string(), parentId: z.string().nullable(), name: z.string(), createdAt: z.string() });
export type MaterialFolder = z.infer<typeof materialFolderSchema>;
export const materialFolderListSchema = z.object({ folders: z.array(materialFolderSchema) });
export type MaterialFolderListResponse = z.infer<typeof materialFolderListSchema>;

export const materialViewSchema = z.object({
  id: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  folderId: z.string().nullable(),
  fileId: z.string(),
  name: z.string(),
  kind: z.enum(MATERIAL_KINDS),
  mime: z.string(),
  size: z.number(),
  hasThumbnail: z.boolean(),
  tags: z.array(z.string()),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type MaterialView = z.infer<typeof materialViewSchema>;
export const materialListSchema = z.object({ materials: z.array(materialViewSchema), nextCursor: z.string().nullable() });
export type MaterialListResponse = z.infer<typeof materialListSchema>;
export const materialTagsListSchema = z.object({ tags: z.array(z.object({ tag: z.string(), count: z.number() })) });
export type MaterialTagsResponse = z.infer<typeof materialTagsListSchema>;
/** GET /material-tags: the tags in use, of one client or of every visible one. */
export const tagsQuerySchema = z.object({ clientId: z.uuid({ error: M.client }).optional() });
