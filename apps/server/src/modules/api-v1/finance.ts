import type { Hono } from 'hono';
import { z } from 'zod';
import { ENTRY_KINDS, entryCreateSchema, entryListQuerySchema, entryUpdateSchema, finEntryDetailSchema, finEntrySchema, finPaymentResultSchema, LIST_STATUSES, paymentCreateSchema } from '@sede/shared/finance/entries';
import type { ApiKeyEnv } from '../../http/api-key.ts';
import { contract, idParams } from '../../http/contract.ts';
import { AppError, notFound } from '../../http/errors.ts';
import type { Tenant } from '../../services.ts';
import { createEntry, getEntry, listEntries, settleEntry, updateEntry } from '../finance/public.ts';
import { tenant, type V1Access } from './access.ts';
import { listQuery, page, pageOf } from './list.ts';

type Kind = (typeof ENTRY_KINDS)[number];
const WORDS: Record<Kind, { path: string; one: string; many: string; notFound: string }> = {
  receivable: { path: '/receivables', one: 'conta a receber', many: 'contas a receber', notFound: 'Conta a receber não encontrada.' },
  payable: { path: '/payables', one: 'conta a pagar', many: 'contas a pagar', notFound: 'Conta a pagar não encontrada.' },
};

const { from, to, categoryId, costCenterId, accountId, organizationId, personId, q } = entryListQuerySchema.shape;
const entriesQuery = listQuery(finEntrySchema, {
  status: z.enum(LIST_STATUSES).default('all').describe('all, open (a vencer), overdue (vencidas), pending (em aberto), paid ou cancelled.'),
  from: from.describe('Vencimento a partir de (AAAA-MM-DD).'),
  to: to.describe('Vencimento até (AAAA-MM-DD).'),
  categoryId,
  costCenterId,
  accountId,
  organizationId,
  personId,
  q,
});

/** The create body without `kind` (the path says it), checked by the app's own schema. */
const { kind: _kind, ...createShape } = entryCreateSchema.shape;
const createBody = (kind: Kind) =>
  z
    .strictObject(createShape)
    // the fields were checked once already; the app's schema checks them again with the rules across fields
    .transform((v) => ({ ...v, kind }) as z.input<typeof entryCreateSchema>)
    .pipe(entryCreateSchema);

/** The entry of this kind, or the 404 of a record that does not exist here. */
export async function entryOf(t: Tenant, kind: Kind, id: string) {
  const entry = await getEntry(t, id).catch((e: unknown) => {
    if (e instanceof AppError && e.status === 404) return null;
    throw e;
  });
  if (!entry || entry.kind !== kind) throw notFound(WORDS[kind].notFound);
  return entry;
}

/** Receivables and payables (decisions 0170–0174): lists by due date, entries, installments, payments. */
export function financeRoutes(r: Hono<ApiKeyEnv>, { read, write }: V1Access) {
  for (const kind of ENTRY_KINDS) {
    const w = WORDS[kind];
    const id = idParams(w.notFound);
    r.get(w.path, ...read('finance.read'), contract({ summary: `Listar ${w.many}`, description: 'Por vencimento, do mais antigo ao mais recente.', query: entriesQuery, response: pageOf(finEntrySchema) }), async (c) => {
      const { fields, updated_since, ...filters } = c.req.valid('query');
      const found = await listEntries(tenant(c), { ...filters, kind, dateField: 'due', sort: 'dueDate', order: 'asc', updatedSince: updated_since });
      return c.json(page(found.entries, found.nextCursor, fields));
    });
    r.post(
      w.path,
      ...write('finance.write'),
      contract({
        summary: `Lançar ${w.one}`,
        description: 'À vista, parcelada (`installments`) ou recorrente (`recurrence`): a resposta traz cada lançamento criado.',
        body: createBody(kind),
        response: z.object({ data: z.array(finEntrySchema) }),
        status: 201,
      }),
      async (c) => c.json({ data: await createEntry(tenant(c), c.req.valid('json')) }, 201),
    );
    r.get(`${w.path}/:id`, ...read('finance.read'), contract({ summary: `Ver ${w.one}`, params: id, response: finEntryDetailSchema }), async (c) => c.json(await entryOf(tenant(c), kind, c.req.valid('param').id)));
    r.patch(`${w.path}/:id`, ...write('finance.write'), contract({ summary: `Alterar ${w.one}`, params: id, body: entryUpdateSchema, response: finEntryDetailSchema }), async (c) => {
      const { id: entryId } = c.req.valid('param');
      await entryOf(tenant(c), kind, entryId);
      return c.json(await updateEntry(tenant(c), entryId, c.req.valid('json')));
    });
    r.post(
      `${w.path}/:id/payments`,
      ...write('finance.approve'),
      contract({ summary: `Registrar ${kind === 'receivable' ? 'recebimento' : 'pagamento'}`, params: id, body: paymentCreateSchema, response: finPaymentResultSchema, status: 201 }),
      async (c) => {
        const { id: entryId } = c.req.valid('param');
        await entryOf(tenant(c), kind, entryId);
        return c.json(await settleEntry(tenant(c), { entryId, ...c.req.valid('json') }), 201);
      },
    );
  }
}
