import { bodyLimit } from 'hono/body-limit';
import { nfseCancelSchema, nfseDeliveryListSchema, nfseInvoiceAnswerSchema, nfseInvoiceSchema, nfseIssueSchema, NFSE_MESSAGES as M, nfseResendSchema, nfseSettingsAnswerSchema, nfseSettingsInputSchema, nfseSettingsSchema } from '@sede/shared/finance/nfse';
import { okSchema } from '@sede/shared/platform/api';
import { CERTIFICATE_MAX_BYTES, CERTIFICATE_MESSAGES as CM, companyCertificateAnswerSchema, companyCertificateSchema } from '@sede/shared/platform/certificates';
import { areaRouter } from '../../http/area-router.ts';
import { contract, idParams } from '../../http/contract.ts';
import { AppError, badRequest, readForm } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { logAudit } from '../../platform/audit.ts';
import { companyCertificateInfo, removeCompanyCertificate, saveCompanyCertificate } from '../../platform/certificates/store.ts';
import type { Services } from '../../services.ts';
import { getEntry } from '../finance/public.ts';
import { cancelInvoice } from './cancel.ts';
import { deliverAfterIssue, listDeliveries, resendInvoice } from './deliver.ts';
import { latestInvoiceRow, toInvoice } from './invoices.ts';
import { issueInvoice } from './issue.ts';
import { getNfseSettings, saveNfseSettings } from './settings.ts';

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', CM.tooLarge);
const entryParams = idParams(M.entryNotFound);

/**
 * /api/finance/nfse (decisions 0540–0544): the company's A1 certificate, the NFS-e settings,
 * and the note of a receivable (issue, see, cancel). Reading needs finance.read; changing the
 * certificate, the settings or a note needs finance.write.
 */
export function nfseRoutes(s: Services) {
  const r = areaRouter(s, 'finance.read');
  const write = requirePermission('finance.write');

  r.get('/certificate', contract({ summary: 'Ver o certificado digital da empresa', response: companyCertificateAnswerSchema }), async (c) =>
    c.json({ certificate: await companyCertificateInfo(s, c.get('tenant')) }),
  );
  r.post(
    '/certificate',
    write,
    bodyLimit({ maxSize: CERTIFICATE_MAX_BYTES + 16 * 1024, onError: () => { throw tooLarge(); } }),
    contract({ summary: 'Enviar o certificado digital A1 (PFX e senha)', bodyMedia: 'multipart/form-data', response: companyCertificateSchema, status: 201 }),
    async (c) => {
      const form = await readForm(c, CM.fileMissing);
      const file = form.file;
      const password = form.password;
      if (!(file instanceof File) || file.size === 0) throw badRequest(CM.fileMissing);
      if (file.size > CERTIFICATE_MAX_BYTES) throw tooLarge();
      if (typeof password !== 'string' || !password) throw badRequest(CM.passwordMissing);
      const tenant = c.get('tenant');
      const info = await saveCompanyCertificate(s, tenant, new Uint8Array(await file.arrayBuffer()), password);
      await logAudit(tenant.db, tenant, { action: 'company_certificate_uploaded', entity: 'company_certificate', id: null, details: { notAfter: info.notAfter } });
      return c.json(info, 201);
    },
  );
  r.delete('/certificate', write, contract({ summary: 'Remover o certificado digital', response: okSchema }), async (c) => {
    const tenant = c.get('tenant');
    if (await removeCompanyCertificate(tenant)) await logAudit(tenant.db, tenant, { action: 'company_certificate_removed', entity: 'company_certificate', id: null });
    return c.json({ success: true as const });
  });

  r.get('/settings', contract({ summary: 'Ver as configurações da nota fiscal', response: nfseSettingsAnswerSchema }), async (c) => c.json({ settings: await getNfseSettings(c.get('tenant')) }));
  r.put('/settings', write, contract({ summary: 'Salvar as configurações da nota fiscal', body: nfseSettingsInputSchema, response: nfseSettingsSchema }), async (c) =>
    c.json(await saveNfseSettings(c.get('tenant'), c.req.valid('json'))),
  );

  r.get('/entries/:id/invoice', contract({ summary: 'Ver a nota fiscal da conta a receber', params: entryParams, response: nfseInvoiceAnswerSchema }), async (c) => {
    const tenant = c.get('tenant');
    const { id } = c.req.valid('param');
    await getEntry(tenant, id);
    const row = await latestInvoiceRow(tenant.db, tenant, id);
    return c.json({ invoice: row ? toInvoice(row) : null });
  });
  r.post('/entries/:id/invoice', write, contract({ summary: 'Emitir a nota fiscal da conta a receber', params: entryParams, body: nfseIssueSchema, response: nfseInvoiceSchema, status: 201 }), async (c) => {
    const invoice = await issueInvoice(s, c.get('tenant'), c.req.valid('param').id, c.req.valid('json'));
    await deliverAfterIssue(s, c.get('tenant'), invoice.id);
    return c.json(invoice, 201);
  });
  r.get('/entries/:id/invoice/deliveries', contract({ summary: 'Ver os envios da nota fiscal ao cliente', params: entryParams, response: nfseDeliveryListSchema }), async (c) => {
    const tenant = c.get('tenant');
    const { id } = c.req.valid('param');
    await getEntry(tenant, id);
    return c.json(await listDeliveries(tenant, id));
  });
  r.post('/entries/:id/invoice/send', write, contract({ summary: 'Reenviar a nota fiscal ao cliente por e-mail', params: entryParams, body: nfseResendSchema, response: nfseDeliveryListSchema }), async (c) =>
    c.json(await resendInvoice(s, c.get('tenant'), c.req.valid('param').id, c.req.valid('json').to)),
  );
  r.post('/entries/:id/invoice/cancel', write, contract({ summary: 'Cancelar a nota fiscal da conta a receber', params: entryParams, body: nfseCancelSchema, response: nfseInvoiceSchema }), async (c) => {
    const tenant = c.get('tenant');
    const { id } = c.req.valid('param');
    await getEntry(tenant, id);
    return c.json(await cancelInvoice(s, tenant, id, c.req.valid('json').reason));
  });
  return r;
}
