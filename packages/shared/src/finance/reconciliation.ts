import type { StatementTransaction } from './ofx.ts';

/**
 * The de-duplication keys of a statement's transactions (decision 0176): the day, the signed
 * amount, the FITID (or none) and the memo, plus the occurrence of that same tuple in the file
 * (`#0`, `#1`…). Banks repeat FITIDs (Caixa's `000000`, Bradesco's per-day numbers), so a FITID
 * alone is not unique; two identical purchases on one day are two lines in one file, and an
 * overlapping later export yields the same keys, so it imports only what is new.
 */
export function dedupKeys(transactions: readonly Pick<StatementTransaction, 'postedDate' | 'amountCents' | 'fitId' | 'memo'>[]): string[] {
  const seen = new Map<string, number>();
  return transactions.map((t) => {
    const base = `${t.postedDate}|${t.amountCents}|${(t.fitId ?? '').trim()}|${t.memo.replace(/\s+/g, ' ').trim().toUpperCase()}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return `${base}#${n}`;
  });
}

/** How far (calendar days) a statement line's date may be from an entry's due date or a payment's date to be suggested (decision 0176). */
export const MATCH_WINDOW_DAYS = 5;

export type MatchLine = { id: string; postedDate: string; amountCents: number; accountId: string };
export type MatchCandidate =
  | { type: 'payment'; id: string; entryId: string; kind: 'payable' | 'receivable'; date: string; amountCents: number; accountId: string; description: string }
  | { type: 'entry'; id: string; kind: 'payable' | 'receivable'; date: string; amountCents: number; accountId: string | null; description: string };
export type MatchSuggestion = { lineId: string; candidate: MatchCandidate; daysApart: number };

const dayNumber = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000;

/**
 * Suggests, for each pending line, the one candidate with the same amount (a credit: a
 * receivable; a debit: a payable; an entry by its open remainder, a payment by what it moved)
 * within ±MATCH_WINDOW_DAYS. Preference: a payment already entered on the line's account (it
 * only needs linking), then the nearest date, then the same account. Each candidate is offered
 * to one line only: the lines are served nearest-first.
 */
export function suggestMatches(lines: readonly MatchLine[], candidates: readonly MatchCandidate[], windowDays = MATCH_WINDOW_DAYS): MatchSuggestion[] {
  const byAmount = new Map<string, MatchCandidate[]>();
  for (const c of candidates) {
    const signed = c.kind === 'receivable' ? c.amountCents : -c.amountCents;
    const key = String(signed);
    const list = byAmount.get(key);
    if (list) list.push(c);
    else byAmount.set(key, [c]);
  }
  const pairs: { line: MatchLine; candidate: MatchCandidate; daysApart: number; rank: number }[] = [];
  for (const line of lines) {
    for (const c of byAmount.get(String(line.amountCents)) ?? []) {
      if (c.type === 'payment' && c.accountId !== line.accountId) continue;
      const daysApart = Math.abs(dayNumber(line.postedDate) - dayNumber(c.date));
      if (daysApart > windowDays) continue;
      const rank = (c.type === 'payment' ? 0 : 1000) + daysApart * 10 + (c.accountId === line.accountId ? 0 : 1);
      pairs.push({ line, candidate: c, daysApart, rank });
    }
  }
  pairs.sort((a, b) => a.rank - b.rank || a.line.postedDate.localeCompare(b.line.postedDate) || a.line.id.localeCompare(b.line.id));
  const usedLines = new Set<string>();
  const usedCandidates = new Set<string>();
  const out: MatchSuggestion[] = [];
  for (const p of pairs) {
    const ckey = `${p.candidate.type}:${p.candidate.id}`;
    if (usedLines.has(p.line.id) || usedCandidates.has(ckey)) continue;
    usedLines.add(p.line.id);
    usedCandidates.add(ckey);
    out.push({ lineId: p.line.id, candidate: p.candidate, daysApart: p.daysApart });
  }
  return out;
}

/** Does the statement's account (OFX BANKID/ACCTID) name the chosen account? Unknown on either side: yes (decision 0176). */
export function statementAccountMatches(stmt: { bankId: string | null; acctId: string | null }, account: { bankCode: string | null; accountNumber: string | null }): boolean {
  const digits = (s: string | null) => (s ?? '').replace(/\D/g, '').replace(/^0+/, '');
  const bankA = digits(stmt.bankId);
  const bankB = digits(account.bankCode);
  if (bankA && bankB && bankA !== bankB) return false;
  const a = digits(stmt.acctId);
  const b = digits(account.accountNumber);
  if (!a || !b) return true;
  if (a === b) return true;
  // ACCTID often carries the branch before the account, or leaves out the check digit.
  const [longer, shorter] = a.length >= b.length ? [a, b] : [b, a];
  return shorter.length >= 4 && (longer.endsWith(shorter) || longer.startsWith(shorter) || longer.slice(0, -1).endsWith(shorter));
}
