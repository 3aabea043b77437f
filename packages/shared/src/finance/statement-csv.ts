import { checkedDate, decodeStatementBytes, parseAmountCents, StatementParseError, type ParsedStatement, type StatementTransaction } from './ofx.ts';

/**
 * A bank statement as CSV (decision 0175): one transaction per row with a date, a description
 * and a signed amount; `;` or `,` between fields (the one the first rows use most, outside
 * quotes); decimal comma or point; an optional header row naming the columns (data, descrição
 * / histórico, valor). Dates `DD/MM/AAAA`, `DD-MM-AAAA` or `AAAA-MM-DD`.
 */

function splitRows(text: string, delimiter: string): { cells: string[]; line: number }[] {
  const rows: { cells: string[]; line: number }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.some((c) => c.trim() !== '')) rows.push({ cells, line: rowLine });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (quoted) throw new StatementParseError('CSV inválido: aspas não fechadas', rowLine);
  cells.push(cell);
  if (cells.some((c) => c.trim() !== '')) rows.push({ cells, line: rowLine });
  return rows;
}

function detectDelimiter(head: string): string {
  const count = (d: string) => {
    let n = 0;
    let q = false;
    for (const ch of head) {
      if (ch === '"') q = !q;
      else if (ch === d && !q) n++;
    }
    return n;
  };
  const semi = count(';');
  const comma = count(',');
  const tab = count('\t');
  if (tab > semi && tab > comma) return '\t';
  return semi >= comma && semi > 0 ? ';' : ',';
}

/** A CSV date to YYYY-MM-DD, or null when the text is not a date (a header). */
export function parseCsvDate(value: string, line?: number): string | null {
  const v = value.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(v);
  if (m) return checkedDate(Number(m[3]), Number(m[2]), Number(m[1]), v, line);
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(v);
  if (m) return checkedDate(Number(m[1]), Number(m[2]), Number(m[3]), v, line);
  return null;
}

const norm = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();
const DATE_HEADERS = ['data', 'date', 'data lancamento', 'data do lancamento', 'data movimento', 'dt'];
const DESCRIPTION_HEADERS = ['descricao', 'historico', 'description', 'memo', 'lancamento', 'detalhes', 'titulo'];
const AMOUNT_HEADERS = ['valor', 'amount', 'valor (r$)', 'valor r$', 'quantia'];
const CREDIT_HEADERS = ['credito', 'credito (r$)', 'entrada', 'entradas', 'entradas (r$)'];
const DEBIT_HEADERS = ['debito', 'debito (r$)', 'saida', 'saidas', 'saidas (r$)'];
const BALANCE_HEADERS = ['saldo', 'saldo (r$)', 'saldos (r$)', 'saldo do dia', 'saldo r$'];
const ID_HEADERS = ['identificador', 'id da transacao'];
/** Lines that state a balance or a total, not a transaction (SALDO DO DIA, SALDO ANTERIOR, S A L D O, TOTAL…). */
const BALANCE_LINE = /^(s ?a ?l ?d ?o|total)\b/;
/** How far down the file the column names may come, after the bank's own title lines. */
const HEADER_SEARCH_ROWS = 20;

type Columns = { date: number; description: number; amount: number; credit: number; debit: number; balance: number; id: number };

/** The header row among the first rows (a bank's title lines come before it), or none when the data starts at once. */
function findColumns(rows: { cells: string[] }[]): { columns: Columns; bodyStart: number } | null {
  for (let i = 0; i < Math.min(rows.length, HEADER_SEARCH_ROWS); i++) {
    const cells = rows[i]!.cells;
    if (parseCsvDate(cells[0] ?? '') !== null) return i === 0 ? { columns: { date: 0, description: 1, amount: 2, credit: -1, debit: -1, balance: -1, id: -1 }, bodyStart: 0 } : null;
    const names = cells.map(norm);
    const pick = (options: string[]) => names.findIndex((n) => options.includes(n));
    const columns = { date: pick(DATE_HEADERS), description: pick(DESCRIPTION_HEADERS), amount: pick(AMOUNT_HEADERS), credit: pick(CREDIT_HEADERS), debit: pick(DEBIT_HEADERS), balance: pick(BALANCE_HEADERS), id: pick(ID_HEADERS) };
    if (columns.date !== -1 && (columns.amount !== -1 || (columns.credit !== -1 && columns.debit !== -1))) return { columns, bodyStart: i + 1 };
  }
  return null;
}

/**
 * Parses a bank statement CSV. Balance and total lines are read as the bank's balance (the latest
 * one), never as transactions; so is a balance column. Separate credit and debit columns
 * (Bradesco) make the signed amount.
 */
export function parseStatementCsv(input: string | Uint8Array): ParsedStatement {
  const text = typeof input === 'string' ? input : decodeStatementBytes(input);
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines.length === 0) throw new StatementParseError('O arquivo CSV está vazio.');
  const rows = splitRows(text, detectDelimiter(lines.slice(0, HEADER_SEARCH_ROWS).join('\n')));
  const found = findColumns(rows);
  if (!found) throw new StatementParseError('O CSV não tem as colunas de um extrato: são precisas a data, a descrição e o valor (ou crédito e débito).', rows[0]?.line);
  const { columns: col, bodyStart } = found;
  const cell = (cells: string[], i: number) => (i === -1 ? '' : (cells[i] ?? '').trim());
  const transactions: StatementTransaction[] = [];
  const balances: { date: string | null; cents: number; order: number }[] = [];
  for (const { cells, line } of rows.slice(bodyStart)) {
    const rawDate = cell(cells, col.date);
    const description = cell(cells, col.description).replace(/\s+/g, ' ');
    const date = parseCsvDate(rawDate, line);
    if (BALANCE_LINE.test(norm(description)) || BALANCE_LINE.test(norm(rawDate))) {
      const value = [col.balance, col.amount, col.credit, col.debit].map((i) => cell(cells, i)).find((v) => v !== '');
      if (value) balances.push({ date, cents: parseAmountCents(value, line), order: balances.length });
      continue;
    }
    if (!date) {
      // A bank's section title or blank row after the header; a line with a value needs its date.
      if ([col.amount, col.credit, col.debit].every((i) => cell(cells, i) === '')) continue;
      throw new StatementParseError(`Data inválida no extrato: "${rawDate.slice(0, 30)}"`, line);
    }
    let rawAmount = cell(cells, col.amount);
    // `05/01/2024,Padaria,-12,50`: a decimal comma in a comma-separated file, unquoted.
    if (col.amount !== -1 && cells.length === Math.max(col.date, col.description, col.amount) + 2 && col.amount === cells.length - 2 && /^\d{2}$/.test(cells[col.amount + 1]!.trim())) {
      rawAmount = `${rawAmount},${cells[col.amount + 1]!.trim()}`;
    }
    let amountCents: number;
    if (rawAmount) amountCents = parseAmountCents(rawAmount, line);
    else if (cell(cells, col.credit)) amountCents = Math.abs(parseAmountCents(cell(cells, col.credit), line));
    else if (cell(cells, col.debit)) amountCents = -Math.abs(parseAmountCents(cell(cells, col.debit), line));
    else throw new StatementParseError('Um lançamento do extrato está sem valor', line);
    const balance = cell(cells, col.balance);
    if (balance) balances.push({ date, cents: parseAmountCents(balance, line), order: balances.length });
    transactions.push({ postedDate: date, amountCents, fitId: cell(cells, col.id) || null, memo: description, payee: null, line });
  }
  if (transactions.length === 0) throw new StatementParseError('O arquivo CSV não tem lançamentos.');
  const dates = transactions.map((t) => t.postedDate).sort();
  const endDate = dates[dates.length - 1]!;
  // The latest balance: by its day (files come newest first or last), then by its place in the file.
  const descending = transactions[0]!.postedDate > transactions[transactions.length - 1]!.postedDate;
  const dated = balances.map((b) => ({ ...b, date: b.date ?? endDate }));
  const latest = dated.sort((a, b) => (a.date === b.date ? (descending ? b.order - a.order : a.order - b.order) : a.date < b.date ? -1 : 1)).at(-1);
  return {
    format: 'csv',
    bankId: null,
    branchId: null,
    acctId: null,
    currency: 'BRL',
    startDate: dates[0]!,
    endDate,
    ledgerBalanceCents: latest?.cents ?? null,
    ledgerBalanceDate: latest?.date ?? null,
    transactions,
  };
}
