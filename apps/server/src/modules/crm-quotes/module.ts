import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { forbidden } from '../../http/errors.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import { exportCrmQuotes } from './export.ts';
import { crmQuotesRoutes } from './routes.ts';

/** Products, services and quotes of the CRM (issue 12 item 1, decisions 0160–0161). */
export default defineModule({
  key: 'crm-quotes',
  mount: '/crm-quotes',
  routes: crmQuotesRoutes,
  exportData: exportCrmQuotes,
  start: (s) => {
    // Files and comments may attach to a quote (the signed PO, the client's questions).
    registerEntity(s, 'quote', {
      canSee: async (tenant, id, viewer) => {
        if (!canAny(grantsFor(viewer.membership), ['crm.read'])) throw forbidden();
        const [row] = await tenant.db
          .select({ id: schema.crmQuotes.id })
          .from(schema.crmQuotes)
          .where(and(eq(schema.crmQuotes.companyId, tenant.companyId), eq(schema.crmQuotes.id, id)));
        return Boolean(row);
      },
    });
  },
});
