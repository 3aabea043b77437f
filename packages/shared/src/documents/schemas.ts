import { z } from 'zod';
import { patchBody } from '../patch.ts';

/** Documentation (decisions 0281–0282): the company's documents in folders. */
export const DOCUMENT_VISIBILITIES = ['empresa', 'restrita'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];
export const DOCUMENT_VISIBILITY_LABELS: Record<DocumentVisibility, string> = {
  empresa: 'Toda a empresa',
  restrita: 'Só eu e as pessoas escolhidas',
};

/** /documentacoes-geral lists the company's shared documentation; /documentacoes the person's own and shared with them. */
export const DOCUMENT_SCOPES = ['geral', 'meus'] as const;
export type DocumentScope = (typeof DOCUMENT_SCOPES)[number];

export const DOCUMENT_LIMITS = { title: 200, folderName: 80, contentChars: 600_000 } as const;

export const DOCUMENT_MESSAGES = {
  notFound: 'Documento não encontrado.',
  folderNotFound: 'Pasta não encontrada.',
  versionNotFound: 'Versão não encontrada.',
  titleRequired: 'Informe o título.',
  titleTooLong: `O título pode ter até ${DOCUMENT_LIMITS.title} caracteres.`,
  folderNameRequired: 'Informe o nome da pasta.',
  folderNameTooLong: `O nome da pasta pode ter até ${DOCUMENT_LIMITS.folderName} caracteres.`,
  folderNotEmpty: 'A pasta tem documentos ou subpastas. Mova-os antes de excluí-la.',
  folderCycle: 'Uma pasta não pode ficar dentro dela mesma.',
  content: 'Conteúdo do documento inválido.',
  tooLong: 'O documento ficou grande demais para salvar. Divida-o em documentos menores.',
  stale: 'O documento foi alterado por outra pessoa enquanto você editava. Recarregue para ver a versão mais recente.',
  visibility: 'Visibilidade inválida.',
  members: 'Escolha pessoas da empresa.',
  exists: 'Já existe um documento com este endereço.',
  projectNotFound: 'Projeto não encontrado.',
} as const;

const id = z.uuid({ error: DOCUMENT_MESSAGES.notFound });
const title = z.string({ error: DOCUMENT_MESSAGES.titleRequired }).trim().min(1, DOCUMENT_MESSAGES.titleRequired).max(DOCUMENT_LIMITS.title, DOCUMENT_MESSAGES.titleTooLong);

/** A ProseMirror/Tiptap JSON node: a type, maybe attrs, content and text. Checked for shape, not for every node type. */
export type DocNode = { type: string; attrs?: Record<string, unknown>; content?: DocNode[]; text?: string; marks?: Array<{ type: string; attrs?: Record<string, unknown> }> };
const bad = { error: DOCUMENT_MESSAGES.content };
const docNode: z.ZodType<DocNode> = z.lazy(() =>
  z.object(
    {
      type: z.string(bad).min(1, bad).max(40, bad),
      attrs: z.record(z.string(), z.unknown(), bad).optional(),
      content: z.array(docNode, bad).max(20_000, bad).optional(),
      text: z.string(bad).optional(),
      marks: z.array(z.object({ type: z.string(bad).min(1, bad).max(40, bad), attrs: z.record(z.string(), z.unknown(), bad).optional() }, bad), bad).max(20, bad).optional(),
    },
    bad,
  ),
);
export const docContentSchema = z.object({ type: z.literal('doc', bad), content: z.array(docNode, bad).max(20_000, bad).optional() }, bad);
export type DocContent = z.infer<typeof docContentSchema>;
export const EMPTY_DOC: DocContent = { type: 'doc', content: [{ type: 'paragraph' }] };

export const folderCreateSchema = z.object({
  name: z.string({ error: DOCUMENT_MESSAGES.folderNameRequired }).trim().min(1, DOCUMENT_MESSAGES.folderNameRequired).max(DOCUMENT_LIMITS.folderName, DOCUMENT_MESSAGES.folderNameTooLong),
  parentId: z.uuid({ error: DOCUMENT_MESSAGES.folderNotFound }).nullable().optional(),
});
export const folderUpdateSchema = patchBody(folderCreateSchema.partial());

export const documentCreateSchema = z.object({
  /** The client may choose the id (the creator's URL), so a repeated request does not create twice. */
  id: id.optional(),
  title,
  folderId: z.uuid({ error: DOCUMENT_MESSAGES.folderNotFound }).nullable().optional(),
  visibility: z.enum(DOCUMENT_VISIBILITIES, { error: DOCUMENT_MESSAGES.visibility }).default('empresa'),
  content: docContentSchema.optional(),
  projectId: z.uuid({ error: DOCUMENT_MESSAGES.projectNotFound }).nullable().optional(),
});
export const documentSaveSchema = z.object({
  title: title.optional(),
  content: docContentSchema,
  /** The revision the editor started from; a different one on the server is a conflict (409). */
  revision: z.number().int().min(0),
});
export const documentUpdateSchema = patchBody(z.object({
  title: title.optional(),
  folderId: z.uuid({ error: DOCUMENT_MESSAGES.folderNotFound }).nullable().optional(),
  visibility: z.enum(DOCUMENT_VISIBILITIES, { error: DOCUMENT_MESSAGES.visibility }).optional(),
  memberIds: z.array(z.string().min(1).max(100), { error: DOCUMENT_MESSAGES.members }).max(200).optional(),
}));
export const documentListSchema = z.object({
  scope: z.enum(DOCUMENT_SCOPES).default('geral'),
  folderId: z.union([z.uuid(), z.literal('raiz')]).optional(),
  /** A project's documentation (/documentacao-projeto): every document of it the person may see. */
  projectId: z.uuid({ error: DOCUMENT_MESSAGES.projectNotFound }).optional(),
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(200).optional(),
});

export const DOCUMENT_EXPORT_FORMATS = ['pdf', 'docx'] as const;
export const documentExportQuerySchema = z.object({
  formato: z.enum(DOCUMENT_EXPORT_FORMATS, { error: 'Escolha o formato: pdf ou docx.' }),
});

export const documentFolderSchema = z.object({ id: z.string(), name: z.string(), parentId: z.string().nullable(), documents: z.number() });
export type DocumentFolder = z.infer<typeof documentFolderSchema>;
export const documentFolderListSchema = z.object({ folders: z.array(documentFolderSchema) });
export const documentListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  folderId: z.string().nullable(),
  projectId: z.string().nullable(),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
  /** With a search: the matching words in context, `«…»` around the matches. */
  snippet: z.string().nullable(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;
export const documentPageSchema = z.object({ items: z.array(documentListItemSchema), nextCursor: z.string().nullable() });
export type DocumentPage = z.infer<typeof documentPageSchema>;
export const documentViewSchema = documentListItemSchema.extend({
  content: docContentSchema,
  revision: z.number(),
  createdBy: z.string().nullable(),
  memberIds: z.array(z.string()),
  canManage: z.boolean(),
});
export type DocumentView = z.infer<typeof documentViewSchema>;
export const documentSavedSchema = z.object({ revision: z.number(), updatedAt: z.string() });
export const documentProjectSchema = z.object({ id: z.string(), name: z.string() });
export const documentVersionViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  createdByName: z.string().nullable(),
  reason: z.enum(['manual', 'auto', 'restore']),
});
export type DocumentVersionView = z.infer<typeof documentVersionViewSchema>;
export const documentVersionListSchema = z.object({ versions: z.array(documentVersionViewSchema) });
export const documentVersionSchema = z.object({ id: z.string(), title: z.string(), content: docContentSchema, createdAt: z.string() });

/** The plain text of a document (search, snippets, word counts): blocks end lines. */
export function docText(node: DocNode | DocContent): string {
  const out: string[] = [];
  const walk = (n: DocNode, line: string[]) => {
    if (n.text) line.push(n.text);
    for (const child of n.content ?? []) walk(child, line);
  };
  for (const block of node.content ?? []) {
    const line: string[] = [];
    walk(block, line);
    out.push(line.join(' '));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trim();
}

// ——— Drafting from a brief with AI (ai.document_draft, decision 0284) ———

export const DRAFT_LIMITS = { briefMin: 20, briefMax: 2000 } as const;
export const documentDraftRequestSchema = z.object({
  id: id,
  brief: z
    .string({ error: 'Descreva o documento que você quer.' })
    .trim()
    .min(DRAFT_LIMITS.briefMin, `Descreva o documento em pelo menos ${DRAFT_LIMITS.briefMin} caracteres.`)
    .max(DRAFT_LIMITS.briefMax, `O briefing pode ter até ${DRAFT_LIMITS.briefMax.toLocaleString('pt-BR')} caracteres.`),
  template: z.string().max(40).nullable().optional(),
  folderId: z.uuid({ error: DOCUMENT_MESSAGES.folderNotFound }).nullable().optional(),
  projectId: z.uuid({ error: DOCUMENT_MESSAGES.projectNotFound }).nullable().optional(),
  requestId: z.uuid(),
});
export type DocumentDraftRequest = z.infer<typeof documentDraftRequestSchema>;

/** What the model answers: a title and sections, turned into the editor's document by `draftToDoc`. */
export const documentDraftResultSchema = z.object({
  title: z.string().min(1).max(DOCUMENT_LIMITS.title),
  sections: z
    .array(z.object({ heading: z.string().min(1).max(200), paragraphs: z.array(z.string().max(4000)).max(20), bullets: z.array(z.string().max(500)).max(30) }))
    .min(1)
    .max(20),
});
export type DocumentDraftResult = z.infer<typeof documentDraftResultSchema>;
/** The draft's answer: the new document and what it cost (nothing, and no balance, when it existed already). */
export const documentDraftResponseSchema = z.object({ document: documentViewSchema, charged: z.number(), balance: z.number().nullable() });

export function draftToDoc(draft: DocumentDraftResult): DocContent {
  const text = (t: string): DocNode => ({ type: 'text', text: t });
  const content: DocNode[] = [];
  for (const s of draft.sections) {
    content.push({ type: 'heading', attrs: { level: 2 }, content: [text(s.heading)] });
    for (const p of s.paragraphs.filter((x) => x.trim())) content.push({ type: 'paragraph', content: [text(p.trim())] });
    const bullets = s.bullets.filter((b) => b.trim());
    if (bullets.length) content.push({ type: 'bulletList', content: bullets.map((b) => ({ type: 'listItem', content: [{ type: 'paragraph', content: [text(b.trim())] }] })) });
  }
  return { type: 'doc', content };
}
