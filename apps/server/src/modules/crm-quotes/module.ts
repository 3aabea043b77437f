import { and, desc, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import { companyRowExists } from '../../platform/tenant.ts';
import { addPersonErasureStep, addPersonExportPart } from '../parties/public.ts';
import { exportCrmQuotes } from './export.ts';
import { crmQuotesRoutes } from './routes.ts';
import { startQuoteSignature } from './signature.ts';

/** Products, services and quotes of the CRM (decisions 0160–0161). */
export default defineModule({
  key: 'crm-quotes',
  area: 'crm',
  mount: '/crm-quotes',
  routes: crmQuotesRoutes,
  exportData: exportCrmQuotes,
  start: (s) => {
    // A quote signed electronically is accepted and can win its deal (decision 0591).
    startQuoteSignature(s);
    // Files and comments may attach to a quote (the signed PO, the client's questions).
    registerEntity(s, 'quote', {
      canSee: readersOf('crm.read', (tenant, id) => companyRowExists(tenant, schema.crmQuotes, id)),
    });
    // LGPD (decision 0126): the quotes addressed to a person are in their export; erasing them
    // removes the address the quote was sent to (the quote itself is the company's record).
    const Q = schema.crmQuotes;
    addPersonExportPart(s, 'orcamentos', (tenant, personId) =>
      tenant.db
        .select({ numero: Q.number, situacao: Q.status, totalCentavos: Q.totalCents, validoAte: Q.validUntil, enviadoPara: Q.sentTo, enviadoEm: Q.sentAt })
        .from(Q)
        .where(and(eq(Q.companyId, tenant.companyId), eq(Q.personId, personId)))
        .orderBy(desc(Q.createdAt)),
    );
    addPersonErasureStep(s, async (tx, tenant, personId) => {
      await tx
        .update(Q)
        .set({ sentTo: null, personId: null })
        .where(and(eq(Q.companyId, tenant.companyId), eq(Q.personId, personId)));
    });
  },
});
