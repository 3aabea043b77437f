import { sql } from 'drizzle-orm';
import { richTextToPlain } from '@sede/shared/platform/rich-text';
import type { DocContent } from '@sede/shared/documents/schemas';
import type { Tenant } from '../../services.ts';

/**
 * The company's CSVs as a person reads them (decision 0425), whatever module wrote them:
 * - a column naming people (a user id, or a list of them) keeps the id and gets the person's name
 *   and e-mail beside it ('Autor', 'Autor (e-mail)');
 * - a column of JSON objects becomes one column per key ('details.label'); a list of objects, and
 *   rich text (Tiptap JSON), become text.
 * Each CSV is read twice: once to learn its people and keys, once to write it.
 */

/** The people columns the modules use, and their headings. Any other column ending in 'By' is one too. */
const PERSON_LABELS: Record<string, string> = {
  userId: 'Pessoa',
  actorId: 'Feito por',
  authorId: 'Autor',
  ownerId: 'Responsável',
  assigneeId: 'Responsável',
  assigneeIds: 'Responsáveis',
  createdBy: 'Criado por',
  updatedBy: 'Alterado por',
  addedBy: 'Adicionado por',
  invitedBy: 'Convidado por',
  acceptedBy: 'Aceito por',
  revealedBy: 'Revelado por',
  consentBy: 'Consentimento registrado por',
  exportedBy: 'Exportado por',
};
const isPersonColumn = (column: string) => column in PERSON_LABELS || /By$/.test(column);
const personLabel = (column: string) => PERSON_LABELS[column] ?? `${column} (pessoa)`;

/** At most this many keys of one JSON column become columns; the rest stay as text in the column itself. */
const MAX_KEYS = 40;
const MAX_DEPTH = 3;

type Person = { name: string; email: string };
type Row = Record<string, unknown>;
type Rows = () => AsyncIterable<Row> | Iterable<Row>;

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date) && !Buffer.isBuffer(v);
const isRichText = (v: unknown): v is DocContent => isPlainObject(v) && v.type === 'doc' && (v.content === undefined || Array.isArray(v.content));
const ids = (v: unknown): string[] => (typeof v === 'string' && v ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A value as text a person reads: rich text as its text, objects as 'key: value' pairs, lists joined by ' | '. */
export function readableValue(v: unknown): unknown {
  if (isRichText(v)) return richTextToPlain(v);
  if (Array.isArray(v) && v.some((x) => isPlainObject(x) || Array.isArray(x))) return v.map((x) => String(readableValue(x))).join(' | ');
  if (isPlainObject(v))
    return Object.entries(v)
      .filter(([, x]) => x !== null && x !== undefined && x !== '')
      .map(([k, x]) => `${k}: ${readableValue(x)}`)
      .join(', ');
  return v;
}

/** The leaf keys of a JSON object, dotted ('brandKit.colors'), down to MAX_DEPTH. */
function leafKeys(v: Record<string, unknown>, prefix = '', depth = 1, out: string[] = []): string[] {
  for (const [k, x] of Object.entries(v)) {
    if (isPlainObject(x) && !isRichText(x) && depth < MAX_DEPTH) leafKeys(x, `${prefix}${k}.`, depth + 1, out);
    else out.push(`${prefix}${k}`);
  }
  return out;
}
const at = (v: Record<string, unknown>, dotted: string) => dotted.split('.').reduce<unknown>((x, k) => (isPlainObject(x) ? x[k] : undefined), v);

/** A column as written: the shape of the spreadsheet writer's columns (`TableColumn`, decision 0433 on main). */
type Output = { header: string; value: (row: Row) => unknown };

/** Reads the CSV's rows once: the people it names and the keys of its JSON columns. */
async function survey(columns: readonly string[], rows: Rows, people: readonly string[]) {
  const personIds = new Set<string>();
  const keys = new Map<string, Set<string>>();
  /** Columns with values that are not objects, or with more keys than become columns: kept themselves. */
  const scalars = new Set<string>();
  for await (const row of rows()) {
    for (const c of columns) {
      const v = row[c];
      if (people.includes(c)) for (const id of ids(v)) personIds.add(id);
      else if (isPlainObject(v) && !isRichText(v)) {
        const set = keys.get(c) ?? new Set<string>();
        for (const k of leafKeys(v)) {
          if (set.has(k)) continue;
          if (set.size < MAX_KEYS) set.add(k);
          else scalars.add(c);
        }
        keys.set(c, set);
      } else if (v !== null && v !== undefined) scalars.add(c);
    }
  }
  return { personIds, keys, scalars };
}

/** People by id: their name (the e-mail when they gave none) and e-mail. */
export async function peopleByIds(tenant: Tenant, personIds: Iterable<string>): Promise<Map<string, Person>> {
  const out = new Map<string, Person>();
  const all = [...personIds];
  for (let i = 0; i < all.length; i += 1000) {
    const chunk = all.slice(i, i + 1000);
    const res = await tenant.db.execute(sql`SELECT id, name, email FROM "user" WHERE id IN (${sql.join(
      chunk.map((id) => sql`${id}`),
      sql`, `,
    )})`);
    for (const r of res.rows as Array<{ id: string; name: string | null; email: string }>) out.set(r.id, { name: r.name?.trim() || r.email, email: r.email });
  }
  return out;
}

/**
 * The CSV's columns as written: `columns` in their order, each people column followed by the
 * person's name and e-mail, each JSON column replaced by its keys (kept itself only for values
 * that were not objects).
 */
export async function readableColumns(tenant: Tenant, columns: readonly string[], rows: Rows, people: readonly string[] = columns.filter(isPersonColumn)): Promise<Output[]> {
  const { personIds, keys, scalars } = await survey(columns, rows, people);
  const names = await peopleByIds(tenant, personIds);
  const out: Output[] = [];
  for (const c of columns) {
    const objectKeys = keys.get(c);
    if (people.includes(c)) {
      const label = personLabel(c);
      const of = (row: Row, pick: (p: Person) => string) =>
        ids(row[c])
          .map((id) => names.get(id))
          .filter((p): p is Person => Boolean(p))
          .map(pick);
      out.push({ header: c, value: (row) => row[c] }, { header: label, value: (row) => of(row, (p) => p.name) }, { header: `${label} (e-mail)`, value: (row) => of(row, (p) => p.email) });
    } else if (objectKeys) {
      // The column itself: values that were not objects, and the keys left over the cap.
      const rest = (v: Record<string, unknown>) => readableValue(Object.fromEntries(Object.entries(v).filter(([k]) => ![...objectKeys].some((o) => o === k || o.startsWith(`${k}.`)))));
      if (scalars.has(c)) out.push({ header: c, value: (row) => (isPlainObject(row[c]) && !isRichText(row[c]) ? rest(row[c] as Record<string, unknown>) || null : readableValue(row[c])) });
      for (const k of objectKeys) out.push({ header: `${c}.${k}`, value: (row) => (isPlainObject(row[c]) ? readableValue(at(row[c] as Record<string, unknown>, k)) : null) });
    } else out.push({ header: c, value: (row) => readableValue(row[c]) });
  }
  return out;
}
