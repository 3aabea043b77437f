import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import yauzl from 'yauzl';
import { KINDS, kindOfZip, LayoutError, splitLine, type KindSpec } from './layout.ts';

/**
 * `npm run receita:import -- <folder or base URL>` (decision 0201). Streams
 * every official ZIP, ISO-8859-1 → UTF-8, into `rf_*_new` tables with COPY, builds the live
 * tables' indexes there, and swaps them in in one transaction: searches keep reading the old
 * tables meanwhile, and any failure drops the new ones, leaving the previous data in place.
 */

/**
 * A failure the operator reads (pt-BR, with the file and the line); `detail` keeps the library's
 * or the database's own words for the log and the CLI, never for a screen (/admin shows `message`).
 */
export class ImportError extends Error {
  constructor(
    message: string,
    readonly detail?: string,
  ) {
    super(message);
  }
}

export type ImportResult = { rows: number; establishments: number; seconds: number; rowsPerSecond: number; loadSeconds: number; loadRowsPerSecond: number };
/** Where an import is, for a progress bar: `done` of `total` (null when unknown), in the stage's unit. */
export type ImportProgress = { stage: string; done: number; total: number | null; message?: string };
export type ImportOptions = { log?: (line: string) => void; progressMs?: number; source?: string; onProgress?: (p: ImportProgress) => void };

export const IMPORT_STAGES = { download: 'Baixando os arquivos', load: 'Carregando os dados', indexes: 'Criando os índices', swap: 'Trocando as tabelas' } as const;

type Part = { zipPath: string; zipName: string; spec: KindSpec };

const ORDER: KindSpec['kind'][] = ['cnaes', 'municipios', 'naturezas', 'qualificacoes', 'paises', 'motivos', 'empresas', 'simples', 'socios', 'estabelecimentos'];

const PORTES = ['', '00', '01', '03', '05'];
/**
 * Each company's porte by its CNPJ root, kept while the Empresas files load so the
 * establishments get it in the same COPY (decision 0200): one byte per numeric root in an
 * array the OS fills lazily (100 MB at most, for the full register), a Map for alphanumeric roots.
 */
class PorteMap {
  private numeric = new Uint8Array(100_000_000);
  private other = new Map<string, number>();
  set(basico: string, porte: string) {
    const code = PORTES.indexOf(porte);
    if (code <= 0) return;
    const n = /^\d{8}$/.test(basico) ? Number(basico) : -1;
    if (n >= 0) this.numeric[n] = code;
    else this.other.set(basico, code);
  }
  get(basico: string): string {
    const n = /^\d{8}$/.test(basico) ? Number(basico) : -1;
    const code = n >= 0 ? this.numeric[n]! : (this.other.get(basico) ?? 0);
    return code ? PORTES[code]! : '\\N';
  }
}
const nf = new Intl.NumberFormat('pt-BR');

/** The ZIPs of a folder by kind; every kind must be there. */
export function planFolder(folder: string): Part[] {
  if (!fs.existsSync(folder) || !fs.statSync(folder).isDirectory()) throw new ImportError(`Pasta não encontrada: ${folder}`);
  const parts: Part[] = [];
  for (const name of fs.readdirSync(folder).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))) {
    const spec = kindOfZip(name);
    if (spec) parts.push({ zipPath: path.join(folder, name), zipName: name, spec });
  }
  const missing = KINDS.filter((k) => !parts.some((p) => p.spec === k)).map((k) => `${k.zip}*.zip`);
  if (missing.length) throw new ImportError(`Faltam arquivos em ${folder}: ${missing.join(', ')}`);
  return parts.sort((a, b) => ORDER.indexOf(a.spec.kind) - ORDER.indexOf(b.spec.kind));
}

function openZip(part: Part): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(part.zipPath, { lazyEntries: true, autoClose: false }, (err, zip) =>
      err ? reject(new ImportError(`${part.zipName}: ZIP inválido ou incompleto.`, err.message)) : resolve(zip),
    ),
  );
}

function entriesOf(zip: yauzl.ZipFile, part: Part): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const out: yauzl.Entry[] = [];
    zip.on('entry', (e: yauzl.Entry) => {
      if (!e.fileName.endsWith('/')) out.push(e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(out));
    zip.once('error', (err: Error) => reject(new ImportError(`${part.zipName}: ZIP inválido ou incompleto.`, err.message)));
    zip.readEntry();
  });
}

const openEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));

/** Lines of text as UTF-8 strings from a Latin-1 byte stream, in batches, with their numbers. */
async function* latin1Lines(stream: Readable): AsyncGenerator<string[]> {
  let rest: Buffer | null = null;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const buf: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    const lines: string[] = [];
    let start = 0;
    for (let nl = buf.indexOf(10, start); nl !== -1; nl = buf.indexOf(10, start)) {
      const end = nl > start && buf[nl - 1] === 13 ? nl - 1 : nl;
      lines.push(buf.toString('latin1', start, end));
      start = nl + 1;
    }
    rest = start < buf.length ? buf.subarray(start) : null;
    if (lines.length) yield lines;
  }
  if (rest?.length) {
    const end = rest[rest.length - 1] === 13 ? rest.length - 1 : rest.length;
    yield [rest.toString('latin1', 0, end)];
  }
}

/**
 * Bytes 0x80–0x9F are control characters in ISO-8859-1 but printable in Windows-1252 (curly
 * quotes, dashes, €), which files saved on Windows carry: they are read as Windows-1252 (a table:
 * Node 20's TextDecoder('windows-1252') passes these bytes through as C1 controls). The five
 * bytes Windows-1252 leaves undefined are dropped.
 */
const C1 = /[\u0080-\u009f]/;
const CP1252_C1 = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
];
export const fromCp1252 = (text: string) =>
  text.replace(/[\u0080-\u009f]/g, (ch) => {
    const code = CP1252_C1[ch.charCodeAt(0) - 0x80]!;
    return code ? String.fromCharCode(code) : '';
  });

/** UTF-8 bytes read as Latin-1 ("Ã§", "Ã£"): the file is not ISO-8859-1. */
const UTF8_AS_LATIN1 = /[ÃÂ][\u0080-\u00BF]/;

async function copyEntry(client: pg.PoolClient, part: Part, entry: yauzl.Entry, stream: Readable, portes: PorteMap, onRows: (rows: number, bytes: number) => void): Promise<number> {
  const { spec } = part;
  const label = `${part.zipName} (${entry.fileName})`;
  const isEstab = spec.kind === 'estabelecimentos';
  const isEmpresa = spec.kind === 'empresas';
  const columns = isEstab ? [...spec.copyColumns, 'porte'] : spec.copyColumns;
  const copy = client.query(copyFrom(`COPY ${spec.table}_new (${columns.join(', ')}) FROM STDIN WITH (FREEZE)`));
  const finished = new Promise<void>((resolve, reject) => {
    copy.once('finish', resolve);
    copy.once('error', reject);
  });
  let line = 0;
  try {
    for await (const batch of latin1Lines(stream)) {
      let out = '';
      let bytes = 0;
      for (const raw of batch) {
        line++;
        bytes += raw.length + 1;
        let text = raw.includes('\0') ? raw.replaceAll('\0', '') : raw;
        if (UTF8_AS_LATIN1.test(text)) throw new ImportError(`${label}, linha ${line}: o texto não está em ISO-8859-1 (parece UTF-8).`);
        if (C1.test(text)) text = fromCp1252(text);
        if (text === '') continue;
        const fields = splitLine(text);
        if (!fields) throw new ImportError(`${label}, linha ${line}: formato inesperado (esperados campos entre aspas separados por ";").`);
        if (fields.length !== spec.columns) throw new ImportError(`${label}, linha ${line}: ${fields.length} colunas, esperadas ${spec.columns} (layout de ${spec.zip}).`);
        let row: string[];
        try {
          row = spec.convert(fields);
        } catch (e) {
          if (e instanceof LayoutError) throw new ImportError(`${label}, linha ${line}: ${e.message}.`);
          throw e;
        }
        if (isEmpresa) portes.set(row[0]!, fields[5]!);
        else if (isEstab) row.push(portes.get(row[1]!));
        out += `${row.join('\t')}\n`;
      }
      if (out && !copy.write(out)) await new Promise<void>((r) => copy.once('drain', () => r()));
      onRows(batch.length, bytes);
    }
  } catch (e) {
    copy.destroy(e as Error);
    await finished.catch(() => undefined);
    if (e instanceof ImportError) throw e;
    throw new ImportError(`${label}, depois da linha ${line}: arquivo corrompido ou incompleto.`, (e as Error).message);
  }
  copy.end();
  try {
    await finished;
  } catch (e) {
    const where = /line (\d+)/.exec((e as { where?: string }).where ?? '');
    throw new ImportError(`${label}, linha ${where ? where[1] : '?'}: valor recusado pelo banco.`, (e as Error).message);
  }
  return line;
}

async function liveDefinitions(client: pg.PoolClient, table: string) {
  const pk = await client.query<{ conname: string; def: string }>(
    `SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'p'`,
    [table],
  );
  const idx = await client.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = $1`,
    [table],
  );
  const pkName = pk.rows[0]?.conname;
  return { pk: pk.rows[0] ?? null, indexes: idx.rows.filter((r) => r.indexname !== pkName) };
}

async function dropNew(client: pg.PoolClient) {
  for (const k of KINDS) await client.query(`DROP TABLE IF EXISTS ${k.table}_new`);
}

/** The official ZIPs of one month: 10 numbered parts of the three large kinds, one of each other. */
const officialNames = (spec: KindSpec) =>
  ['empresas', 'estabelecimentos', 'socios'].includes(spec.kind) ? Array.from({ length: 10 }, (_, i) => `${spec.zip}${i}.zip`) : [`${spec.zip}.zip`];

/** A download that got no answer at all (refused, reset, unknown host): said in Portuguese, the cause logged. */
async function fetchOrFail(url: URL): Promise<Response> {
  try {
    return await fetch(url);
  } catch (e) {
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new ImportError(`Não foi possível baixar ${url}: o servidor não respondeu.`, cause?.code ?? cause?.message ?? (e as Error).message);
  }
}

/** Downloads the official ZIPs from a base URL into a temporary folder (resumable mirrors are the operator's job). */
export async function downloadAll(baseUrl: string, log: (l: string) => void, onProgress?: (p: ImportProgress) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'receita-'));
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`;
  let total = KINDS.reduce((n, k) => n + officialNames(k).length, 0);
  let done = 0;
  try {
    for (const spec of KINDS) {
      const names = officialNames(spec);
      for (const [i, name] of names.entries()) {
        const url = new URL(name, base);
        const res = await fetchOrFail(url);
        if (res.status === 404 && i > 0) {
          await res.body?.cancel();
          total -= names.length - i; // the Receita published fewer parts of this kind
          break;
        }
        if (!res.ok || !res.body) {
          await res.body?.cancel();
          throw new ImportError(`${url}: resposta ${res.status} ao baixar.`);
        }
        log(`[receita] baixando ${name}`);
        onProgress?.({ stage: IMPORT_STAGES.download, done, total, message: name });
        const file = fs.createWriteStream(path.join(dir, name));
        try {
          for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
            if (!file.write(chunk)) await new Promise<void>((r) => file.once('drain', () => r()));
          }
        } catch (e) {
          file.destroy();
          throw new ImportError(`${url}: o download foi interrompido.`, (e as Error).message);
        }
        await new Promise<void>((resolve, reject) => {
          file.once('error', reject);
          file.end(() => resolve());
        });
        done++;
      }
    }
  } catch (e) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw e;
  }
  onProgress?.({ stage: IMPORT_STAGES.download, done, total });
  return dir;
}

export async function importReceita(pool: pg.Pool, folderOrUrl: string, opts: ImportOptions = {}): Promise<ImportResult> {
  const log = opts.log ?? ((l: string) => process.stderr.write(`${l}\n`));
  const started = Date.now();
  const isUrl = /^https?:\/\//i.test(folderOrUrl);
  const folder = isUrl ? await downloadAll(folderOrUrl, log, opts.onProgress) : folderOrUrl;
  try {
    const parts = planFolder(folder);
    const zips = new Map<Part, { zip: yauzl.ZipFile; entries: yauzl.Entry[] }>();
    try {
      for (const p of parts) {
        const zip = await openZip(p);
        zips.set(p, { zip, entries: await entriesOf(zip, p) });
        if (!zips.get(p)!.entries.length) throw new ImportError(`${p.zipName}: o ZIP não tem arquivos.`);
      }
      const totalBytes = [...zips.values()].reduce((n, z) => n + z.entries.reduce((m, e) => m + e.uncompressedSize, 0), 0);
      const client = await pool.connect();
      let rows = 0;
      let establishments = 0;
      let doneBytes = 0;
      let lastLog = 0;
      const every = opts.progressMs ?? 1000;
      try {
        await dropNew(client);
        await client.query(`SET maintenance_work_mem = '512MB'`);
        const portes = new PorteMap();
        let loadedAt = 0;
        // One transaction per kind: the table created and filled in it, so COPY FREEZE writes the
        // rows frozen and all-visible (index-only scans at once, no vacuum pass afterwards).
        let kind: KindSpec | null = null;
        for (const p of parts) {
          if (p.spec !== kind) {
            if (kind) await client.query('COMMIT');
            kind = p.spec;
            await client.query('BEGIN');
            await client.query(`CREATE TABLE ${kind.table}_new (LIKE ${kind.table} INCLUDING DEFAULTS)`);
          }
          const { zip, entries } = zips.get(p)!;
          for (const entry of entries) {
            let stream: Readable;
            try {
              stream = await openEntry(zip, entry);
            } catch (e) {
              throw new ImportError(`${p.zipName} (${entry.fileName}): arquivo corrompido ou incompleto.`, (e as Error).message);
            }
            const lines = await copyEntry(client, p, entry, stream, portes, (n, bytes) => {
              rows += n;
              doneBytes += bytes;
              const now = Date.now();
              if (now - lastLog >= every) {
                lastLog = now;
                const secs = (now - started) / 1000;
                const rate = rows / Math.max(secs, 0.001);
                const left = doneBytes > 0 ? ((totalBytes - doneBytes) * secs) / doneBytes : 0;
                const percent = Math.min(100, Math.round((doneBytes / totalBytes) * 100));
                log(`[receita] ${p.zipName}: ${nf.format(rows)} linhas · ${nf.format(Math.round(rate))} linhas/s · ${percent}% · faltam ~${Math.ceil(left)} s`);
                opts.onProgress?.({ stage: IMPORT_STAGES.load, done: percent, total: 100, message: `${p.zipName} · ${nf.format(rows)} linhas` });
              }
            });
            if (p.spec.kind === 'estabelecimentos') establishments += lines;
          }
        }
        if (kind) await client.query('COMMIT');
        loadedAt = Date.now();
        log(`[receita] ${nf.format(rows)} linhas carregadas em ${((loadedAt - started) / 1000).toFixed(1)} s; criando índices…`);
        const renames: string[] = [];
        // A table's indexes are built side by side on two connections (CREATE INDEX takes a share
        // lock, which another CREATE INDEX on the table shares): one build is a single core's sort.
        // Only when the pool has a connection to spare: a pool whose connections are all ours (the
        // import lock's and this one) would wait for itself.
        const spare = (pool.options.max ?? 10) - (pool.totalCount - pool.idleCount) > 0;
        const second = spare ? await pool.connect() : null;
        try {
          await second?.query(`SET maintenance_work_mem = '512MB'`);
          for (const [i, k] of KINDS.entries()) {
            opts.onProgress?.({ stage: IMPORT_STAGES.indexes, done: i, total: KINDS.length, message: `${nf.format(rows)} linhas carregadas` });
            const defs = await liveDefinitions(client, k.table);
            if (defs.pk) {
              try {
                await client.query(`ALTER TABLE ${k.table}_new ADD CONSTRAINT ${defs.pk.conname}_new ${defs.pk.def}`);
              } catch (e) {
                throw new ImportError(`${k.zip}: chave repetida nos arquivos.`, (e as Error).message);
              }
              renames.push(`ALTER TABLE ${k.table} RENAME CONSTRAINT ${defs.pk.conname}_new TO ${defs.pk.conname}`);
            }
            const pending = defs.indexes.map((ix) =>
              ix.indexdef.replace(/^CREATE (UNIQUE )?INDEX (\S+) ON (\S+) /, (_m, u: string | undefined, name: string, on: string) => `CREATE ${u ?? ''}INDEX ${name}_new ON ${on}_new `),
            );
            const lane = async (c: pg.PoolClient) => {
              for (let def = pending.shift(); def; def = pending.shift()) await c.query(def);
            };
            // Both lanes finish before a failure goes on (a connection is never released mid-query).
            const failed = (await Promise.allSettled([lane(client), ...(second ? [lane(second)] : [])])).find((r) => r.status === 'rejected');
            if (failed) throw failed.reason;
            for (const ix of defs.indexes) renames.push(`ALTER INDEX ${ix.indexname}_new RENAME TO ${ix.indexname}`);
            await client.query(`ANALYZE ${k.table}_new`);
          }
        } finally {
          second?.release();
        }
        const seconds = (Date.now() - started) / 1000;
        opts.onProgress?.({ stage: IMPORT_STAGES.swap, done: KINDS.length, total: KINDS.length });
        await client.query('BEGIN');
        try {
          for (const k of KINDS) {
            await client.query(`DROP TABLE ${k.table}`);
            await client.query(`ALTER TABLE ${k.table}_new RENAME TO ${k.table}`);
          }
          for (const r of renames) await client.query(r);
          await client.query('INSERT INTO rf_imports (source, started_at, establishments, total_rows, seconds) VALUES ($1, $2, $3, $4, $5)', [
            opts.source ?? folderOrUrl,
            new Date(started),
            establishments,
            rows,
            Math.round(seconds),
          ]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK');
          throw e;
        }
        const loadSeconds = (loadedAt - started) / 1000;
        const result = { rows, establishments, seconds, rowsPerSecond: Math.round(rows / Math.max(seconds, 0.001)), loadSeconds, loadRowsPerSecond: Math.round(rows / Math.max(loadSeconds, 0.001)) };
        log(
          `[receita] concluído: ${nf.format(rows)} linhas (${nf.format(establishments)} estabelecimentos) em ${seconds.toFixed(1)} s · ${nf.format(result.rowsPerSecond)} linhas/s no total, ${nf.format(result.loadRowsPerSecond)} linhas/s na carga (${loadSeconds.toFixed(1)} s) e ${(seconds - loadSeconds).toFixed(1)} s de índices`,
        );
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        await dropNew(client).catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    } finally {
      for (const { zip } of zips.values()) zip.close();
    }
  } finally {
    if (isUrl) fs.rmSync(folder, { recursive: true, force: true });
  }
}
