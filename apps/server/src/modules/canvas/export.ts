import { and, eq, sql } from 'drizzle-orm';
import { Readable } from 'node:stream';
import { schema } from '@sede/db/client';
import type { CanvasScene } from '@sede/shared/canvas/schemas';
import { companyPage, entityFileName, paged } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import { storedSharedState } from '../../platform/sync/rooms.ts';
import type { Services, Tenant } from '../../services.ts';
import { readEntityFile } from '../files/public.ts';
import { CANVAS_ENTITY, canvasSync, ydocToScene } from './sync.ts';

const { canvasBoards: B } = schema;

/** The board as it is now: its shared state when it was edited together (what the stored scene follows), else the stored scene. */
async function currentScene(tenant: Tenant, id: string, stored: CanvasScene): Promise<CanvasScene> {
  const doc = await storedSharedState(tenant.db, canvasSync, tenant.companyId, id);
  try {
    return (doc && ydocToScene(doc)) ?? stored;
  } finally {
    doc?.destroy();
  }
}

/**
 * A board as an Excalidraw file (decision 0425): the JSON excalidraw.com and the desktop app open,
 * its images (platform files) inside it as data URLs, as Excalidraw keeps them.
 */
export async function excalidrawFile(s: Services, tenant: Tenant, id: string): Promise<string | null> {
  const [row] = await tenant.db.select({ scene: B.scene }).from(B).where(and(eq(B.id, id), eq(B.companyId, tenant.companyId)));
  if (!row) return null;
  const scene = await currentScene(tenant, id, row.scene as CanvasScene);
  // As Excalidraw saves a file: the deleted elements left out, and the images no element shows.
  const elements = scene.elements.filter((e) => !e.isDeleted);
  const shown = new Set(elements.map((e) => e.fileId).filter(Boolean));
  const files: Record<string, { id: string; mimeType: string; dataURL: string; created: number }> = {};
  for (const [excalidrawId, fileId] of Object.entries(scene.files).filter(([k]) => shown.has(k))) {
    const file = await readEntityFile(s, tenant, fileId, CANVAS_ENTITY, id);
    if (file) files[excalidrawId] = { id: excalidrawId, mimeType: file.mime, dataURL: `data:${file.mime};base64,${file.bytes.toString('base64')}`, created: Date.now() };
  }
  const appState = { viewBackgroundColor: scene.appState.viewBackgroundColor ?? '#ffffff', gridSize: null };
  return `${JSON.stringify({ type: 'excalidraw', version: 2, source: s.cfg.appUrl, elements, appState, files }, null, 2)}\n`;
}

/** Boards page by page (id, title and the count of live elements; the scenes are read one at a time, by the files). */
const boards = (tenant: Tenant) => () =>
  paged((after, limit) =>
    companyPage(
      tenant.db
        .select({
          id: B.id,
          title: B.title,
          elements: sql<number>`(SELECT count(*) FROM jsonb_array_elements(${B.scene}->'elements') e WHERE NOT coalesce((e->>'isDeleted')::boolean, false))`.mapWith(Number),
          revision: B.revision,
          createdBy: B.createdBy,
          updatedBy: B.updatedBy,
          createdAt: B.createdAt,
          updatedAt: B.updatedAt,
        })
        .from(B)
        .$dynamic(),
      B, tenant, after, limit,
    ),
  );

/**
 * The canvas in the company's export (decisions 0135, 0425): one Excalidraw file per board under
 * canvas/quadros/ and a list of the boards naming each one's file. The shared-editing state is not
 * exported as such: each file is the board as it is now.
 */
export async function exportCanvas(s: Services, tenant: Tenant, out: ExportSink) {
  const fileOf = (b: { id: string; title: string }) => entityFileName(b.title, b.id, 'excalidraw');
  out.csv('canvas-quadros.csv', ['id', 'title', 'arquivo', 'elements', 'revision', 'createdBy', 'updatedBy', 'createdAt', 'updatedAt'], async function* () {
    for await (const b of boards(tenant)()) yield { ...b, arquivo: `quadros/${fileOf(b)}` };
  });
  for await (const b of boards(tenant)()) out.file(`canvas/quadros/${fileOf(b)}`, async () => Readable.from([(await excalidrawFile(s, tenant, b.id)) ?? '']));
}
