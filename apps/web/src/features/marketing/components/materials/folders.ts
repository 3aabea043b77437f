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

export type MoveTarget = {
  /** null = the library's root. */
  folder: MaterialFolder | null;
  /** 0 for the root, 1 for a folder at the root… */
  level: number;
  /** Why the folder cannot receive the moved one (null = it can). */
  blocked: 'self' | 'inside' | 'deep' | null;
  /** The folder's current parent. */
  current: boolean;
};

/**
 * Where a folder may go (decision 0342): the client's folders as a tree (by name), the root
 * first. The folder itself and its subfolders are blocked (the server answers 409), and so is a
 * destination where the folder and its subfolders would pass `maxDepth` levels (400).
 */
export function moveTargets(moving: MaterialFolder, folders: MaterialFolder[], maxDepth: number): MoveTarget[] {
  const own = folders.filter((f) => f.clientId === moving.clientId);
  const children = new Map<string | null, MaterialFolder[]>();
  for (const f of own) children.set(f.parentId, [...(children.get(f.parentId) ?? []), f]);
  for (const list of children.values()) list.sort((a, b) => a.name.localeCompare(b.name, 'pt-BR', { sensitivity: 'base' }));
  const height = (id: string, guard = 0): number => (guard > maxDepth + 1 ? 0 : 1 + Math.max(0, ...(children.get(id) ?? []).map((c) => height(c.id, guard + 1))));
  const movingHeight = height(moving.id);
  const rows: MoveTarget[] = [{ folder: null, level: 0, blocked: null, current: moving.parentId === null }];
  const walk = (parentId: string | null, level: number, inside: boolean) => {
    for (const f of children.get(parentId) ?? []) {
      const self = f.id === moving.id;
      const blocked = self ? 'self' : inside ? 'inside' : level + movingHeight > maxDepth ? 'deep' : null;
      rows.push({ folder: f, level, blocked, current: f.id === moving.parentId });
      if (level <= maxDepth) walk(f.id, level + 1, inside || self);
    }
  };
  walk(null, 1, false);
  return rows;
}
