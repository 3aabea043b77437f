import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/**
 * Organizations and people, deleted ones included with their deletion date (decision 0135). The
 * suppression list holds only keyed hashes, meaningless outside the server: left out.
 */
export async function exportParties(_s: Services, tenant: Tenant, out: ExportSink) {
  const { organizations: o, people: p } = schema;
  out.csv('organizacoes.csv', ORGANIZATION_COLUMNS, companyRows(tenant, o));
  out.csv('pessoas.csv', PERSON_COLUMNS, companyRows(tenant, p));
}

const ORGANIZATION_COLUMNS = ['id', 'razaoSocial', 'nomeFantasia', 'cnpj', 'email', 'phone', 'website', 'logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'uf', 'cep', 'ownerId', 'tags', 'customFields', 'notes', 'createdBy', 'createdAt', 'updatedAt', 'deletedAt'];
const PERSON_COLUMNS = [
  'id',
  'name',
  'emails',
  'phones',
  'cpf',
  'position',
  'organizationId',
  'ownerId',
  'tags',
  'customFields',
  'notes',
  'legalBasis',
  'legalBasisSource',
  'legalBasisAt',
  'emailOptOut',
  'whatsappOptOut',
  'emailBounced',
  'suppressed',
  'createdBy',
  'createdAt',
  'updatedAt',
  'deletedAt',
];
