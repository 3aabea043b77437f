import { z } from 'zod';

/** The canvas workspace (decisions 0295–0298, 0311): the company's Excalidraw whiteboards. */
export const CANVAS_LIMITS = { title: 120, elements: 20_000 } as const;

export const CANVAS_MESSAGES = {
  notFound: 'Quadro não encontrado.',
  titleRequired: 'Informe o nome do quadro.',
  titleTooLong: `O nome do quadro pode ter até ${CANVAS_LIMITS.title} caracteres.`,
  scene: 'Desenho do quadro inválido.',
  tooManyElements: `O quadro pode ter até ${CANVAS_LIMITS.elements} elementos. Divida o desenho em outros quadros.`,
  inlineImage: 'As imagens do quadro vão como arquivos, nunca dentro do desenho. Adicione a imagem de novo.',
  unknownFile: 'Uma imagem do quadro não foi encontrada entre os arquivos dele. Adicione a imagem de novo.',
  stale: 'O quadro foi alterado por outra pessoa enquanto você desenhava. Recarregue para ver a versão mais recente.',
  onlyOwner: 'Só quem criou o quadro (ou um administrador) pode excluí-lo.',
  exists: 'Já existe um quadro com este endereço.',
} as const;

const bad = { error: CANVAS_MESSAGES.scene };
const title = z.string({ error: CANVAS_MESSAGES.titleRequired }).trim().min(1, CANVAS_MESSAGES.titleRequired).max(CANVAS_LIMITS.title, CANVAS_MESSAGES.titleTooLong);

/**
 * What a board keeps of an Excalidraw scene: its elements (checked for shape only: an id and a
 * type; Excalidraw's own restore repairs the rest), a small part of the app state, and the map
 * from Excalidraw's image `fileId` to the platform file (decision 0296): never image bytes.
 */
export const canvasSceneSchema = z.object(
  {
    elements: z
      .array(z.looseObject({ id: z.string(bad).min(1, bad).max(100, bad), type: z.string(bad).min(1, bad).max(40, bad) }, bad), bad)
      .max(CANVAS_LIMITS.elements, CANVAS_MESSAGES.tooManyElements),
    appState: z
      .object({ viewBackgroundColor: z.string(bad).max(40, bad).optional() }, bad)
      .default({}),
    files: z.record(z.string(bad).min(1, bad).max(100, bad), z.uuid({ error: CANVAS_MESSAGES.unknownFile }), bad).default({}),
  },
  bad,
);
export type CanvasScene = z.infer<typeof canvasSceneSchema>;
export const EMPTY_SCENE: CanvasScene = { elements: [], appState: {}, files: {} };

export const canvasCreateSchema = z.object({
  /** The client may choose the id, so a repeated request does not create twice. */
  id: z.uuid({ error: CANVAS_MESSAGES.notFound }).optional(),
  title,
});
export const canvasRenameSchema = z.object({ title });
export const canvasSaveSchema = z.object({
  scene: canvasSceneSchema,
  /** The revision the editor started from; another one on the server is a conflict (409). */
  revision: z.number({ error: CANVAS_MESSAGES.scene }).int().min(0),
});

/**
 * The shared state of a board (decision 0311): Y.Maps of the Y.Doc the board's sync socket serves.
 * `elements`: Excalidraw's elements by id, whole (deleted ones kept with `isDeleted`, so the higher
 * `version` wins everywhere); `files`: Excalidraw's image `fileId` → platform file id;
 * `appState`: `viewBackgroundColor`.
 */
export const CANVAS_YDOC = { elements: 'elements', files: 'files', appState: 'appState' } as const;

/** Excalidraw's drawing order: its fractional `index` (base-62 strings, compared as such), ties by id. */
export const byCanvasIndex = (a: { id: string; index?: string | null }, b: { id: string; index?: string | null }) => {
  const x = a.index ?? '';
  const y = b.index ?? '';
  return x < y ? -1 : x > y ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

// ---- responses (the routes' contracts; the types are derived from them) ----

export const canvasBoardListItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  updatedByName: z.string().nullable(),
  createdBy: z.string().nullable(),
  canManage: z.boolean(),
  elements: z.number(),
});
export type CanvasBoardListItem = z.infer<typeof canvasBoardListItemSchema>;
export const canvasBoardListSchema = z.object({ boards: z.array(canvasBoardListItemSchema) });
/** A stored scene as it is answered (its shape only: the limits are the request's). */
const storedSceneSchema = z.object({
  elements: z.array(z.looseObject({ id: z.string(), type: z.string() })),
  appState: z.object({ viewBackgroundColor: z.string().optional() }),
  files: z.record(z.string(), z.string()),
});
export const canvasBoardViewSchema = canvasBoardListItemSchema.extend({ scene: storedSceneSchema, revision: z.number() });
export type CanvasBoardView = z.infer<typeof canvasBoardViewSchema>;
export const canvasSaveResultSchema = z.object({ revision: z.number(), updatedAt: z.string() });
export type CanvasSaveResult = z.infer<typeof canvasSaveResultSchema>;
export const canvasDeletedSchema = z.object({ ok: z.literal(true) });
