import type { Context } from 'hono';
import { bulkSettleSchema, entryCreateSchema, entryExportQuerySchema, entryListQuerySchema, entryUpdateSchema, paymentCreateSchema } from '@sede/shared/finance/entries';
import { accountCreateSchema, accountUpdateSchema, categoryCreateSchema, categoryUpdateSchema, costCenterCreateSchema, costCenterUpdateSchema, idSchema } from '@sede/shared/finance/registers';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { areaRouter } from '../../http/area-router.ts';
import { notFound, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { logAudit } from '../../platform/audit.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { allEntries, bulkSettle, createEntry, deleteEntry, getEntry, listEntries, setCancelled, settleEntry, undoPayment, updateEntry } from './entries.ts';
import { entriesCsv, entriesXlsx } from './export.ts';
import { createAccount, createCategory, createCostCenter, listAccounts, listRegisters, updateAccount, updateCategory, updateCostCenter } from './registers.ts';

/**
 * /api/finance (issue 16): registers, payables and receivables, payments. Permissions by action
 * (decisions 0125, 0174): read to see; write to enter, edit, cancel and keep the registers;
 * approve to settle and undo settlements; delete; export.
 */
export function financeRoutes(s: Services) {
  const r = areaRouter(s, 'financeiro.read');
  const write = requirePermission('financeiro.write');
  const approve = requirePermission('financeiro.approve');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');
  // A malformed id is an id that does not exist here.
  const id = (c: Context<CompanyEnv>, name = 'id') => {
    const parsed = idSchema.safeParse(c.req.param(name));
    if (!parsed.success) throw notFound();
    return parsed.data;
  };

  // ---- registers (cadastros) ----
  r.get('/registers', async (c) => c.json(await listRegisters(tenant(c))));
  r.get('/accounts', async (c) => c.json({ accounts: await listAccounts(tenant(c)) }));
  r.post('/accounts', write, async (c) => c.json(await createAccount(tenant(c), parseWith(accountCreateSchema, await readJson(c))), 201));
  r.patch('/accounts/:id', write, async (c) => c.json(await updateAccount(tenant(c), id(c), parseWith(accountUpdateSchema, await readJson(c)))));
  r.post('/categories', write, async (c) => c.json(await createCategory(tenant(c), parseWith(categoryCreateSchema, await readJson(c))), 201));
  r.patch('/categories/:id', write, async (c) => c.json(await updateCategory(tenant(c), id(c), parseWith(categoryUpdateSchema, await readJson(c)))));
  r.post('/cost-centers', write, async (c) => c.json(await createCostCenter(tenant(c), parseWith(costCenterCreateSchema, await readJson(c))), 201));
  r.patch('/cost-centers/:id', write, async (c) => c.json(await updateCostCenter(tenant(c), id(c), parseWith(costCenterUpdateSchema, await readJson(c)))));

  // ---- entries ----
  r.get('/entries', async (c) => c.json(await listEntries(tenant(c), parseWith(entryListQuerySchema, c.req.query()))));
  r.get('/entries/export', requirePermission('financeiro.export'), async (c) => {
    const { format, ...q } = parseWith(entryExportQuerySchema, c.req.query());
    const entries = await allEntries(tenant(c), q);
    await logAudit(tenant(c).db, tenant(c), { action: 'fin_entries_exported', entity: 'fin_entries', id: null, details: { format, count: entries.length } });
    const name = `lancamentos-${todayInBrazil()}.${format}`;
    const headers = { 'content-disposition': `attachment; filename="${name}"`, 'cache-control': 'no-store' };
    if (format === 'csv') return c.body(entriesCsv(entries), 200, { ...headers, 'content-type': 'text/csv; charset=utf-8' });
    return c.body(new Uint8Array(await entriesXlsx(entries)), 200, { ...headers, 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
  });
  r.post('/entries', write, async (c) => c.json({ entries: await createEntry(tenant(c), parseWith(entryCreateSchema, await readJson(c))) }, 201));
  r.post('/entries/settle', approve, async (c) => c.json(await bulkSettle(tenant(c), parseWith(bulkSettleSchema, await readJson(c)))));
  r.get('/entries/:id', async (c) => c.json(await getEntry(tenant(c), id(c))));
  r.patch('/entries/:id', write, async (c) => c.json(await updateEntry(tenant(c), id(c), parseWith(entryUpdateSchema, await readJson(c)))));
  r.post('/entries/:id/cancel', write, async (c) => c.json(await setCancelled(tenant(c), id(c), true)));
  r.post('/entries/:id/reopen', write, async (c) => c.json(await setCancelled(tenant(c), id(c), false)));
  r.delete('/entries/:id', requirePermission('financeiro.delete'), async (c) => {
    await deleteEntry(tenant(c), id(c));
    return c.json({ success: true });
  });
  r.post('/entries/:id/payments', approve, async (c) => {
    const entryId = id(c);
    const input = parseWith(paymentCreateSchema, await readJson(c));
    return c.json(await settleEntry(tenant(c), { entryId, ...input }), 201);
  });
  r.delete('/entries/:id/payments/:paymentId', approve, async (c) => c.json(await undoPayment(tenant(c), id(c), id(c, 'paymentId'))));

  return r;
}
