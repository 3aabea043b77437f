import type { Hono } from 'hono';
import { and, desc, eq, count } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import {
  contactsSchema,
  extractResultSchema,
  extractSchema,
  LEADS_MESSAGES,
  leadRowListSchema,
  leadsQuoteSchema,
  leadsSelectionSchema,
  revealResultSchema,
  revealSchema,
  savedSearchListSchema,
  savedSearchSchema,
  savedSearchViewSchema,
  sendToListResultSchema,
  sendToListSchema,
  type LeadsQuote,
  type RevealResult,
  type SavedSearch,
  type SendToListResult,
} from '@sede/shared/prospecting/leads';
import { contract, idParams } from '../../http/contract.ts';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { logAudit } from '../../platform/audit.ts';
import { startJob } from '../../platform/jobs/run.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { createList, getList } from '../crm-contacts/public.ts';
import { extractLeads } from './extract.ts';
import { cleanCnpjs, leadRows, leadsCsv, quote, readLeads, resolveSelection, revealLeads, revealedSet } from './leads.ts';
import { SEND_JOB } from './send-to-list.ts';

const S = schema.prospectSavedSearches;
const MAX_SAVED = 100;

const toSaved = (r: typeof S.$inferSelect): SavedSearch => ({ id: r.id, name: r.name, filters: r.filters, createdAt: r.createdAt.toISOString() });

/**
 * The company's own work on the leads (decisions 0205–0209): reveal
 * (paid, `prospecting.write`), export CSV (`prospecting.export`), send to a CRM list
 * (`prospecting.write` + `crm.write`), /extrair-leads, saved searches. Everything here is
 * scoped to the caller's company.
 */
export function leadRoutes(s: Services, r: Hono<CompanyEnv>) {

  r.post('/leads/contacts', contract({ summary: 'Ver contatos dos leads', body: contactsSchema, response: leadRowListSchema }), async (c) => {
    const { cnpjs } = c.req.valid('json');
    return c.json({ leads: await leadRows(s, c.get('tenant'), cleanCnpjs(cnpjs)) });
  });

  r.post('/leads/quote', contract({ summary: 'Orçar revelação de leads', body: leadsSelectionSchema, response: leadsQuoteSchema }), async (c) => {
    const sel = c.req.valid('json');
    const leads = await readLeads(s, await resolveSelection(s, sel));
    const { pending: _, ...q } = await quote(c.get('tenant'), [...leads.values()]);
    return c.json(q satisfies LeadsQuote);
  });

  r.post('/leads/reveal', requirePermission('prospecting.write'), contract({ summary: 'Revelar contatos dos leads', body: revealSchema, response: revealResultSchema }), async (c) => {
    const cnpjs = cleanCnpjs(c.req.valid('json').cnpjs);
    if (!cnpjs.length) throw badRequest(LEADS_MESSAGES.cnpjs);
    const t = c.get('tenant');
    const leads = await readLeads(s, cnpjs);
    const out = await revealLeads(s, t, [...leads.values()]);
    const body: RevealResult = { leads: await leadRows(s, t, cnpjs), ...out };
    return c.json(body);
  });

  r.post('/leads/export', requirePermission('prospecting.export'), contract({ summary: 'Exportar leads (CSV)', body: leadsSelectionSchema, response: { media: 'text/csv' } }), async (c) => {
    const t = c.get('tenant');
    const cnpjs = await resolveSelection(s, c.req.valid('json'));
    if (!cnpjs.length) throw badRequest(LEADS_MESSAGES.selection, 'NO_LEADS');
    const found = await readLeads(s, cnpjs);
    const leads = cnpjs.flatMap((x) => found.get(x) ?? []);
    const out = await revealLeads(s, t, leads);
    const csv = leadsCsv(leads, await revealedSet(t, leads.map((l) => l.cnpj)));
    await logAudit(t.db, t, { action: 'prospect_leads_exported', entity: 'prospect_leads', id: null, details: { format: 'csv', count: leads.length, charged: out.charged } });
    return new Response(csv, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`,
        'cache-control': 'no-store',
        'x-leads-count': String(leads.length),
        'x-coins-charged': String(out.charged),
        'x-coins-balance': String(out.balance),
      },
    });
  });

  r.post(
    '/leads/send',
    requirePermission('prospecting.write'),
    requirePermission('crm.write'),
    contract({ summary: 'Enviar leads para uma lista do CRM', body: sendToListSchema, response: sendToListResultSchema, status: 202 }),
    async (c) => {
      const t = c.get('tenant');
      const input = c.req.valid('json');
      const list = input.listId ? await getList(t, input.listId) : null;
      const cnpjs = await resolveSelection(s, input.selection);
      if (!cnpjs.length) throw badRequest(LEADS_MESSAGES.selection, 'NO_LEADS');
      const found = await readLeads(s, cnpjs);
      const leads = cnpjs.flatMap((x) => found.get(x) ?? []);
      if (!leads.length) throw badRequest(LEADS_MESSAGES.selection, 'NO_LEADS');
      const out = await revealLeads(s, t, leads);
      const listId = list?.id ?? (await createList(t, { name: input.listName!, description: 'Leads da Receita Federal (dados abertos)' })).id;
      const run = await startJob(s, t, SEND_JOB, { listId, cnpjs: leads.map((l) => l.cnpj) });
      return c.json({ jobId: run.id, listId, total: leads.length, charged: out.charged } satisfies SendToListResult, 202);
    },
  );

  r.post('/leads/extract', contract({ summary: 'Extrair leads de uma lista de CNPJs', body: extractSchema, response: extractResultSchema }), async (c) =>
    c.json(await extractLeads(s, c.get('tenant'), c.req.valid('json'))),
  );

  r.get('/saved-searches', contract({ summary: 'Listar buscas salvas', response: savedSearchListSchema }), async (c) => {
    const t = c.get('tenant');
    const rows = await t.db.select().from(S).where(eq(S.companyId, t.companyId)).orderBy(desc(S.createdAt), desc(S.id)).limit(MAX_SAVED);
    return c.json({ items: rows.map(toSaved) });
  });
  r.post('/saved-searches', requirePermission('prospecting.write'), contract({ summary: 'Salvar busca', body: savedSearchSchema, response: savedSearchViewSchema, status: 201 }), async (c) => {
    const t = c.get('tenant');
    const input = c.req.valid('json');
    const [n] = await t.db.select({ n: count() }).from(S).where(eq(S.companyId, t.companyId));
    if ((n?.n ?? 0) >= MAX_SAVED) throw conflict(LEADS_MESSAGES.tooManySaved, 'TOO_MANY_SAVED_SEARCHES');
    const [row] = await t.db.insert(S).values({ companyId: t.companyId, name: input.name, filters: input.filters, createdBy: t.actorId }).returning();
    return c.json(toSaved(row!), 201);
  });
  r.delete('/saved-searches/:id', requirePermission('prospecting.write'), contract({ summary: 'Excluir busca salva', params: idParams(LEADS_MESSAGES.savedNotFound), status: 204 }), async (c) => {
    const t = c.get('tenant');
    const { id } = c.req.valid('param');
    const gone = await t.db.delete(S).where(and(eq(S.id, id), eq(S.companyId, t.companyId))).returning({ id: S.id });
    if (!gone.length) throw notFound(LEADS_MESSAGES.savedNotFound);
    return c.body(null, 204);
  });
}
