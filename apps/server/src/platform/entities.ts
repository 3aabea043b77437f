import { type GuardKey, hasAnyPermission } from '@sede/shared/permissions';
import { canAny, grantsFor, type Permission } from '@sede/shared/registry/permissions';
import { forbidden } from '../http/errors.ts';
import type { Viewer } from './viewer.ts';
import { serverState } from './module.ts';
import type { Services, Tenant } from '../services.ts';

/**
 * Who may see an entity (decisions 0110, 0130): each area registers its entity types once, in
 * its module's `start`, with the check its own endpoints use. Files, comments and tasks attached
 * to an entity are checked through it. The check answers whether the tenant's person may see
 * entity `id` of their company: false → it does not exist for them (404); it may throw
 * `forbidden()` (403) when the person lacks the area's permission.
 */
export type EntityCheck = (tenant: Tenant, id: string, viewer: Viewer) => Promise<boolean>;

export type EntityDefinition = {
  canSee: EntityCheck;
  /** The page that shows the entity (a notification's link), e.g. `(id) => `/crm/deals/${id}``. */
  path?: (id: string) => string;
  /**
   * How its tasks name where they live in 'Minhas tarefas' (decision 0423): the kind ('Projeto')
   * and the names of those of `ids` the person may see (the others stay unnamed).
   */
  names?: { kind: string; of: (tenant: Tenant, viewer: Viewer, ids: string[]) => Promise<Map<string, string>> };
};

/**
 * The check of an area's own records: whoever holds `permission` may see them (else 403), and
 * `exists` says whether `id` is one of the company's (else 404). An area the spec names by a flag
 * (`'financeiro'`) also lets in whoever holds the flag.
 */
export const readersOf =
  (permission: Permission, exists: (tenant: Tenant, id: string) => Promise<boolean>, specFlag?: GuardKey): EntityCheck =>
  async (tenant, id, viewer) => {
    const byFlag = specFlag !== undefined && hasAnyPermission(viewer.permissions, [specFlag]);
    if (!byFlag && !canAny(grantsFor(viewer.membership), [permission])) throw forbidden();
    return exists(tenant, id);
  };

const registry = (s: Services) => serverState(s, 'platform.entities', () => new Map<string, EntityDefinition>());

export function registerEntity(s: Services, entityType: string, definition: EntityDefinition): void {
  registry(s).set(entityType, definition);
}

export function entityDefinition(s: Services, entityType: string): EntityDefinition | undefined {
  return registry(s).get(entityType);
}
