import { checkedDate, decodeStatementBytes, parseAmountCents, StatementParseError, type ParsedStatement, type StatementTransaction } from './ofx.ts';

/**
 * A bank statement as CSV (decision 0175): one transaction per row with a date, a description
 * and a signed amount; `;` or `,` between fields (the one the first row uses most, outside
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

function detectDelimiter(firstLine: string): string {
  const count = (d: string) => {
    let n = 0;
    let q = false;
    for (const ch of firstLine) {
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

export function parseStatementCsv(input: string | Uint8Array): ParsedStatement {
  const text = typeof input === 'string' ? input : decodeStatementBytes(input);
  const firstLine = text.split(/\r?\n/).find((l) => l.trim() !== '') ?? '';
  if (!firstLine) throw new StatementParseError('O arquivo CSV está vazio.');
  const rows = splitRows(text, detectDelimiter(firstLine));
  let dateCol = 0;
  let descCol = 1;
  let amountCol = 2;
  let body = rows;
  const head = rows[0]!;
  if (parseCsvDate(head.cells[0] ?? '') === null) {
    // A header row: find the columns by name.
    const names = head.cells.map(norm);
    const pick = (options: string[]) => names.findIndex((n) => options.includes(n));
    dateCol = pick(DATE_HEADERS);
    descCol = pick(DESCRIPTION_HEADERS);
    amountCol = pick(AMOUNT_HEADERS);
    if (dateCol === -1 || amountCol === -1) {
      throw new StatementParseError('CSV sem as colunas esperadas: use data, descrição e valor.', head.line);
    }
    body = rows.slice(1);
  }
  if (body.length === 0) throw new StatementParseError('O arquivo CSV não tem transações.');
  const transactions: StatementTransaction[] = body.map(({ cells, line }) => {
    const rawDate = cells[dateCol] ?? '';
    const date = parseCsvDate(rawDate, line);
    if (!date) throw new StatementParseError(`Data inválida no extrato: "${rawDate.trim().slice(0, 30)}"`, line);
    let rawAmount = cells[amountCol] ?? '';
    // `05/01/2024,Padaria,-12,50`: a decimal comma in a comma-separated file, unquoted.
    if (cells.length === Math.max(dateCol, descCol, amountCol) + 2 && amountCol === cells.length - 2 && /^\d{2}$/.test(cells[amountCol + 1]!.trim())) {
      rawAmount = `${rawAmount},${cells[amountCol + 1]!.trim()}`;
    }
    if (!rawAmount.trim()) throw new StatementParseError('Transação sem valor no extrato', line);
    return {
      postedDate: date,
      amountCents: parseAmountCents(rawAmount, line),
      fitId: null,
      memo: (descCol === -1 ? '' : (cells[descCol] ?? '')).replace(/\s+/g, ' ').trim(),
      payee: null,
      line,
    };
  });
  const dates = transactions.map((t) => t.postedDate).sort();
  return {
    format: 'csv',
    bankId: null,
    branchId: null,
    acctId: null,
    currency: 'BRL',
    startDate: dates[0] ?? null,
    endDate: dates[dates.length - 1] ?? null,
    ledgerBalanceCents: null,
    transactions,
  };
}
