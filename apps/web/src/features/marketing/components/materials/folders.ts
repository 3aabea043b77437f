import type { MaterialFolder } from '@sede/shared/marketing/materials';

/** The folders from the root down to `id` (breadcrumbs). */
export function folderTrail(id: string | undefined, folders: MaterialFolder[]): MaterialFolder[] {
  const byId = new Map(folders.map((f) => [f.id, f]));
  const trail: MaterialFolder[] = [];
  let current = id ? byId.get(id) : undefined;
  while (current && trail.length < 10) {
    trail.unshift(current);
    current = current.parentId ? byId.get(current.parentId) : undefined;
  }
  return trail;
}

/** "Marca / 2026 / Verão". */
export const folderPath = (id: string, folders: MaterialFolder[]) =>
  folderTrail(id, folders)
    .map((f) => f.name)
    .join(' / ');
