import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { schema, type DbOrTx } from '@sede/db/client';
import { withTransaction } from '@sede/db/transaction';
import { looksLikeOfx, parseOfxStatements, StatementParseError, type ParsedStatement, decodeStatementBytes } from '@sede/shared/finance/ofx';
import { dedupKeys, MATCH_WINDOW_DAYS, statementAccountMatches, suggestMatches, type MatchCandidate } from '@sede/shared/finance/reconciliation';
import { parseStatementCsv } from '@sede/shared/finance/statement-csv';
import { STATEMENT_LINE_STATUSES, STATEMENT_LINES_PAGE, STATEMENT_MESSAGES as M, type StatementBalanceCheck, type StatementCandidate, type StatementImport, type StatementImportResult, type StatementLine, type StatementLineStatus, type StatementLinesPage, type StatementOptions } from '@sede/shared/finance/statements-schemas';
import { addDays } from '@sede/shared/platform/calendar';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { createEntry, settleEntry } from './finance-adapter.ts';

const { finAccounts: A, finCategories: C, finEntries: E, finPayments: P, finStatementImports: I, finStatementLines: L } = schema;

export async function getAccount(db: DbOrTx, tenant: Tenant, accountId: string) {
  const [account] = await db
    .select()
    .from(A)
    .where(and(eq(A.id, accountId), eq(A.companyId, tenant.companyId)));
  if (!account) throw notFound(M.accountNotFound);
  return account;
}

/** The file's statements (an OFX may hold several accounts) by its content (OFX by its header), else by name; errors in Portuguese with the line. */
export function parseStatementFile(fileName: string, bytes: Uint8Array): ParsedStatement[] {
  if (bytes.length === 0) throw badRequest(M.empty, 'STATEMENT_EMPTY');
  try {
    const text = decodeStatementBytes(bytes);
    if (looksLikeOfx(text)) return parseOfxStatements(text);
    if (/\.(csv|txt)$/i.test(fileName) || /^[^\n]*[;,][^\n]*[;,]/m.test(text)) return [parseStatementCsv(text)];
    if (/\.ofx$/i.test(fileName)) return parseOfxStatements(text);
  } catch (e) {
    if (e instanceof StatementParseError) throw new AppError(400, 'STATEMENT_INVALID', e.message, e.line ? { line: e.line } : undefined);
    throw e;
  }
  throw badRequest(M.unknownFormat, 'STATEMENT_FORMAT');
}

const describeStated = (p: ParsedStatement) => [p.bankId && `banco ${p.bankId}`, p.branchId && `agência ${p.branchId}`, p.acctId && `conta ${p.acctId}`].filter(Boolean).join(', ');
const currencyNames = new Intl.DisplayNames(['pt-BR'], { type: 'currency' });

/** The file's statement of this account (decision 0373): the one whose account matches, in reais. */
function statementFor(statements: ParsedStatement[], account: { name: string; bankCode: string | null; accountNumber: string | null }): ParsedStatement {
  const matching = statements.filter((p) => statementAccountMatches(p, account));
  if (matching.length === 0) {
    const stated = statements.map(describeStated).join('; ');
    throw badRequest(statements.length === 1 ? M.otherAccount(stated, account.name) : M.otherAccounts(stated, account.name), 'STATEMENT_OTHER_ACCOUNT');
  }
  if (matching.length > 1) throw badRequest(M.severalAccounts(matching.map(describeStated).join('; '), account.name), 'STATEMENT_SEVERAL_ACCOUNTS');
  const parsed = matching[0]!;
  if (parsed.currency && parsed.currency !== 'BRL') {
    const name = /^[A-Z]{3}$/.test(parsed.currency) ? (currencyNames.of(parsed.currency) ?? parsed.currency).toLowerCase() : 'outra moeda';
    throw badRequest(M.currency(name, parsed.currency.slice(0, 10)), 'STATEMENT_CURRENCY');
  }
  return parsed;
}

/** Sede's balance of an account at the end of a day: the opening balance and every payment on it up to that day. */
async function sedeBalanceOn(db: DbOrTx, tenant: Tenant, accountId: string, day: string): Promise<number> {
  const [row] = await db
    .select({
      cents: sql<string>`fin_accounts.opening_balance_cents + coalesce((
        select sum(case when e.kind = 'receivable' then 1 else -1 end * (p.amount_cents + p.interest_cents + p.fine_cents - p.discount_cents))
          from fin_payments p join fin_entries e on e.id = p.entry_id
         where p.company_id = fin_accounts.company_id and p.account_id = fin_accounts.id and p.paid_date <= ${day}::date), 0)`,
    })
    .from(A)
    .where(and(eq(A.id, accountId), eq(A.companyId, tenant.companyId)));
  return Number(row?.cents ?? 0);
}

async function balanceCheck(db: DbOrTx, tenant: Tenant, accountId: string, bankCents: number | null, date: string | null): Promise<StatementBalanceCheck | null> {
  if (bankCents === null || date === null) return null;
  const sedeCents = await sedeBalanceOn(db, tenant, accountId, date);
  return { date, bankCents, sedeCents, differenceCents: bankCents - sedeCents };
}

/**
 * Imports a statement into an account in one transaction: lines already imported (the same
 * de-duplication key on the account) are skipped; a malformed file imports nothing.
 */
export async function importStatement(tenant: Tenant, input: { accountId: string; fileName: string; bytes: Uint8Array }): Promise<StatementImportResult> {
  const account = await getAccount(tenant.db, tenant, input.accountId);
  const parsed = statementFor(parseStatementFile(input.fileName, input.bytes), account);
  const keys = dedupKeys(parsed.transactions);
  const result = await withTransaction(tenant.db.$client, async ({ client }) => {
    const imp = await client.query<{ id: string }>(
      `insert into fin_statement_imports (company_id, account_id, format, file_name, bank_id, acct_id, start_date, end_date, ledger_balance_cents, ledger_balance_date, total_lines, created_by)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning id`,
      [
        tenant.companyId,
        account.id,
        parsed.format,
        input.fileName,
        parsed.bankId,
        parsed.acctId,
        parsed.startDate,
        parsed.endDate,
        parsed.ledgerBalanceCents,
        parsed.ledgerBalanceDate,
        parsed.transactions.length,
        tenant.actorId,
      ],
    );
    const importId = imp.rows[0]!.id;
    let imported = 0;
    const CHUNK = 5000;
    for (let i = 0; i < parsed.transactions.length; i += CHUNK) {
      const part = parsed.transactions.slice(i, i + CHUNK);
      const res = await client.query(
        `insert into fin_statement_lines (company_id, import_id, account_id, posted_date, amount_cents, fit_id, memo, payee, dedup_key)
         select $1, $2, $3, d, a, f, m, p, k from unnest($4::date[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::text[]) as t(d, a, f, m, p, k)
         on conflict (account_id, dedup_key) do nothing`,
        [
          tenant.companyId,
          importId,
          account.id,
          part.map((t) => t.postedDate),
          part.map((t) => t.amountCents),
          part.map((t) => t.fitId),
          part.map((t) => t.memo.slice(0, 500)),
          part.map((t) => t.payee?.slice(0, 200) ?? null),
          keys.slice(i, i + CHUNK),
        ],
      );
      imported += res.rowCount ?? 0;
    }
    await client.query('update fin_statement_imports set imported_lines = $2 where id = $1', [importId, imported]);
    return {
      importId,
      format: parsed.format,
      totalLines: parsed.transactions.length,
      importedLines: imported,
      duplicateLines: parsed.transactions.length - imported,
      startDate: parsed.startDate,
      endDate: parsed.endDate,
    };
  });
  return { ...result, balance: await balanceCheck(tenant.db, tenant, account.id, parsed.ledgerBalanceCents, parsed.ledgerBalanceDate) };
}

export async function listImports(tenant: Tenant, accountId?: string): Promise<StatementImport[]> {
  if (accountId) await getAccount(tenant.db, tenant, accountId);
  const rows = await tenant.db
    .select({ i: I, createdByName: schema.user.name })
    .from(I)
    .leftJoin(schema.user, eq(schema.user.id, I.createdBy))
    .where(and(eq(I.companyId, tenant.companyId), accountId ? eq(I.accountId, accountId) : undefined))
    .orderBy(desc(I.createdAt), desc(I.id))
    .limit(50);
  return Promise.all(rows.map(async ({ i: r, createdByName }) => ({
    id: r.id,
    accountId: r.accountId,
    format: r.format,
    fileName: r.fileName,
    totalLines: r.totalLines,
    importedLines: r.importedLines,
    startDate: r.startDate,
    endDate: r.endDate,
    balance: await balanceCheck(tenant.db, tenant, r.accountId, r.ledgerBalanceCents, r.ledgerBalanceDate),
    createdByName: createdByName ?? null,
    createdAt: r.createdAt.toISOString(),
  })));
}

type LineRow = typeof L.$inferSelect;

/** Open entries and not-yet-reconciled payments near the lines' dates: the candidates of their suggestions. */
async function candidatesFor(db: DbOrTx, tenant: Tenant, lines: Pick<LineRow, 'postedDate' | 'accountId'>[]): Promise<MatchCandidate[]> {
  if (lines.length === 0) return [];
  const dates = lines.map((l) => l.postedDate).sort();
  const from = addDays(dates[0]!, -MATCH_WINDOW_DAYS);
  const to = addDays(dates[dates.length - 1]!, MATCH_WINDOW_DAYS);
  const accounts = [...new Set(lines.map((l) => l.accountId))];
  const [entries, payments] = await Promise.all([
    db
      .select({ id: E.id, kind: E.kind, dueDate: E.dueDate, amountCents: E.amountCents, paidCents: E.paidCents, accountId: E.accountId, description: E.description })
      .from(E)
      .where(and(eq(E.companyId, tenant.companyId), eq(E.status, 'open'), sql`${E.dueDate} between ${from} and ${to}`))
      .limit(5000),
    db
      .select({
        id: P.id,
        entryId: P.entryId,
        kind: E.kind,
        paidDate: P.paidDate,
        moved: sql<number>`(${P.amountCents} + ${P.interestCents} + ${P.fineCents} - ${P.discountCents})::bigint`.mapWith(Number),
        accountId: P.accountId,
        description: E.description,
      })
      .from(P)
      .innerJoin(E, eq(E.id, P.entryId))
      .where(
        and(
          eq(P.companyId, tenant.companyId),
          inArray(P.accountId, accounts),
          sql`${P.paidDate} between ${from} and ${to}`,
          sql`not exists (select 1 from fin_statement_lines sl where sl.matched_payment_id = ${P.id})`,
        ),
      )
      .limit(5000),
  ]);
  return [
    ...payments.map((p) => ({ type: 'payment' as const, id: p.id, entryId: p.entryId, kind: p.kind, date: p.paidDate, amountCents: p.moved, accountId: p.accountId, description: p.description })),
    ...entries.map((e) => ({ type: 'entry' as const, id: e.id, kind: e.kind, date: e.dueDate, amountCents: e.amountCents - e.paidCents, accountId: e.accountId, description: e.description })),
  ];
}

function toCandidate(c: MatchCandidate, daysApart: number): StatementCandidate {
  return { type: c.type, id: c.id, entryId: c.type === 'payment' ? c.entryId : c.id, kind: c.kind, description: c.description, date: c.date, amountCents: c.amountCents, daysApart };
}

async function suggestionsFor(db: DbOrTx, tenant: Tenant, lines: LineRow[]) {
  const pending = lines.filter((l) => l.status === 'pending');
  const candidates = await candidatesFor(db, tenant, pending);
  const out = new Map<string, StatementCandidate>();
  for (const s of suggestMatches(pending, candidates)) out.set(s.lineId, toCandidate(s.candidate, s.daysApart));
  return out;
}

export async function listLines(tenant: Tenant, q: { accountId?: string; importId?: string; status?: StatementLineStatus; cursor?: string }): Promise<StatementLinesPage> {
  if (q.accountId) await getAccount(tenant.db, tenant, q.accountId);
  const scope = and(eq(L.companyId, tenant.companyId), q.accountId ? eq(L.accountId, q.accountId) : undefined, q.importId ? eq(L.importId, q.importId) : undefined);
  let after: ReturnType<typeof sql> | undefined;
  if (q.cursor) {
    const [date, id] = q.cursor.split('|') as [string, string];
    after = sql`(${L.postedDate}, ${L.id}) < (${date}::date, ${id}::uuid)`;
  }
  const [rows, counts] = await Promise.all([
    tenant.db
      .select({ line: L, matchedDescription: E.description })
      .from(L)
      .leftJoin(E, eq(E.id, L.matchedEntryId))
      .where(and(scope, q.status ? eq(L.status, q.status) : undefined, after))
      .orderBy(desc(L.postedDate), desc(L.id))
      .limit(STATEMENT_LINES_PAGE + 1),
    tenant.db.select({ status: L.status, n: sql<number>`count(*)::int` }).from(L).where(scope).groupBy(L.status),
  ]);
  const page = rows.slice(0, STATEMENT_LINES_PAGE);
  const suggestions = await suggestionsFor(tenant.db, tenant, page.map((r) => r.line));
  const last = page[page.length - 1]?.line;
  const countMap = Object.fromEntries(STATEMENT_LINE_STATUSES.map((s) => [s, 0])) as Record<StatementLineStatus, number>;
  for (const c of counts) countMap[c.status] = c.n;
  return {
    lines: page.map(({ line: l, matchedDescription }) => ({
      id: l.id,
      importId: l.importId,
      accountId: l.accountId,
      postedDate: l.postedDate,
      amountCents: l.amountCents,
      fitId: l.fitId,
      memo: l.memo,
      payee: l.payee,
      status: l.status,
      matchedEntryId: l.matchedEntryId,
      matchedPaymentId: l.matchedPaymentId,
      matchedDescription,
      suggestedCategoryId: l.suggestedCategoryId,
      suggestion: suggestions.get(l.id) ?? null,
    })),
    nextCursor: rows.length > STATEMENT_LINES_PAGE && last ? `${last.postedDate}|${last.id}` : null,
    counts: countMap,
  };
}

async function lockLine(tx: DbOrTx, tenant: Tenant, lineId: string): Promise<LineRow> {
  const [line] = await tx
    .select()
    .from(L)
    .where(and(eq(L.id, lineId), eq(L.companyId, tenant.companyId)))
    .for('update');
  if (!line) throw notFound(M.lineNotFound);
  return line;
}

async function markLine(tx: DbOrTx, tenant: Tenant, line: LineRow, patch: { status: StatementLineStatus; matchedEntryId?: string | null; matchedPaymentId?: string | null }) {
  await tx
    .update(L)
    .set({ ...patch, reconciledBy: patch.status === 'pending' ? null : tenant.actorId, reconciledAt: patch.status === 'pending' ? null : new Date() })
    .where(eq(L.id, line.id));
  await announce(tx, { companyId: tenant.companyId, entity: 'fin_statement_line', id: line.id, action: 'updated' });
}

/** Reconciles a pending line with an entry (settling it through the finance module) or with a payment already entered. */
async function confirmInTx(tx: DbOrTx, tenant: Tenant, line: LineRow, target: { type: 'entry' | 'payment'; id: string }) {
  if (line.status !== 'pending') throw conflict(M.notPending, 'STATEMENT_LINE_DONE');
  const credit = line.amountCents > 0;
  const abs = Math.abs(line.amountCents);
  if (target.type === 'payment') {
    const [p] = await tx
      .select({ id: P.id, entryId: P.entryId, accountId: P.accountId, kind: E.kind, moved: sql<number>`(${P.amountCents} + ${P.interestCents} + ${P.fineCents} - ${P.discountCents})::bigint`.mapWith(Number) })
      .from(P)
      .innerJoin(E, eq(E.id, P.entryId))
      .where(and(eq(P.id, target.id), eq(P.companyId, tenant.companyId)));
    if (!p) throw notFound(M.candidateNotFound);
    if (p.accountId !== line.accountId || p.moved !== abs || (p.kind === 'receivable') !== credit) throw badRequest(M.candidateMismatch, 'STATEMENT_MISMATCH');
    const [taken] = await tx.select({ id: L.id }).from(L).where(eq(L.matchedPaymentId, p.id)).limit(1);
    if (taken) throw conflict(M.candidateTaken, 'STATEMENT_PAYMENT_TAKEN');
    await markLine(tx, tenant, line, { status: 'matched', matchedEntryId: p.entryId, matchedPaymentId: p.id });
    return;
  }
  const [entry] = await tx
    .select()
    .from(E)
    .where(and(eq(E.id, target.id), eq(E.companyId, tenant.companyId)))
    .for('update');
  if (!entry) throw notFound(M.candidateNotFound);
  if (entry.status !== 'open') throw conflict(M.entryNotOpen, 'ENTRY_NOT_OPEN');
  if ((entry.kind === 'receivable') !== credit) throw badRequest(M.candidateMismatch, 'STATEMENT_MISMATCH');
  if (abs > entry.amountCents - entry.paidCents) throw badRequest(M.overRemaining, 'STATEMENT_OVER_REMAINING');
  const { paymentId } = await settleEntry(tx, tenant, { entryId: entry.id, accountId: line.accountId, paidDate: line.postedDate, amountCents: abs });
  await markLine(tx, tenant, line, { status: 'matched', matchedEntryId: entry.id, matchedPaymentId: paymentId });
}

export async function confirmMatch(tenant: Tenant, lineId: string, target: { type: 'entry' | 'payment'; id: string }) {
  await tenant.db.transaction(async (tx) => confirmInTx(tx, tenant, await lockLine(tx, tenant, lineId), target));
  return { ok: true };
}

/** Confirms the current suggestion of each chosen pending line, all in one transaction; lines without one are left as they are. */
export async function confirmSuggested(tenant: Tenant, lineIds: string[]) {
  return tenant.db.transaction(async (tx) => {
    const lines = await tx
      .select()
      .from(L)
      .where(and(eq(L.companyId, tenant.companyId), inArray(L.id, lineIds)))
      .orderBy(asc(L.postedDate), asc(L.id))
      .for('update');
    if (lines.length !== new Set(lineIds).size) throw notFound(M.lineNotFound);
    const suggestions = await suggestionsFor(tx, tenant, lines);
    let confirmed = 0;
    for (const line of lines) {
      const s = suggestions.get(line.id);
      if (!s) continue;
      await confirmInTx(tx, tenant, line, { type: s.type, id: s.id });
      confirmed++;
    }
    return { confirmed, skipped: lines.length - confirmed };
  });
}

/** Creates a payable (debit) or receivable (credit) for an unmatched line, settled on the line's day and account. */
export async function createEntryForLine(tenant: Tenant, lineId: string, input: { categoryId: string; description?: string }) {
  return tenant.db.transaction(async (tx) => {
    const line = await lockLine(tx, tenant, lineId);
    if (line.status !== 'pending') throw conflict(M.notPending, 'STATEMENT_LINE_DONE');
    const [category] = await tx
      .select()
      .from(C)
      .where(and(eq(C.id, input.categoryId), eq(C.companyId, tenant.companyId), isNull(C.archivedAt)));
    if (!category) throw notFound(M.categoryNotFound);
    const credit = line.amountCents > 0;
    if ((category.kind === 'income') !== credit) throw badRequest(M.categoryKind(credit), 'CATEGORY_KIND');
    const abs = Math.abs(line.amountCents);
    const { entryId } = await createEntry(tx, tenant, {
      kind: credit ? 'receivable' : 'payable',
      description: input.description ?? (line.memo || line.payee || 'Lançamento do extrato'),
      amountCents: abs,
      dueDate: line.postedDate,
      competenceDate: line.postedDate,
      categoryId: category.id,
      accountId: line.accountId,
    });
    const { paymentId } = await settleEntry(tx, tenant, { entryId, accountId: line.accountId, paidDate: line.postedDate, amountCents: abs });
    await markLine(tx, tenant, line, { status: 'created', matchedEntryId: entryId, matchedPaymentId: paymentId });
    return { entryId, paymentId };
  });
}

export const ignoreLine = (tenant: Tenant, lineId: string) => moveLine(tenant, lineId, { from: 'pending', to: 'ignored' }, M.notPending, 'STATEMENT_LINE_DONE');
export const reopenLine = (tenant: Tenant, lineId: string) => moveLine(tenant, lineId, { from: 'ignored', to: 'pending' }, M.notIgnored, 'STATEMENT_LINE_NOT_IGNORED');

/** A line from one status to another; a line in any other status answers 409 (`message`, `code`). */
async function moveLine(tenant: Tenant, lineId: string, { from, to }: { from: StatementLineStatus; to: StatementLineStatus }, message: string, code: string) {
  await tenant.db.transaction(async (tx) => {
    const line = await lockLine(tx, tenant, lineId);
    if (line.status !== from) throw conflict(message, code);
    await markLine(tx, tenant, line, { status: to });
  });
  return { ok: true };
}

export async function statementOptions(tenant: Tenant): Promise<StatementOptions> {
  const [accounts, categories] = await Promise.all([
    tenant.db
      .select({ id: A.id, name: A.name, bankCode: A.bankCode, accountNumber: A.accountNumber })
      .from(A)
      .where(and(eq(A.companyId, tenant.companyId), isNull(A.archivedAt)))
      .orderBy(asc(A.name)),
    tenant.db
      .select({ id: C.id, name: C.name, kind: C.kind, dreGroup: C.dreGroup })
      .from(C)
      .where(and(eq(C.companyId, tenant.companyId), isNull(C.archivedAt)))
      .orderBy(asc(C.kind), asc(C.position), asc(C.name)),
  ]);
  return { accounts, categories: categories.map((c) => ({ ...c, kind: c.kind === 'income' ? 'income' : 'expense' })) };
}

export type { StatementLine };
