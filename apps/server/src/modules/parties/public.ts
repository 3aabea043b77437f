/**
 * What areas use of the parties (decision 0126): organizations and people are referenced by id
 * from the areas' own tables (CRM deals, finance's clientes/fornecedores, jurídico's partes,
 * the inbox's conversations), never copied.
 */
import type { Organization } from '@sede/shared/platform/parties';
import type { Services, Tenant } from '../../services.ts';
import { cnpjLookupFor, foundOrThrow } from '../cnpj/public.ts';
import { findOrCreateOrganizationFromRecord } from './service.ts';

export { getOrganization, getPerson } from './service.ts';
// The public API (modules/api-v1, decision 0641) serves the same lists and writes.
export { createOrganization, createPerson, listOrganizations, listPeople, updateOrganization, updatePerson } from './service.ts';
export { setPartyCustomFieldsCheck, type PartyCustomFieldsCheck } from './custom-fields-hook.ts';
export { addPersonErasureStep, addPersonExportPart, type PersonErasureStep, type PersonExportPart } from './person-hooks.ts';
export { isSuppressed, suppress, suppressionHash, type Contact } from './suppression.ts';

/**
 * The company's organization with this CNPJ, or a new one filled through the CNPJ lookup
 * (cache first). A CNPJ the lookup does not know answers the lookup's 404; a failed lookup 502.
 */
export async function findOrCreateOrganizationByCnpj(s: Services, tenant: Tenant, cnpj: string): Promise<{ organization: Organization; created: boolean }> {
  return findOrCreateOrganizationFromRecord(tenant, foundOrThrow(await cnpjLookupFor(s).lookup(cnpj)));
}

// The CRM's contact tools (decision 0155) reuse the lists' filter and the CSV cell.
export { checkOwner, organizationsWhere, peopleWhere, toOrganization, toPerson } from './service.ts';

// What the areas' references to a party are checked with (a deal's, a quote's, a project's organization).
export { isCompanyPerson, isLiveOrganization } from './service.ts';

// Prospecting's leads (decision 0207): organizations from the Receita's own record, contact people by e-mail/phone.
export { findOrCreateOrganizationFromRecord } from './service.ts';
export { findOrCreatePersonByContact, type LeadPersonInput } from './lead-person.ts';

// E-commerce's buyers (decision 0681): by CNPJ, CPF or e-mail.
export { findOrCreateCustomer, findOrCreateCustomers, type CustomerInput } from './customer.ts';
