/**
 * A bank statement parser for OFX (bank accounts; decision 0373), written from the OFX specification: 1.x (SGML: a block of
 * `KEY:VALUE` headers, then tags whose elements have no closing tag) and 2.x (XML, with an
 * `<?OFX …?>` processing instruction). Tolerant of the Brazilian banks' known quirks (decision
 * 0175): aggregates left unclosed (`<STMTTRN>` without `</STMTTRN>`), `CHARSET:1252` files
 * written in UTF-8 and the other way round, `DTPOSTED` with a `[-3:BRT]` zone, amounts with a
 * decimal comma, empty or missing MEMO, repeated FITIDs. A file it cannot read is an
 * `OfxError` with the line, in Portuguese.
 */

export class StatementParseError extends Error {
  constructor(
    message: string,
    public line?: number,
  ) {
    super(line ? `${message} (linha ${line})` : message);
  }
}

export type StatementTransaction = {
  /** YYYY-MM-DD, the bank's own day. */
  postedDate: string;
  /** Signed: credits > 0, debits < 0. */
  amountCents: number;
  fitId: string | null;
  memo: string;
  payee: string | null;
  /** The line of the file it came from (1-based). */
  line: number;
};

export type ParsedStatement = {
  format: 'ofx' | 'csv';
  bankId: string | null;
  branchId: string | null;
  acctId: string | null;
  currency: string | null;
  startDate: string | null;
  endDate: string | null;
  /** The balance the bank states (OFX LEDGERBAL, a CSV's last balance line), when present, and its day. */
  ledgerBalanceCents: number | null;
  ledgerBalanceDate: string | null;
  transactions: StatementTransaction[];
};

/** The largest amount a statement line may carry: R$ 10 bilhões. */
export const MAX_STATEMENT_AMOUNT_CENTS = 1_000_000_000_000;

const CP1252_HIGH = '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

/** Bytes to text: UTF-8 when the bytes are valid UTF-8 (some banks say 1252 and write UTF-8), else Windows-1252 (a superset of ISO-8859-1's printable range). */
export function decodeStatementBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Node decodes 'windows-1252' as ISO-8859-1: map 0x80–0x9F to Windows-1252's characters.
    text = new TextDecoder('windows-1252').decode(bytes).replace(/[\u0080-\u009f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? c);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

type Node = { name: string; value: string | null; children: Node[]; line: number };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };
function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/** Aggregates that never nest in themselves: opening one while one is open closes the open one (a missing closing tag). */
const SELF_CLOSING_AGGREGATES = new Set(['STMTTRN', 'STMTTRNRS', 'STMTRS', 'CCSTMTTRNRS', 'CCSTMTRS', 'BANKTRANLIST', 'LEDGERBAL', 'AVAILBAL']);
/** Elements that hold a value: opened and followed by another tag, they are empty (an empty MEMO), never a parent. */
const LEAVES = new Set(
  'MEMO NAME FITID CHECKNUM REFNUM SIC PAYEEID TRNTYPE DTPOSTED DTUSER DTAVAIL TRNAMT CORRECTFITID CORRECTACTION SRVRTID ACCTID BANKID BRANCHID ACCTTYPE ACCTKEY CURDEF BALAMT DTASOF DTSTART DTEND TRNUID CODE SEVERITY MESSAGE DTSERVER LANGUAGE ORG FID DTPROFUP DTACCTUP'.split(' '),
);

/** Builds the element tree from the body, tolerant of SGML's unclosed elements and of unclosed aggregates. */
function parseTree(body: string, firstLine: number): Node {
  const root: Node = { name: '#root', value: null, children: [], line: firstLine };
  const stack: Node[] = [root];
  const tag = /<([^<>]*)>/g;
  let line = firstLine;
  let lastIndex = 0;
  let lastOpened: Node | null = null;
  let m: RegExpExecArray | null;
  const advance = (to: number) => {
    for (let i = lastIndex; i < to; i++) if (body.charCodeAt(i) === 10) line++;
    lastIndex = to;
  };
  const popTo = (node: Node) => {
    const at = stack.lastIndexOf(node);
    if (at > 0) stack.length = at;
  };
  while ((m = tag.exec(body))) {
    const text = body.slice(lastIndex, m.index).trim();
    const textLine = line;
    advance(m.index);
    const tagLine = line;
    advance(tag.lastIndex);
    let justValued: Node | null = null;
    if (text) {
      // Text after an opening tag: that element is a leaf holding it.
      if (!lastOpened || lastOpened.children.length > 0 || lastOpened.value !== null) {
        throw new StatementParseError('O arquivo OFX está corrompido: há texto onde o extrato não prevê', textLine);
      }
      lastOpened.value = decodeEntities(text);
      popTo(lastOpened);
      justValued = lastOpened;
    }
    const raw = m[1]!.trim();
    if (!raw || raw.startsWith('?') || raw.startsWith('!')) continue;
    if (raw.startsWith('/')) {
      const name = raw.slice(1).trim().toUpperCase();
      if (justValued?.name === name) continue; // the leaf's own closing tag (XML)
      // An open aggregate's closing tag closes whatever was left open inside it; a stray one is ignored.
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i]!.name === name) {
          stack.length = i;
          break;
        }
      }
      lastOpened = null;
      continue;
    }
    const selfClosed = raw.endsWith('/');
    const name = raw.replace(/\/$/, '').split(/\s/)[0]!.toUpperCase();
    if (!/^[A-Z0-9_.]+$/.test(name)) throw new StatementParseError(`O arquivo OFX está corrompido: trecho «${raw.slice(0, 30)}» não reconhecido`, tagLine);
    // An empty leaf (SGML `<MEMO>` then the next tag) is never a parent.
    const top = stack[stack.length - 1]!;
    if (top !== root && LEAVES.has(top.name) && top.children.length === 0 && top.value === null) stack.pop();
    if (SELF_CLOSING_AGGREGATES.has(name)) {
      for (let i = stack.length - 1; i > 0; i--) {
        if (stack[i]!.name === name) {
          stack.length = i;
          break;
        }
      }
    }
    const node: Node = { name, value: null, children: [], line: tagLine };
    stack[stack.length - 1]!.children.push(node);
    lastOpened = selfClosed ? null : node;
    if (!selfClosed) stack.push(node);
  }
  if (body.slice(lastIndex).trim()) throw new StatementParseError('O arquivo OFX está corrompido: há texto depois do fim do extrato', line);
  return root;
}

const find = (n: Node, name: string): Node | undefined => {
  for (const c of n.children) {
    if (c.name === name) return c;
    const deep = find(c, name);
    if (deep) return deep;
  }
  return undefined;
};
const findAll = (n: Node, name: string, out: Node[] = []): Node[] => {
  for (const c of n.children) {
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
};
const child = (n: Node, name: string) => n.children.find((c) => c.name === name);
const leaf = (n: Node | undefined, name: string): string | null => {
  const c = n ? child(n, name) : undefined;
  const v = c?.value?.trim();
  return v ? v : null;
};

/** OFX dates: `YYYYMMDD[HHMMSS[.XXX]][[±H[:TZ]]]`; the day as the bank states it (decision 0175). */
export function parseOfxDate(value: string, line?: number): string {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value.trim());
  if (!m) throw new StatementParseError(`Data inválida no extrato: "${value.slice(0, 30)}"`, line);
  return checkedDate(Number(m[1]), Number(m[2]), Number(m[3]), value, line);
}

export function checkedDate(y: number, mo: number, d: number, original: string, line?: number): string {
  const iso = `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const dt = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(dt.getTime()) || dt.getUTCMonth() + 1 !== mo || dt.getUTCDate() !== d) {
    throw new StatementParseError(`Data inválida no extrato: "${original.slice(0, 30)}"`, line);
  }
  if (y < 1990 || y > 2100) throw new StatementParseError(`Data fora do intervalo aceito no extrato: "${original.slice(0, 30)}"`, line);
  return iso;
}

/**
 * An amount to signed cents: `-123.45`, `123,45`, `1.234,56`, `1,234.56`, `+10`, `R$ -5,00`,
 * `(5,00)`. The last `.` or `,` followed by 1–2 digits is the decimal separator.
 */
export function parseAmountCents(value: string, line?: number): number {
  let s = value.trim().replace(/^R\$\s*/i, '').replace(/\s/g, '');
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(/^R\$/i, '');
  if (s.startsWith('-')) {
    negative = !negative;
    s = s.slice(1);
  } else if (s.startsWith('+')) s = s.slice(1);
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  const bad = () => new StatementParseError(`Valor inválido no extrato: "${value.slice(0, 30)}"`, line);
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) throw bad();
  const dec = /[.,](\d{1,2})$/.exec(s);
  let intPart = s;
  let frac = '00';
  if (dec) {
    intPart = s.slice(0, dec.index);
    frac = dec[1]!.padEnd(2, '0');
  }
  // Thousands separators: groups of three after the first.
  if (/[.,]/.test(intPart)) {
    if (!/^\d{1,3}([.,]\d{3})+$/.test(intPart)) {
      // `123.456` with three decimals is not money.
      throw bad();
    }
    intPart = intPart.replace(/[.,]/g, '');
  }
  if (intPart === '') intPart = '0';
  if (intPart.length > 13) throw new StatementParseError(`Valor absurdo no extrato: "${value.slice(0, 30)}"`, line);
  const cents = Number(intPart) * 100 + Number(frac);
  if (cents > MAX_STATEMENT_AMOUNT_CENTS) throw new StatementParseError(`Valor absurdo no extrato: "${value.slice(0, 30)}"`, line);
  return negative ? -cents : cents;
}

/** Is this text an OFX file (either version)? */
export function looksLikeOfx(text: string): boolean {
  const head = text.slice(0, 2000).trimStart();
  return /^OFXHEADER\s*:/i.test(head) || /<\?OFX/i.test(head) || /<OFX>/i.test(head);
}

const NOT_A_BANK_STATEMENT = 'Este arquivo OFX não traz o extrato de uma conta corrente ou poupança. Baixe no site ou app do banco o extrato da conta em OFX (às vezes chamado "Money" ou "Quicken").';
const CREDIT_CARD = 'Este arquivo é a fatura de um cartão de crédito. A importação de faturas de cartão ainda não é suportada: importe o extrato da conta corrente.';
const INVESTMENTS = 'Este arquivo é um extrato de investimentos. A importação de investimentos ainda não é suportada: importe o extrato da conta corrente.';

/** A date the bank wrote in a header field (period, balance day): null when it is not a valid date. */
const lenientDate = (value: string | null): string | null => {
  if (!value) return null;
  try {
    return parseOfxDate(value);
  } catch {
    return null;
  }
};

/** A period longer than this in a statement's header is a bank's mistake, not a statement. */
const MAX_PERIOD_DAYS = 400;
const daysBetween = (a: string, b: string) => (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;

/**
 * The statement's period: the header's DTSTART–DTEND when they are dates that cover the lines;
 * else (a bad or missing date, one that leaves lines out, a span of years) the lines' own first
 * and last days (decision 0373).
 */
export function statementPeriod(start: string | null, end: string | null, transactions: Pick<StatementTransaction, 'postedDate'>[]): { startDate: string | null; endDate: string | null } {
  const days = transactions.map((t) => t.postedDate).sort();
  const first = days[0] ?? null;
  const last = days[days.length - 1] ?? null;
  const sane = start !== null && end !== null && start <= end && daysBetween(start, end) <= MAX_PERIOD_DAYS && (first === null || (start <= first && end >= last!));
  if (sane) return { startDate: start, endDate: end };
  return { startDate: first ?? start, endDate: last ?? (start !== null && end !== null && start <= end ? end : null) };
}

function readStatement(stmt: Node): ParsedStatement {
  const from = find(stmt, 'BANKACCTFROM');
  const list = find(stmt, 'BANKTRANLIST');
  if (!list) throw new StatementParseError('O extrato do arquivo OFX não traz a lista de lançamentos: baixe o arquivo de novo no banco.', stmt.line);
  const transactions: StatementTransaction[] = [];
  for (const t of findAll(list, 'STMTTRN')) {
    const posted = leaf(t, 'DTPOSTED') ?? leaf(t, 'DTUSER');
    const amount = leaf(t, 'TRNAMT');
    if (!posted) throw new StatementParseError('Um lançamento do extrato está sem data', t.line);
    if (!amount) throw new StatementParseError('Um lançamento do extrato está sem valor', t.line);
    const dateLine = child(t, 'DTPOSTED')?.line ?? t.line;
    const amountLine = child(t, 'TRNAMT')?.line ?? t.line;
    let cents = parseAmountCents(amount, amountLine);
    // A few banks write debits as positive with TRNTYPE DEBIT.
    const type = leaf(t, 'TRNTYPE')?.toUpperCase();
    if (cents > 0 && (type === 'DEBIT' || type === 'PAYMENT' || type === 'FEE' || type === 'SRVCHG' || type === 'ATM' || type === 'POS') && amount.trim()[0] !== '+') {
      // Only when the sign was not written: banks that sign debits write them negative.
      cents = -cents;
    }
    const name = leaf(t, 'NAME');
    const memo = leaf(t, 'MEMO');
    transactions.push({
      postedDate: parseOfxDate(posted, dateLine),
      amountCents: cents,
      fitId: leaf(t, 'FITID'),
      memo: (memo ?? name ?? '').replace(/\s+/g, ' ').trim(),
      payee: name && memo ? name.replace(/\s+/g, ' ').trim() : null,
      line: t.line,
    });
  }
  const { startDate, endDate } = statementPeriod(lenientDate(leaf(list, 'DTSTART')), lenientDate(leaf(list, 'DTEND')), transactions);
  const ledger = find(stmt, 'LEDGERBAL');
  const balAmt = ledger ? leaf(ledger, 'BALAMT') : null;
  const ledgerBalanceCents = balAmt ? parseAmountCents(balAmt, ledger?.line) : null;
  return {
    format: 'ofx',
    bankId: leaf(from, 'BANKID'),
    branchId: leaf(from, 'BRANCHID'),
    acctId: leaf(from, 'ACCTID'),
    currency: leaf(stmt, 'CURDEF')?.toUpperCase() ?? null,
    startDate,
    endDate,
    ledgerBalanceCents,
    ledgerBalanceDate: ledgerBalanceCents === null ? null : (lenientDate(ledger ? leaf(ledger, 'DTASOF') : null) ?? endDate),
    transactions,
  };
}

/**
 * Parses an OFX 1.x or 2.x file: one statement per bank account it holds (a bank may put several
 * accounts in one file). Credit-card and investment statements are refused with what they are.
 */
export function parseOfxStatements(input: string | Uint8Array): ParsedStatement[] {
  const text = typeof input === 'string' ? (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input) : decodeStatementBytes(input);
  const start = text.search(/<OFX>/i);
  if (start === -1) throw new StatementParseError('Este arquivo não é um extrato OFX: o conteúdo do extrato não foi encontrado.');
  const header = text.slice(0, start);
  if (!/OFXHEADER|<\?xml|<\?OFX/i.test(header) && header.trim() !== '') {
    throw new StatementParseError('Este arquivo não é um extrato OFX: o cabeçalho não é o de um OFX.', 1);
  }
  const firstLine = header.split('\n').length;
  const tree = parseTree(text.slice(start), firstLine);
  const ofx = child(tree, 'OFX');
  if (!ofx) throw new StatementParseError('Este arquivo não é um extrato OFX: o conteúdo do extrato não foi encontrado.');
  const statements = findAll(ofx, 'STMTRS');
  if (statements.length === 0) {
    if (find(ofx, 'CCSTMTRS')) throw new StatementParseError(CREDIT_CARD);
    if (find(ofx, 'INVSTMTRS')) throw new StatementParseError(INVESTMENTS);
    throw new StatementParseError(NOT_A_BANK_STATEMENT);
  }
  return statements.map(readStatement);
}

/** Parses an OFX file of one bank account (the first, when it holds several). */
export function parseOfx(input: string | Uint8Array): ParsedStatement {
  return parseOfxStatements(input)[0]!;
}
