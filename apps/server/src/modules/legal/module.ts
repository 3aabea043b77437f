import { registerAnalysisKind } from '../../platform/analysis/index.ts';
import { companyRows } from '../../platform/company-data/archive.ts';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import { schema } from '@sede/db/client';
import type { Services, Tenant } from '../../services.ts';
import { CONTRACT_ALERTS_CRON, CONTRACT_ALERTS_QUEUE, sendContractExpiryAlerts } from './alerts.ts';
import { contractAnalysisKind } from './analysis.ts';
import { CONTRACT_ENTITY, contractExists } from './contracts.ts';
import { legalRoutes } from './routes.ts';
import { scheduleRecurring } from '../../platform/jobs.ts';

async function start(s: Services) {
  // The signed file and the versions, comments and tasks on a contract: whoever reads Jurídico.
  registerEntity(s, CONTRACT_ENTITY, {
    canSee: readersOf('legal.read', contractExists),
    path: (id) => `/juridico/contrato/${id}`,
  });
  await registerAnalysisKind(s, contractAnalysisKind);
  await scheduleRecurring(s.boss, { queue: CONTRACT_ALERTS_QUEUE, cron: CONTRACT_ALERTS_CRON, label: '[legal] expiry alerts:' }, () => sendContractExpiryAlerts(s));
}

async function exportLegal(_s: Services, tenant: Tenant, out: ExportSink) {
  const { contracts, contractExpiryAlerts, analyses } = schema;
  out.csv(
    'contratos.csv',
    ['id', 'title', 'organizationId', 'personId', 'object', 'valueCents', 'startDate', 'endDate', 'automaticRenewal', 'noticePeriodDays', 'readjustmentIndex', 'status', 'createdAt', 'updatedAt'],
    companyRows(tenant, contracts),
  );
  out.csv('alertas-de-vencimento.csv', ['id', 'contractId', 'endDate', 'daysBefore', 'sentAt'], companyRows(tenant, contractExpiryAlerts));
  out.csv('analises.csv', ['id', 'kind', 'subjectType', 'subjectId', 'fileId', 'status', 'version', 'result', 'error', 'charged', 'createdBy', 'createdAt'], companyRows(tenant, analyses));
}

/** Jurídico (decisions 0212–0214): the contract register, expiry alerts and the contract analysis. */
export default defineModule({
  key: 'legal',
  area: 'legal',
  mount: '/juridico',
  routes: legalRoutes,
  start,
  exportData: exportLegal,
});
