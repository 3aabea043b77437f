import { bodyLimit } from 'hono/body-limit';
import { PIX_API_CERT_MAX_BYTES, PIX_API_MESSAGES as M, pixApiSettingsAnswerSchema, pixApiSettingsInputSchema, pixApiSettingsSchema } from '@sede/shared/finance/pix-api';
import { okSchema } from '@sede/shared/platform/api';
import { PIX_AUTOMATIC_MESSAGES, type PixAutomatic, pixAutomaticRequestSchema, pixAutomaticSchema } from '@sede/shared/finance/pix-automatic';
import { entryRefundsSchema, REFUND_MESSAGES, refundInputSchema, refundSchema } from '@sede/shared/finance/refunds';
import { areaRouter } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { AppError, badRequest, readForm } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services, Tenant } from '../../services.ts';
import { cancelPixAutomatic, getPixAutomatic, requestPixAutomatic, requestPixAutomaticFirstPaymentQr, requestPixAutomaticQr } from './automatic.ts';
import { refreshPixAutomatic } from './automatic-collect.ts';
import { entryRefunds, requestRefund } from './refunds.ts';
import { getPixApiSettings, removePixApiSettings, requireAccount, savePixApiCertificate, savePixApiSettings } from './settings.ts';

const accountParams = idParams(M.accountNotFound);
const entryParams = idParams(REFUND_MESSAGES.entryNotFound);
const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', M.certTooLarge);

/**
 * /api/finance/pix-api (decisions 0560–0563): an account's API Pix settings and certificate
 * (read: finance.read; change: finance.write). The webhook the PSP calls is the module
 * finance-pix-webhook's (a public path: everything under /api/finance needs a session).
 */
export function pixApiRoutes(s: Services) {
  const r = areaRouter(s, 'finance.read');
  const write = requirePermission('finance.write');
  r.get('/accounts/:id', contract({ summary: 'Ver a API Pix da conta', params: accountParams, response: pixApiSettingsAnswerSchema }), async (c) =>
    c.json({ settings: await getPixApiSettings(s, c.get('tenant'), c.req.valid('param').id) }),
  );
  r.put('/accounts/:id', write, contract({ summary: 'Configurar a API Pix da conta', params: accountParams, body: pixApiSettingsInputSchema, response: pixApiSettingsSchema }), async (c) =>
    c.json(await savePixApiSettings(s, c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/accounts/:id', write, contract({ summary: 'Remover a API Pix da conta', params: accountParams, response: okSchema }), async (c) =>
    answerSuccess(c, removePixApiSettings(c.get('tenant'), c.req.valid('param').id)),
  );
  r.post(
    '/accounts/:id/certificate',
    write,
    bodyLimit({
      maxSize: PIX_API_CERT_MAX_BYTES + 16 * 1024,
      onError: () => {
        throw tooLarge();
      },
    }),
    contract({ summary: 'Enviar o certificado da API Pix (PFX ou PEM)', params: accountParams, bodyMedia: 'multipart/form-data', response: pixApiSettingsSchema }),
    async (c) => {
      await requireAccount(c.get('tenant'), c.req.valid('param').id);
      const form = await readForm(c, M.certFile);
      const file = form.file;
      const password = typeof form.password === 'string' ? form.password : '';
      if (!(file instanceof File) || file.size === 0) throw badRequest(M.certFile);
      if (file.size > PIX_API_CERT_MAX_BYTES) throw tooLarge();
      return c.json(await savePixApiCertificate(s, c.get('tenant'), c.req.valid('param').id, new Uint8Array(await file.arrayBuffer()), password));
    },
  );
  // Refunds of a receivable received by dynamic Pix (decision 0600).
  r.get('/entries/:id/refunds', contract({ summary: 'Ver as devoluções de um recebimento', params: entryParams, response: entryRefundsSchema }), async (c) =>
    c.json(await entryRefunds(s, c.get('tenant'), c.req.valid('param').id)),
  );
  r.post('/entries/:id/refunds', write, contract({ summary: 'Devolver (parte de) um recebimento Pix', params: entryParams, body: refundInputSchema, response: refundSchema }), async (c) =>
    c.json(await requestRefund(s, c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  // Pix Automático of a recurring receivable's series (decisions 0610–0612).
  const automaticParams = idParams(PIX_AUTOMATIC_MESSAGES.entryNotFound);
  r.get('/entries/:id/automatic', contract({ summary: 'Ver o Pix Automático da recorrência', params: automaticParams, response: pixAutomaticSchema }), async (c) =>
    c.json(await getPixAutomatic(s, c.get('tenant'), c.req.valid('param').id)),
  );
  r.post(
    '/entries/:id/automatic',
    write,
    contract({ summary: 'Pedir ao cliente a autorização do Pix Automático', params: automaticParams, body: pixAutomaticRequestSchema, response: pixAutomaticSchema }),
    async (c) => c.json(await requestPixAutomatic(s, c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );
  // The panel's actions on the series, each answering the panel again.
  const automaticAction = (path: string, summary: string, run: (s: Services, tenant: Tenant, entryId: string) => Promise<PixAutomatic>, method: 'post' | 'delete' = 'post') =>
    r[method](`/entries/:id/automatic${path}`, write, contract({ summary, params: automaticParams, response: pixAutomaticSchema }), async (c) =>
      c.json(await run(s, c.get('tenant'), c.req.valid('param').id)),
    );
  automaticAction('/qr', 'Gerar o QR Code de autorização do Pix Automático', requestPixAutomaticQr);
  automaticAction('/qr-first-payment', 'Gerar o QR Code que paga a primeira parcela e autoriza o Pix Automático das próximas', requestPixAutomaticFirstPaymentQr);
  automaticAction('/refresh', 'Consultar no banco o Pix Automático', refreshPixAutomatic);
  automaticAction('', 'Cancelar o Pix Automático', cancelPixAutomatic, 'delete');
  return r;
}
