import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { forbidden } from '../../http/errors.ts';
import { registerAnalysisKind } from '../../platform/analysis/index.ts';
import { companyRows } from '../../platform/company-data/archive.ts';
import { registerEntity } from '../../platform/entities.ts';
import { defineModule } from '../../platform/module.ts';
import { schema } from '@sede/db/client';
import type { Services } from '../../services.ts';
import { CONTRACT_ALERTS_CRON, CONTRACT_ALERTS_QUEUE, sendContractExpiryAlerts } from './alerts.ts';
import { contractAnalysisKind } from './analysis.ts';
import { CONTRACT_ENTITY, contractExists } from './contracts.ts';
import { juridicoRoutes } from './routes.ts';

async function start(s: Services) {
  // The signed file and the versions, comments and tasks on a contract: whoever reads Jurídico.
  registerEntity(s, CONTRACT_ENTITY, {
    canSee: async (tenant, id, viewer) => {
      if (!canAny(grantsFor(viewer.membership), ['legal.read'])) throw forbidden();
      return contractExists(tenant, id);
    },
    path: (id) => `/juridico/contrato/${id}`,
  });
  await registerAnalysisKind(s, contractAnalysisKind);
  await s.boss.createQueue(CONTRACT_ALERTS_QUEUE);
  await s.boss.schedule(CONTRACT_ALERTS_QUEUE, CONTRACT_ALERTS_CRON, {}, { tz: 'America/Sao_Paulo' });
  await s.boss.work(CONTRACT_ALERTS_QUEUE, async () => {
    const n = await sendContractExpiryAlerts(s);
    if (n) console.log('[juridico] expiry alerts:', n);
  });
}

/** Jurídico (decisions 0212–0214): the contract register, expiry alerts and the contract analysis. */
export default defineModule({
  key: 'juridico',
  area: 'legal',
  mount: '/juridico',
  routes: juridicoRoutes,
  start,
  exportData: async (_s, tenant, out) => {
    const { contracts, contractExpiryAlerts, analyses } = schema;
    out.csv(
      'contratos.csv',
      ['id', 'title', 'organizationId', 'personId', 'object', 'valueCents', 'startDate', 'endDate', 'automaticRenewal', 'noticePeriodDays', 'readjustmentIndex', 'status', 'createdAt', 'updatedAt'],
      companyRows(tenant, contracts),
    );
    out.csv('alertas-de-vencimento.csv', ['id', 'contractId', 'endDate', 'daysBefore', 'sentAt'], companyRows(tenant, contractExpiryAlerts));
    out.csv('analises.csv', ['id', 'kind', 'subjectType', 'subjectId', 'fileId', 'status', 'version', 'result', 'error', 'charged', 'createdBy', 'createdAt'], companyRows(tenant, analyses));
  },
});
