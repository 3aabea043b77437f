import { badRequest } from '../../http/errors.ts';
import { serverState } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/**
 * The admin-defined custom fields of people and organizations (decision 0190).
 * The definitions belong to the CRM (crm_custom_fields); the CRM registers, in its module's
 * `start`, the check the parties' writes run: it returns the values to store or throws a 400 in
 * Portuguese. Without the CRM, custom field values are refused.
 */
export type PartyCustomFieldsCheck = (
  tenant: Pick<Tenant, 'db' | 'companyId'>,
  entity: 'person' | 'organization',
  values: Record<string, unknown>,
  opts: { creating?: boolean },
) => Promise<Record<string, unknown>>;

const checks = (s: Services) => serverState<{ check: PartyCustomFieldsCheck | null }>(s, 'parties.customFieldsCheck', () => ({ check: null }));

export const setPartyCustomFieldsCheck = (s: Services, check: PartyCustomFieldsCheck) => void (checks(s).check = check);

export async function checkPartyCustomFields(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, entity: 'person' | 'organization', values: Record<string, unknown>, opts: { creating?: boolean } = {}) {
  const check = checks(s).check;
  if (check) return check(tenant, entity, values, opts);
  if (Object.keys(values).length > 0) throw badRequest('Campos personalizados não estão disponíveis.', 'CUSTOM_FIELD_INVALID');
  return {};
}

/** A PATCH merges the given keys into the stored values; null (or '') clears one. */
export function mergeCustomFields(stored: Record<string, unknown>, checked: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...stored };
  for (const [k, v] of Object.entries(checked)) {
    if (v === null || v === undefined || v === '') delete merged[k];
    else merged[k] = v;
  }
  return merged;
}
