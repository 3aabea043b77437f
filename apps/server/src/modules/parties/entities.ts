import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import type { Services } from '../../services.ts';
import { addPersonErasureStep } from './person-hooks.ts';
import { isCompanyPerson, isLiveOrganization } from './service.ts';

/**
 * People and organizations as records that tasks, comments and files hang on (decision 0656),
 * seen by whoever may read the parties. Erasing a person takes what hung on them along.
 */
export function registerPartyEntities(s: Services) {
  registerEntity(s, 'person', { canSee: readersOf('parties.read', (tenant, id) => isCompanyPerson(tenant.db, tenant.companyId, id)), path: () => '/lista-contatos' });
  registerEntity(s, 'organization', { canSee: readersOf('parties.read', (tenant, id) => isLiveOrganization(tenant.db, tenant.companyId, id)), path: () => '/lista-contatos' });
  addPersonErasureStep(s, async (tx, tenant, personId) => {
    for (const table of [schema.tasks, schema.comments]) {
      await tx.delete(table).where(and(eq(table.companyId, tenant.companyId), eq(table.entityType, 'person'), eq(table.entityId, personId)));
    }
  });
}
