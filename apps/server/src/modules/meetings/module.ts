import { schema } from '@sede/db/client';
import { registerAnalysisKind } from '../../platform/analysis/index.ts';
import { companyRows } from '../../platform/company-data/archive.ts';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { registerSalesTile } from '../sales/public.ts';
import { meetingAnalysisKind } from './analysis.ts';
import { meetingsRoutes } from './routes.ts';
import { MEETING_ENTITY, meetingExists, meetingsKpi } from './service.ts';

const score = new Intl.NumberFormat('pt-BR');

async function start(s: Services) {
  // The recording or transcript (files) of a meeting: whoever reads Comercial; another company's id is 404.
  registerEntity(s, MEETING_ENTITY, {
    canSee: readersOf('sales.read', meetingExists),
    path: (id) => `/analise-reunioes/${id}`,
  });
  await registerAnalysisKind(s, meetingAnalysisKind);
  registerSalesTile(s, {
    tool: 'analise-reunioes',
    kpi: async (tenant) => {
      const k = await meetingsKpi(tenant);
      return {
        label: 'Reuniões analisadas no mês',
        value: k.averageScore === null ? score.format(k.analysedThisMonth) : `${score.format(k.analysedThisMonth)} · BANT médio ${k.averageScore}`,
      };
    },
  });
}

async function exportMeetings(_s: Services, tenant: Tenant, out: ExportSink) {
  const { meetings, meetingStepTasks } = schema;
  out.csv('reunioes.csv', ['id', 'dealId', 'title', 'occurredOn', 'consentAt', 'consentBy', 'createdBy', 'createdAt', 'updatedAt'], companyRows(tenant, meetings));
  out.csv('reunioes-proximos-passos.csv', ['id', 'meetingId', 'analysisId', 'stepIndex', 'taskId', 'createdBy', 'createdAt'], companyRows(tenant, meetingStepTasks));
}

/** Sales-meeting analysis (decisions 0231–0234): meetings of CRM deals, transcribed and analysed (ai.meeting_analysis). */
export default defineModule({
  key: 'meetings',
  area: 'sales',
  mount: '/meetings',
  routes: meetingsRoutes,
  start,
  exportData: exportMeetings,
});
