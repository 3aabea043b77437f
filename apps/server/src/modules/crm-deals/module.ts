import { sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows, paged } from '../../platform/company-data/archive.ts';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import type { ExportSink } from '../../platform/module.ts';
import { crmDealsRoutes } from './routes.ts';
import { setPartyCustomFieldsCheck } from '../parties/public.ts';
import { checkedCustomFields, dealExists } from './service.ts';

async function start(s: Services) {
  // Comments, tasks (activities) and files on a deal: whoever may open the board (decision 0125).
  registerEntity(s, 'deal', {
    canSee: readersOf('crm.read', (tenant, id) => dealExists(tenant.db, tenant.companyId, id)),
    path: (id) => `/kanban-leads?negocio=${id}`,
  });
  // People's and organizations' custom field values are checked against the definitions kept here (decision 0190).
  setPartyCustomFieldsCheck(s, (tenant, entity, values, opts) => checkedCustomFields(tenant.db, tenant.companyId, entity, values, opts));
}

async function exportDeals(_s: Services, tenant: Tenant, out: ExportSink) {
  out.csv('funis.csv', ['id', 'name', 'position', 'createdAt', 'updatedAt'], companyRows(tenant, schema.crmPipelines));
  out.csv('etapas.csv', ['id', 'pipelineId', 'name', 'position', 'probability', 'createdAt'], companyRows(tenant, schema.crmStages));
  out.csv(
    'negocios.csv',
    ['id', 'pipelineId', 'stageId', 'title', 'valueCents', 'ownerId', 'organizationId', 'personId', 'source', 'expectedCloseDate', 'status', 'wonReason', 'wonNote', 'lostReason', 'lostNote', 'closedAt', 'position', 'tags', 'customFields', 'stageEnteredAt', 'createdBy', 'createdAt', 'updatedAt'],
    companyRows(tenant, schema.deals),
  );
  out.csv('contatos-dos-negocios.csv', ['dealId', 'personId', 'position'], () =>
    paged(async (after, limit) => {
      const res = await tenant.db.execute(sql`
        SELECT deal_id::text || ':' || person_id::text AS id, deal_id AS "dealId", person_id AS "personId", position FROM deal_people
        WHERE company_id = ${tenant.companyId} ${after === null ? sql`` : sql`AND deal_id::text || ':' || person_id::text > ${after}`}
        ORDER BY 1 LIMIT ${limit}`);
      return res.rows as Array<{ id: string }>;
    }),
  );
  out.csv('historico-etapas.csv', ['id', 'dealId', 'fromStageId', 'toStageId', 'actorId', 'at'], companyRows(tenant, schema.dealStageHistory));
  out.csv('campos-personalizados.csv', ['id', 'entity', 'key', 'label', 'type', 'options', 'required', 'position', 'createdAt'], companyRows(tenant, schema.crmCustomFields));
}

/** The CRM board: pipelines, stages, deals, custom fields (decisions 0150–0154). */
export default defineModule({ key: 'crm-deals', area: 'crm', mount: '/crm', routes: crmDealsRoutes, start, exportData: exportDeals });
