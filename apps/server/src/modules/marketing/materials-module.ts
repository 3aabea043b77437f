import { schema } from '@sede/db/client';
import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { forbidden } from '../../http/errors.ts';
import { companyRows } from '../../platform/company-data/archive.ts';
import { registerEntity } from '../../platform/entities.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { MATERIAL_ENTITY, materialVisible } from './materials-service.ts';

/**
 * The library's files are platform files of entity 'marketing_material': seen (downloaded,
 * thumbnailed, shared by link) by whoever sees the material — `marketing.read` (else 403) and
 * its client visible (else 404).
 */
export function startMaterials(s: Services) {
  registerEntity(s, MATERIAL_ENTITY, {
    canSee: async (tenant, id, viewer) => {
      if (!canAny(grantsFor(viewer.membership), ['marketing.read'])) throw forbidden();
      return materialVisible(tenant, id);
    },
    path: () => '/marketing/materiais',
  });
}

/** `marketing/pastas-de-materiais.csv` and `marketing/materiais.csv` (the bytes are in `files/`). */
export function exportMaterials(tenant: Tenant, out: ExportSink) {
  const { marketingMaterialFolders, marketingMaterials } = schema;
  out.csv('pastas-de-materiais.csv', ['id', 'clientId', 'parentId', 'name', 'createdBy', 'createdAt', 'updatedAt'], companyRows(tenant, marketingMaterialFolders));
  out.csv('materiais.csv', ['id', 'clientId', 'folderId', 'fileId', 'tags', 'createdBy', 'createdAt', 'updatedAt'], companyRows(tenant, marketingMaterials));
}
