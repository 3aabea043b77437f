import type { CustomFieldEntity, Deal } from '@sede/shared/crm/deals';
import type { Tenant } from '../../services.ts';
import { checkedCustomFields, dealExists, findDealDetail, listCustomFields } from './service.ts';

/**
 * What other CRM modules read of deals (decisions 0160, 0162): quotes and AI actions on a deal (engineer C),
 * contacts' custom fields (engineer B). Metrics read the tables directly.
 */

/** The company's deal with its organization, person and owner names, or null (absent or another company's). */
export function findDeal(tenant: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<Deal | null> {
  return findDealDetail(tenant.db, tenant.companyId, id);
}

/** Whether the deal is the company's (the 404 check of an endpoint on a deal). */
export function isCompanyDeal(tenant: Pick<Tenant, 'db' | 'companyId'>, id: string): Promise<boolean> {
  return dealExists(tenant.db, tenant.companyId, id);
}

/** The admin-defined custom fields of deals, people or organizations. */
export function customFieldsOf(tenant: Pick<Tenant, 'db' | 'companyId'>, entity: CustomFieldEntity) {
  return listCustomFields(tenant.db, tenant.companyId, entity);
}

/** Checks custom field values of a person or organization by type; throws a 400 in Portuguese. */
export function validateCustomFieldValues(tenant: Pick<Tenant, 'db' | 'companyId'>, entity: CustomFieldEntity, values: Record<string, unknown>, opts: { creating?: boolean } = {}) {
  return checkedCustomFields(tenant.db, tenant.companyId, entity, values, opts);
}

// The public API (modules/api-v1, decision 0641) serves the same deals and pipelines.
export { createDeal, getDeal, getPipeline, listDeals, listPipelines, loseDeal, moveDeal, updateDeal, winDeal, type ListedDeal } from './service.ts';
