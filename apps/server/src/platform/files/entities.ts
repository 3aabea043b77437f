import type { Viewer } from '../viewer.ts';
import { serverState } from '../module.ts';
import type { Services, Tenant } from '../../services.ts';

/**
 * Who may see the files of an entity (decision 0110): each area registers its entity types with
 * the check its own endpoints use ("downloads checked like the entity"). The check answers
 * whether the tenant's person may see entity `id` of their company: false → the file does not
 * exist for them (404); it may throw `forbidden()` (403) when the person lacks the area's permission.
 * Seeing an entity lets a person list, download, attach files and create links; deleting needs
 * the uploader or an admin.
 */
export type FileEntityCheck = (tenant: Tenant, id: string, viewer: Viewer) => Promise<boolean>;

const entityRegistry = (s: Services) => serverState(s, 'files.entities', () => new Map<string, FileEntityCheck>());

export function registerFileEntity(s: Services, entityType: string, check: FileEntityCheck): void {
  entityRegistry(s).set(entityType, check);
}

export function fileEntityCheck(s: Services, entityType: string): FileEntityCheck | undefined {
  return entityRegistry(s).get(entityType);
}
