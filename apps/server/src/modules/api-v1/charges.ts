import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { entryBoletoSchema } from '@sede/shared/finance/boleto';
import { nfseCancelSchema, nfseInvoiceAnswerSchema, nfseInvoiceSchema, nfseIssueSchema } from '@sede/shared/finance/nfse';
import { entryChargeSchema, paymentLinkCreatedSchema } from '@sede/shared/finance/pix';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import type { Services } from '../../services.ts';
import { cancelBoleto, entryBoleto, issueBoleto } from '../finance-boleto/public.ts';
import { cancelInvoice, deliverAfterIssue, issueInvoice, latestInvoiceRow, toInvoice } from '../finance-nfse/public.ts';
import { chargeByPix, createPaymentLink, entryCharge } from '../finance-pix/public.ts';
import { tenant, type V1Access } from './access.ts';
import { entryOf } from './finance.ts';

const receivableId = idParams('Conta a receber não encontrada.');
/** The path's receivable must be one of the company's (a payable's id is a 404 here too). */
const receivable = createMiddleware<ApiKeyEnv>(async (c, next) => {
  await entryOf(tenant(c), 'receivable', c.req.param('id') ?? '');
  await next();
});

/**
 * What a receivable is charged and invoiced with (decisions 0530–0533, 0570–0573, 0541–0546): its
 * Pix charge (status, BR Code, QR), payment page link and boleto (linha digitável), and its NFS-e.
 * The same services as the receivable's panel; each refusal (no Pix key, no provider, no
 * certificate) answers its Portuguese message.
 */
export function chargeRoutes(r: Hono<ApiKeyEnv>, s: Services, { read, write }: V1Access) {
  r.get('/receivables/:id/charge', ...read('finance.read'), contract({ summary: 'Ver a cobrança da conta a receber', description: 'A cobrança Pix atual (status, BR Code copia e cola, QR Code em SVG), o link da página de pagamento ativo e o e-mail do cliente.', params: receivableId, response: entryChargeSchema }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await entryCharge(s, tenant(c), id));
  });
  r.post('/receivables/:id/charge', ...write('finance.write'), contract({ summary: 'Cobrar por Pix', description: 'Gera (ou mantém, se nada mudou) a cobrança Pix do que falta pagar, com a chave Pix padrão da empresa.', params: receivableId, response: entryChargeSchema }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await chargeByPix(s, tenant(c), id));
  });
  r.post('/receivables/:id/payment-link', ...write('finance.write'), contract({ summary: 'Gerar link da página de pagamento', description: 'Um link novo (o anterior deixa de funcionar) da página em que o cliente paga por Pix ou boleto. O endereço só aparece nesta resposta.', params: receivableId, response: paymentLinkCreatedSchema, status: 201 }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await createPaymentLink(s, tenant(c), id), 201);
  });
  r.get('/receivables/:id/boleto', ...read('finance.read'), contract({ summary: 'Ver o boleto da conta a receber', description: 'Se a empresa configurou o emissor de boletos e o boleto atual: status, linha digitável, código de barras, PDF e Pix copia e cola do boleto híbrido.', params: receivableId, response: entryBoletoSchema }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await entryBoleto(tenant(c), id));
  });
  r.post('/receivables/:id/boleto', ...write('finance.write'), contract({ summary: 'Emitir boleto', description: 'Pelo emissor configurado pela empresa (Financeiro › Cadastros). Sem emissor configurado, 409.', params: receivableId, response: entryBoletoSchema, status: 201 }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await issueBoleto(s, tenant(c), id), 201);
  });
  r.post('/receivables/:id/boleto/cancel', ...write('finance.write'), contract({ summary: 'Cancelar boleto', description: 'Cancela no emissor o boleto em aberto da conta a receber (404 sem boleto em aberto), como no app.', params: receivableId, response: entryBoletoSchema }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await cancelBoleto(s, tenant(c), id));
  });
  r.get('/receivables/:id/invoice', ...read('finance.read'), contract({ summary: 'Ver a NFS-e da conta a receber', description: 'A nota mais recente (status, número, chave de acesso) ou null.', params: receivableId, response: nfseInvoiceAnswerSchema }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    const row = await latestInvoiceRow(tenant(c).db, tenant(c), id);
    return c.json({ invoice: row ? toInvoice(row) : null });
  });
  r.post('/receivables/:id/invoice', ...write('finance.write'), contract({ summary: 'Emitir a NFS-e da conta a receber', description: 'Pelo emissor nacional, com o certificado e as configurações da empresa; autorizada, é enviada ao cliente por e-mail. Uma nota por conta (409 depois).', params: receivableId, body: nfseIssueSchema, response: nfseInvoiceSchema, status: 201 }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    const invoice = await issueInvoice(s, tenant(c), id, c.req.valid('json'));
    await deliverAfterIssue(s, tenant(c), invoice.id);
    return c.json(invoice, 201);
  });
  r.post('/receivables/:id/invoice/cancel', ...write('finance.write'), contract({ summary: 'Cancelar a NFS-e da conta a receber', description: 'Envia ao emissor nacional o evento de cancelamento da nota autorizada, com o motivo (15 a 255 caracteres); uma nota já cancelada é 409.', params: receivableId, body: nfseCancelSchema, response: nfseInvoiceSchema }), receivable, async (c) => {
    const { id } = c.req.valid('param');
    return c.json(await cancelInvoice(s, tenant(c), id, c.req.valid('json').reason));
  });
}
