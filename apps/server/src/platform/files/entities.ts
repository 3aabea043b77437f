import { type EntityCheck, entityDefinition, registerEntity } from '../entities.ts';
import type { Services } from '../../services.ts';

/**
 * Who may see the files of an entity (decision 0110): the platform's entity registry
 * (`platform/entities.ts`), shared with comments and tasks. Seeing an entity lets a person list,
 * download, attach files and create links; deleting needs the uploader or an admin.
 */
export type FileEntityCheck = EntityCheck;

/** Same as `registerEntity(s, type, { canSee: check })`: the entity's comments and tasks follow it too. */
export function registerFileEntity(s: Services, entityType: string, check: FileEntityCheck): void {
  registerEntity(s, entityType, { canSee: check });
}

export function fileEntityCheck(s: Services, entityType: string): FileEntityCheck | undefined {
  return entityDefinition(s, entityType)?.canSee;
}
