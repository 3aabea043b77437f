import { autoCancellationListSchema, autoCancellationSchema, entryBoletoSchema, providerSettingsSaveSchema, providerSettingsSchema } from '@sede/shared/finance/boleto';
import { okSchema } from '@sede/shared/platform/api';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { cancellations, retryAutoCancel } from './auto-cancel.ts';
import { cancelBoleto, entryBoleto, issueBoleto } from './boletos.ts';
import { deleteSettings, getSettings, rotateWebhookToken, saveSettings } from './settings.ts';

const entryId = idParams('Lançamento não encontrado.');
const boletoId = idParams('Boleto não encontrado.');

/**
 * /api/finance/boleto (decisions 0570–0573): the company's payment provider (Asaas) settings
 * (read: finance.read; keep: finance.write) and a receivable's boleto: issue, see, cancel.
 * The provider's webhook is the module finance-boleto-public.
 */
export function financeBoletoRoutes(s: Services) {
  const r = areaRouter(s, 'finance.read');
  const write = requirePermission('finance.write');

  r.get('/settings', contract({ summary: 'Ver configuração do Asaas (boleto)', response: providerSettingsSchema }), async (c) => c.json(await getSettings(s, tenant(c))));
  r.put('/settings', write, contract({ summary: 'Configurar o Asaas (boleto)', body: providerSettingsSaveSchema, response: providerSettingsSchema }), async (c) =>
    c.json(await saveSettings(s, tenant(c), c.req.valid('json'))),
  );
  r.post('/settings/webhook-token', write, contract({ summary: 'Gerar novo token do webhook do Asaas', response: providerSettingsSchema }), async (c) =>
    c.json(await rotateWebhookToken(s, tenant(c))),
  );
  r.delete('/settings', write, contract({ summary: 'Remover a configuração do Asaas', response: okSchema }), async (c) => answerSuccess(c, deleteSettings(tenant(c))));

  r.get('/entries/:id', contract({ summary: 'Ver boleto da conta a receber', params: entryId, response: entryBoletoSchema }), async (c) => c.json(await entryBoleto(tenant(c), c.req.valid('param').id)));
  r.post('/entries/:id', write, contract({ summary: 'Emitir boleto', params: entryId, response: entryBoletoSchema, status: 201 }), async (c) =>
    c.json(await issueBoleto(s, tenant(c), c.req.valid('param').id), 201),
  );
  r.delete('/entries/:id', write, contract({ summary: 'Cancelar boleto', params: entryId, response: entryBoletoSchema }), async (c) => c.json(await cancelBoleto(s, tenant(c), c.req.valid('param').id)));

  // The boletos Sede cancelled at Asaas by itself, or failed to, and 'Tentar de novo' (decision 0602).
  r.get('/auto-cancellations', contract({ summary: 'Ver os cancelamentos automáticos de boletos', response: autoCancellationListSchema }), async (c) => c.json({ cancellations: await cancellations(tenant(c)) }));
  r.post('/auto-cancellations/:id', write, contract({ summary: 'Tentar de novo o cancelamento do boleto no Asaas', params: boletoId, response: autoCancellationSchema }), async (c) =>
    c.json(await retryAutoCancel(s, tenant(c), c.req.valid('param').id)),
  );

  return r;
}
