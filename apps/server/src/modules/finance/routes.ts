import { bulkSettleSchema, entryCreateSchema, entryExportQuerySchema, entryListQuerySchema, entryUpdateSchema, finBulkSettleResultSchema, finEntriesCreatedSchema, finEntryDetailSchema, finEntryPageSchema, finPaymentResultSchema, paymentCreateSchema } from '@sede/shared/finance/entries';
import { accountCreateSchema, accountUpdateSchema, categoryCreateSchema, categoryUpdateSchema, costCenterCreateSchema, costCenterUpdateSchema, finAccountListSchema, finAccountSchema, finCategorySchema, finCostCenterSchema, finRegistersSchema } from '@sede/shared/finance/registers';
import { okSchema } from '@sede/shared/platform/api';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import { logAudit } from '../../platform/audit.ts';
import { csvHeaders, xlsxHeaders } from '../../platform/spreadsheets/writer.ts';
import type { Services } from '../../services.ts';
import { allEntries, bulkSettle, createEntry, deleteEntry, getEntry, listEntries, setCancelled, settleEntry, undoPayment, updateEntry } from './entries.ts';
import { entriesCsv, entriesXlsx } from './export.ts';
import { createAccount, createCategory, createCostCenter, listAccounts, listRegisters, updateAccount, updateCategory, updateCostCenter } from './registers.ts';

// A malformed id is an id that does not exist here (the generic 404 these routes always answered).
const anId = idParams();

/**
 * /api/finance (decisions 0170–0174): registers, payables and receivables, payments. Permissions by action
 * (decisions 0125, 0174): read to see; write to enter, edit, cancel and keep the registers;
 * approve to settle and undo settlements; delete; export.
 */
export function financeRoutes(s: Services) {
  const r = areaRouter(s, 'finance.read');
  const write = requirePermission('finance.write');
  const approve = requirePermission('finance.approve');

  // ---- registers (cadastros) ----
  r.get('/registers', contract({ summary: 'Listar cadastros do financeiro', response: finRegistersSchema }), async (c) => c.json(await listRegisters(tenant(c))));
  r.get('/accounts', contract({ summary: 'Listar contas', response: finAccountListSchema }), async (c) => c.json({ accounts: await listAccounts(tenant(c)) }));
  r.post('/accounts', write, contract({ summary: 'Cadastrar conta', body: accountCreateSchema, response: finAccountSchema, status: 201 }), async (c) =>
    c.json(await createAccount(tenant(c), c.req.valid('json')), 201),
  );
  r.patch('/accounts/:id', write, contract({ summary: 'Alterar conta', params: anId, body: accountUpdateSchema, response: finAccountSchema }), async (c) =>
    c.json(await updateAccount(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/categories', write, contract({ summary: 'Cadastrar categoria', body: categoryCreateSchema, response: finCategorySchema, status: 201 }), async (c) =>
    c.json(await createCategory(tenant(c), c.req.valid('json')), 201),
  );
  r.patch('/categories/:id', write, contract({ summary: 'Alterar categoria', params: anId, body: categoryUpdateSchema, response: finCategorySchema }), async (c) =>
    c.json(await updateCategory(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/cost-centers', write, contract({ summary: 'Cadastrar centro de custo', body: costCenterCreateSchema, response: finCostCenterSchema, status: 201 }), async (c) =>
    c.json(await createCostCenter(tenant(c), c.req.valid('json')), 201),
  );
  r.patch('/cost-centers/:id', write, contract({ summary: 'Alterar centro de custo', params: anId, body: costCenterUpdateSchema, response: finCostCenterSchema }), async (c) =>
    c.json(await updateCostCenter(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );

  // ---- entries ----
  r.get('/entries', contract({ summary: 'Listar lançamentos', query: entryListQuerySchema, response: finEntryPageSchema }), async (c) =>
    c.json(await listEntries(tenant(c), c.req.valid('query'))),
  );
  const exportContract = contract({ summary: 'Exportar lançamentos (CSV ou XLSX)', query: entryExportQuerySchema, response: { media: 'text/csv' } });
  r.get('/entries/export', requirePermission('finance.export'), exportContract, async (c) => {
    const { format, ...q } = c.req.valid('query');
    const entries = await allEntries(tenant(c), q);
    await logAudit(tenant(c).db, tenant(c), { action: 'fin_entries_exported', entity: 'fin_entries', id: null, details: { format, count: entries.length } });
    const name = `lancamentos-${todayInBrazil()}.${format}`;
    return format === 'csv' ? c.body(entriesCsv(entries), 200, csvHeaders(name)) : c.body(new Uint8Array(await entriesXlsx(entries)), 200, xlsxHeaders(name));
  });
  r.post('/entries', write, contract({ summary: 'Lançar conta a pagar ou a receber', body: entryCreateSchema, response: finEntriesCreatedSchema, status: 201 }), async (c) =>
    c.json({ entries: await createEntry(tenant(c), c.req.valid('json')) }, 201),
  );
  r.post('/entries/settle', approve, contract({ summary: 'Baixar lançamentos em lote', body: bulkSettleSchema, response: finBulkSettleResultSchema }), async (c) =>
    c.json(await bulkSettle(tenant(c), c.req.valid('json'))),
  );
  r.get('/entries/:id', contract({ summary: 'Ver lançamento', params: anId, response: finEntryDetailSchema }), async (c) => c.json(await getEntry(tenant(c), c.req.valid('param').id)));
  r.patch('/entries/:id', write, contract({ summary: 'Alterar lançamento', params: anId, body: entryUpdateSchema, response: finEntryDetailSchema }), async (c) =>
    c.json(await updateEntry(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.post('/entries/:id/cancel', write, contract({ summary: 'Cancelar lançamento', params: anId, response: finEntryDetailSchema }), async (c) =>
    c.json(await setCancelled(tenant(c), c.req.valid('param').id, true)),
  );
  r.post('/entries/:id/reopen', write, contract({ summary: 'Reabrir lançamento cancelado', params: anId, response: finEntryDetailSchema }), async (c) =>
    c.json(await setCancelled(tenant(c), c.req.valid('param').id, false)),
  );
  r.delete('/entries/:id', requirePermission('finance.delete'), contract({ summary: 'Excluir lançamento', params: anId, response: okSchema }), async (c) => answerSuccess(c, deleteEntry(tenant(c), c.req.valid('param').id)));
  r.post(
    '/entries/:id/payments',
    approve,
    contract({ summary: 'Registrar pagamento', params: anId, body: paymentCreateSchema, response: finPaymentResultSchema, status: 201 }),
    async (c) => c.json(await settleEntry(tenant(c), { entryId: c.req.valid('param').id, ...c.req.valid('json') }), 201),
  );
  r.delete(
    '/entries/:id/payments/:paymentId',
    approve,
    contract({ summary: 'Desfazer pagamento', params: idParams({ id: 'Não encontrado', paymentId: 'Não encontrado' }), response: finEntryDetailSchema }),
    async (c) => {
      const { id, paymentId } = c.req.valid('param');
      return c.json(await undoPayment(tenant(c), id, paymentId));
    },
  );

  return r;
}
