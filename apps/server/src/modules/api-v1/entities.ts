import type { Context } from 'hono';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import type { PublicApiPermission } from './permissions.ts';

/**
 * The records the public API's tasks and files hang on, and what a key must hold to read or write
 * them (decision 0646): a key of the CRM alone never reaches a project's or a receivable's tasks
 * and files, whatever its creator may see.
 */
export const API_ENTITIES = {
  deal: { read: 'crm.read', write: 'crm.write' },
  quote: { read: 'crm.read', write: 'crm.write' },
  project: { read: 'projects.read', write: 'projects.write' },
  fin_entry: { read: 'finance.read', write: 'finance.write' },
  person: { read: 'parties.read', write: 'parties.write' },
  organization: { read: 'parties.read', write: 'parties.write' },
} as const satisfies Record<string, { read: PublicApiPermission; write: PublicApiPermission }>;
export type ApiEntityType = keyof typeof API_ENTITIES;
export const API_ENTITY_TYPES = Object.keys(API_ENTITIES) as [ApiEntityType, ...ApiEntityType[]];
export const ENTITY_TYPES_TEXT = 'deal (negócio), quote (orçamento), project (projeto), fin_entry (conta a receber ou a pagar), person (pessoa) ou organization (organização)';

const permsOf = (mode: 'read' | 'write') => [...new Set(API_ENTITY_TYPES.map((type) => API_ENTITIES[type][mode]))] as [PublicApiPermission, ...PublicApiPermission[]];
/** A key may list or read tasks and files with any of these; each record is then checked by its own. */
export const ENTITY_READ_PERMISSIONS = permsOf('read');
export const ENTITY_WRITE_PERMISSIONS = permsOf('write');

const isApiEntity = (type: string): type is ApiEntityType => Object.hasOwn(API_ENTITIES, type);

/** The entity types whose records the key may read (or write). */
export function entityTypesOf(c: Context<ApiKeyEnv>, mode: 'read' | 'write'): ApiEntityType[] {
  const grants = c.get('apiKey').grants;
  return API_ENTITY_TYPES.filter((type) => grants?.has(API_ENTITIES[type][mode]));
}

/** A request naming a record: 400 for a type the API does not serve, 403 when the key lacks its permission. */
export function checkEntityType(c: Context<ApiKeyEnv>, entityType: string, mode: 'read' | 'write') {
  if (!isApiEntity(entityType)) throw badRequest(`Tipo de registro não atendido pela API: use ${ENTITY_TYPES_TEXT}.`, 'UNKNOWN_ENTITY_TYPE');
  const needs = API_ENTITIES[entityType][mode];
  if (!c.get('apiKey').grants?.has(needs)) throw forbidden(`Esta chave não tem a permissão necessária (${needs}).`);
}

/** What an answer holds (a task, a file) hangs on a record the key may read (or write); else it is a 404 here. */
export function checkHeldBy(c: Context<ApiKeyEnv>, entityType: string | null, mode: 'read' | 'write', message: string) {
  if (entityType === null) return;
  if (!isApiEntity(entityType) || !c.get('apiKey').grants?.has(API_ENTITIES[entityType][mode])) throw notFound(message);
}
