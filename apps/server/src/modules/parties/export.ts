import { and, asc, eq, gt } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { paged } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/**
 * Organizations and people, deleted ones included with their deletion date (decision 0135). The
 * suppression list holds only keyed hashes, meaningless outside the server: left out.
 */
export async function exportParties(_s: Services, tenant: Tenant, out: ExportSink) {
  const { organizations: o, people: p } = schema;
  out.csv('organizacoes.csv', ORGANIZATION_COLUMNS, () =>
    paged((after, limit) =>
      tenant.db
        .select()
        .from(o)
        .where(and(eq(o.companyId, tenant.companyId), after === null ? undefined : gt(o.id, after as never)))
        .orderBy(asc(o.id))
        .limit(limit),
    ),
  );
  out.csv('pessoas.csv', PERSON_COLUMNS, () =>
    paged((after, limit) =>
      tenant.db
        .select()
        .from(p)
        .where(and(eq(p.companyId, tenant.companyId), after === null ? undefined : gt(p.id, after as never)))
        .orderBy(asc(p.id))
        .limit(limit),
    ),
  );
}

const ORGANIZATION_COLUMNS = ['id', 'razaoSocial', 'nomeFantasia', 'cnpj', 'email', 'phone', 'website', 'logradouro', 'numero', 'complemento', 'bairro', 'municipio', 'uf', 'cep', 'notes', 'createdBy', 'createdAt', 'updatedAt', 'deletedAt'];
const PERSON_COLUMNS = [
  'id',
  'name',
  'emails',
  'phones',
  'cpf',
  'position',
  'organizationId',
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
