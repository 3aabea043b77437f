import type { Permission } from '@sede/shared/registry/permissions';

/**
 * The permissions the public API's routes ask of a key: the only ones the key form offers
 * (modules/api-keys), each route naming one of them (access.ts types it).
 */
export const PUBLIC_API_PERMISSIONS = ['parties.read', 'parties.write', 'crm.read', 'crm.write', 'crm.delete', 'finance.read', 'finance.write', 'finance.approve', 'sales.write', 'projects.read', 'projects.write'] as const satisfies readonly Permission[];
export type PublicApiPermission = (typeof PUBLIC_API_PERMISSIONS)[number];

/** A permission whose reach in the public API is narrower than its action's name says: the key form shows this instead. */
export const PUBLIC_API_PERMISSION_LABELS: Partial<Record<PublicApiPermission, string>> = {
  'sales.write': 'Cadastrar e alterar produtos e serviços',
};
