import { BILLING_MESSAGES as M, billedSchema, billedVsReceivedQuery, billedVsReceivedSchema, billingStateSchema, billReceivableSchema, customerMoneySchema, type BillingOrigin } from '@sede/shared/finance/billing';
import { nfseInvoiceSchema } from '@sede/shared/finance/nfse';
import { areaRouter } from '../../http/area-router.ts';
import { contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import type { Services } from '../../services.ts';
import { billedVsReceived, customerMoney } from './customers.ts';
import { billingState, billOrigin, invoiceOrigin } from './service.ts';

/**
 * /api/finance/billing (decisions 0546–0548): a quote's or deal's receivable ('Cobrar') and note
 * ('Emitir nota'), a customer's money, and received vs billed per month. Reading needs
 * finance.read; billing and invoicing need finance.write.
 */
export function financeBillingRoutes(s: Services) {
  const r = areaRouter(s, 'finance.read');
  const write = requirePermission('finance.write');
  const origins: Array<{ type: BillingOrigin; path: string; label: string; notFound: string }> = [
    { type: 'quote', path: '/quotes/:id', label: 'do orçamento', notFound: M.quoteNotFound },
    { type: 'deal', path: '/deals/:id', label: 'do negócio', notFound: M.dealNotFound },
  ];
  for (const o of origins) {
    const params = idParams(o.notFound);
    r.get(o.path, contract({ summary: `Ver a cobrança e a nota ${o.label}`, params, response: billingStateSchema }), async (c) => c.json(await billingState(c.get('tenant'), o.type, c.req.valid('param').id)));
    r.post(`${o.path}/receivable`, write, contract({ summary: `Cobrar: criar a conta a receber ${o.label}`, params, body: billReceivableSchema, response: billedSchema, status: 201 }), async (c) =>
      c.json({ entry: await billOrigin(c.get('tenant'), o.type, c.req.valid('param').id, c.req.valid('json')), created: true }, 201),
    );
    r.post(`${o.path}/invoice`, write, contract({ summary: `Emitir a nota fiscal ${o.label}`, params, response: nfseInvoiceSchema, status: 201 }), async (c) =>
      c.json(await invoiceOrigin(s, c.get('tenant'), o.type, c.req.valid('param').id), 201),
    );
  }
  r.get('/organizations/:id', contract({ summary: 'Ver o que a empresa cliente deve e pagou', params: idParams(M.partyNotFound), response: customerMoneySchema }), async (c) =>
    c.json(await customerMoney(c.get('tenant'), 'organization', c.req.valid('param').id)),
  );
  r.get('/people/:id', contract({ summary: 'Ver o que a pessoa cliente deve e pagou', params: idParams(M.partyNotFound), response: customerMoneySchema }), async (c) =>
    c.json(await customerMoney(c.get('tenant'), 'person', c.req.valid('param').id)),
  );
  r.get('/billed-vs-received', contract({ summary: 'Faturado e recebido por mês', query: billedVsReceivedQuery, response: billedVsReceivedSchema }), async (c) =>
    c.json(await billedVsReceived(c.get('tenant'), c.req.valid('query').months)),
  );
  return r;
}
