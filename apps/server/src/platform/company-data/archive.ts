import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTableWithColumns } from 'drizzle-orm/pg-core';
import type { Services, Tenant } from '../../services.ts';
import type { ExportSink, ModuleDefinition } from '../module.ts';
import { csvStream, type Cell } from '../spreadsheets/writer.ts';
import { peopleByIds, readableColumns } from './readable.ts';

/** Progress of an export: a stage, done/total steps, a message (the shape of H2's job progress). */
export type ExportProgress = { stage: string; done: number; total: number; message?: string };

/** A value of a module's row as a spreadsheet cell: objects the readable columns left are JSON text. */
const asCell = (value: unknown): Cell =>
  value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date
    ? value
    : Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' ? v : JSON.stringify(v)))
      : JSON.stringify(value);

/** The CSV's lines as a stream through the one spreadsheet writer (decision 0433): the header, then each row as the source yields it. */
function csvLines(columns: ReadonlyArray<{ header: string; value: (row: Record<string, unknown>) => unknown }>, rows: AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>) {
  return csvStream(
    columns.map((c) => ({ header: c.header, value: (row: Record<string, unknown>) => asCell(c.value(row)) })),
    rows,
  );
}

/** A path inside the ZIP: no absolute paths, no `..`, no control characters. */
export function safeZipPath(p: string): string {
  const parts = p
    .replaceAll('\\', '/')
    .split('/')
    .map((part) =>
      Array.from(part, (ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || ':*?"<>|'.includes(ch) ? '_' : ch))
        .join('')
        .trim(),
    )
    .filter((part) => part && part !== '.' && part !== '..');
  return parts.join('/') || 'arquivo';
}

/** A file name of an entity in the ZIP ('Plano de vendas-<id>.docx'): its title made safe, its id keeping it unique. */
export function entityFileName(title: string, id: string, extension: string): string {
  const safe = safeZipPath(title.replaceAll('/', '-').replaceAll('\\', '-')).replaceAll('/', '-').slice(0, 80);
  return `${safe}-${id}.${extension}`;
}

/** Where a company's exports live: DATA_DIR/exports/<companyId>/<exportId>.zip. */
export const exportsDir = (s: Services, companyId: string) => path.join(s.cfg.dataDir, 'exports', companyId);
export const exportPath = (s: Services, companyId: string, exportId: string) => path.join(exportsDir(s, companyId), `${exportId}.zip`);

/**
 * Writes everything the company holds to `target` as a ZIP, streaming: each module's
 * `exportData` names its entries, and the archive reads them one at a time (rows page by
 * page, files straight from storage), so memory stays flat whatever the company's size.
 * The ZIP is written to `<target>.part` and renamed when complete.
 */
export async function buildCompanyExport(
  s: Services,
  tenant: Tenant,
  modules: readonly ModuleDefinition[],
  target: string,
  onProgress: (p: ExportProgress) => void,
): Promise<{ entries: number }> {
  const contributors = modules.filter((m) => m.exportData);
  const zip = new yazl.ZipFile();
  const partial = `${target}.part`;
  await mkdir(path.dirname(target), { recursive: true });
  const written = pipeline(zip.outputStream as NodeJS.ReadableStream, createWriteStream(partial, { mode: 0o600 }));
  written.catch(() => {}); // awaited below; a failure before then must not be unhandled
  let total = 0;
  let done = 0;
  let failure: unknown = null;
  const step = () => onProgress({ stage: 'Compactando', done, total, message: `${done} de ${total} arquivos` });
  const lazy = (name: string, open: () => Promise<Readable | null>, compress = true) => {
    total++;
    zip.addReadStreamLazy(name, { compress }, (cb) => {
      open().then(
        (stream) => {
          const body = stream ?? Readable.from([]);
          body.once('end', () => {
            done++;
            step();
          });
          body.once('error', (e) => {
            failure ??= e;
          });
          cb(null, body);
        },
        (e) => {
          failure ??= e;
          cb(e, Readable.from([]));
        },
      );
    });
  };
  try {
    const prefix = (key: string, name: string) => safeZipPath(`${key}/${name}`);
    for (const [i, m] of contributors.entries()) {
      onProgress({ stage: 'Coletando dados', done: i, total: contributors.length, message: m.key });
      const sink: ExportSink = {
        // Readable for a person (decision 0425): people by name and e-mail, JSON as columns and text.
        csv: (name, columns, rows, opts) => lazy(prefix(m.key, name), async () => Readable.from(csvLines(await readableColumns(tenant, columns, rows, opts?.people), rows())) as Readable),
        json: (name, value) => {
          total++;
          done++;
          zip.addBuffer(Buffer.from(`${JSON.stringify(value, null, 2)}\n`), prefix(m.key, name));
        },
        // Files are stored as they are (images, PDFs, media are compressed already).
        file: (pathInZip, open) => lazy(safeZipPath(pathInZip), open, false),
      };
      await m.exportData!(s, tenant, sink);
    }
    // Who asked for it, by name and e-mail as in the CSVs (decision 0425).
    const actor = (await peopleByIds(tenant, [tenant.actorId])).get(tenant.actorId);
    const exportedBy = { id: tenant.actorId, name: actor?.name ?? null, email: actor?.email ?? null };
    zip.addBuffer(
      Buffer.from(`${JSON.stringify({ companyId: tenant.companyId, exportedAt: new Date().toISOString(), exportedBy, modules: contributors.map((m) => m.key) }, null, 2)}\n`),
      'LEIA-ME.json',
    );
    step();
    zip.end();
    await written;
    if (failure) throw failure;
    await rename(partial, target);
    onProgress({ stage: 'Concluído', done: total, total, message: 'Exportação pronta' });
    return { entries: total };
  } catch (e) {
    (zip.outputStream as Readable).destroy?.();
    await rm(partial, { force: true });
    throw e;
  }
}

/**
 * Rows of a big table, page by page (keyset on a unique, ordered `id`), so an export never
 * holds the whole table: `fetch(after)` returns the next page after `after` (null: the first).
 */
export async function* paged<T extends { id: string | number }>(fetch: (after: string | number | null, limit: number) => Promise<T[]>, limit = 500): AsyncGenerator<T> {
  let after: string | number | null = null;
  for (;;) {
    const page = await fetch(after, limit);
    yield* page;
    if (page.length < limit) return;
    after = page[page.length - 1]!.id;
  }
}

/**
 * One page of `query` (a select from a company-owned table, `.$dynamic()`): the tenant's rows
 * after `after` in id order, `conditions` too. `paged`'s fetch for an export's CSV.
 */
export function companyPage<Q extends PgSelect>(
  query: Q,
  table: { id: AnyPgColumn; companyId: AnyPgColumn },
  tenant: Pick<Tenant, 'companyId'>,
  after: string | number | null,
  limit: number,
  ...conditions: (SQL | undefined)[]
) {
  return query
    .where(and(eq(table.companyId, tenant.companyId), ...conditions, after === null ? undefined : gt(table.id, after)))
    .orderBy(asc(table.id))
    .limit(limit);
}

/** Every row of a company-owned table (one with `id` and `company_id`), page by page in id order: the usual rows of an export's CSV. */
// biome-ignore lint/suspicious/noExplicitAny: any company-owned table of the schema
export function companyRows(tenant: Tenant, table: PgTableWithColumns<any>): () => AsyncIterable<Record<string, unknown>> {
  return () => paged((after, limit) => companyPage(tenant.db.select().from(table).$dynamic(), table as unknown as { id: AnyPgColumn; companyId: AnyPgColumn }, tenant, after, limit) as unknown as Promise<Array<{ id: string | number }>>);
}
