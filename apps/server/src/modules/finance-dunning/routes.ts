import { DUNNING_MESSAGES as M, dunningHistorySchema, dunningPauseCreateSchema, dunningPauseListSchema, dunningPauseSchema, dunningSettingsSchema, dunningSettingsUpdateSchema, overdueListSchema } from '@sede/shared/finance/dunning';
import { okSchema } from '@sede/shared/platform/api';
import { templateListSchema } from '@sede/shared/whatsapp/schemas';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { listTemplates, whatsappReady } from '../whatsapp/public.ts';
import { entryHistory, overdueList } from './overdue.ts';
import { getSettings, listPauses, pauseCustomer, resumeCustomer, updateSettings } from './settings.ts';

const entryId = idParams(M.entryNotFound);
const pauseId = idParams(M.pauseNotFound);

/**
 * /api/finance/dunning (decisions 0580–0583): the company's collection rule, its approved
 * WhatsApp templates to choose from, the customers paused, the overdue list and what was sent
 * for a receivable. Reading: finance.read; changing: finance.write.
 */
export function financeDunningRoutes(s: Services) {
  const r = areaRouter(s, 'finance.read');
  const write = requirePermission('finance.write');

  r.get('/settings', contract({ summary: 'Ver a régua de cobrança', response: dunningSettingsSchema }), async (c) => c.json(await getSettings(s, tenant(c))));
  r.put('/settings', write, contract({ summary: 'Salvar a régua de cobrança', body: dunningSettingsUpdateSchema, response: dunningSettingsSchema }), async (c) =>
    c.json(await updateSettings(s, tenant(c), c.req.valid('json'))),
  );
  r.get('/templates', contract({ summary: 'Modelos de WhatsApp aprovados para a régua', response: templateListSchema }), async (c) =>
    c.json({ templates: (await whatsappReady(s, tenant(c).companyId)) ? await listTemplates(s, tenant(c)) : [] }),
  );
  r.get('/overdue', contract({ summary: 'Listar inadimplência', response: overdueListSchema }), async (c) => c.json(await overdueList(s, tenant(c))));
  r.get('/entries/:id/history', contract({ summary: 'Lembretes enviados de uma conta a receber', params: entryId, response: dunningHistorySchema }), async (c) =>
    c.json(await entryHistory(tenant(c), c.req.valid('param').id)),
  );
  r.get('/pauses', contract({ summary: 'Clientes com a régua pausada', response: dunningPauseListSchema }), async (c) => c.json({ items: await listPauses(tenant(c)) }));
  r.post('/pauses', write, contract({ summary: 'Pausar a régua de um cliente', body: dunningPauseCreateSchema, response: dunningPauseSchema, status: 201 }), async (c) =>
    c.json(await pauseCustomer(tenant(c), c.req.valid('json')), 201),
  );
  r.delete('/pauses/:id', write, contract({ summary: 'Retomar a régua de um cliente', params: pauseId, response: okSchema }), async (c) => answerSuccess(c, resumeCustomer(tenant(c), c.req.valid('param').id)));

  return r;
}
