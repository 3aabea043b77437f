import { createDb, createPool } from '@sede/db/client';
import { runMigrations } from '@sede/db/migrate';
import { loadConfig } from '../../platform/config.ts';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres, type EmbeddedDb } from '../../platform/embedded-postgres.ts';
import { ImportError, importReceita } from './importer/import.ts';
import { describeFailure, resolveSource, withImportLock } from './refresh.ts';
import { importedMessage, startRunRecord } from './refresh-runs.ts';
import { migrateRfDatabase } from './rf-pool.ts';

/**
 * npm run receita:import -- <folder, month URL or listing URL>: loads the Receita Federal open
 * CNPJ data into PROSPECT_DATABASE_URL when set (decision 0242), else the database the server
 * uses: DATABASE_URL, else the embedded PostgreSQL in DATA_DIR — the running server's when one
 * runs there, else started for the import (decision 0417). A listing of `YYYY-MM/` folders (what
 * RECEITA_DATA_URL names) imports its newest month. One import at a time per database
 * (decision 0241); the run shows in /admin like the daily check's (decision 0415).
 */
const arg = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!arg) {
  process.stderr.write('Uso: npm run receita:import -- <pasta com os ZIPs, URL de um mês ou URL da listagem da Receita>\n');
  process.exit(2);
}
const log = (line: string) => process.stderr.write(`${line}\n`);
const cfg = loadConfig(process.env);
let embedded: EmbeddedDb | null = null;
let url = cfg.PROSPECT_DATABASE_URL ?? cfg.DATABASE_URL;
if (!url) {
  url = runningEmbeddedPostgresUrl(cfg.dataDir) ?? undefined;
  if (url) log(`[receita] usando o PostgreSQL do servidor em execução (${cfg.dataDir})`);
}
if (!url) {
  embedded = await startEmbeddedPostgres(cfg.dataDir, cfg.EMBEDDED_PG_PORT, false, { durable: cfg.embeddedPgDurable });
  url = embedded.url;
}
// The import lock's connection, the import's, and a second one for building indexes side by side.
const pool = createPool(url, 3);
let code = 0;
try {
  if (cfg.PROSPECT_DATABASE_URL) await migrateRfDatabase(pool);
  else await runMigrations(createDb(pool));
  let source = arg;
  if (/^https?:\/\//i.test(arg)) {
    const resolved = await resolveSource(arg);
    if (resolved.listing) log(`[receita] listagem de meses: importando o mais recente, ${resolved.source}`);
    source = resolved.source;
  }
  const done = await withImportLock(pool, async () => {
    const record = await startRunRecord(pool, 'cli');
    record.source(source);
    try {
      const result = await importReceita(pool, source, { onProgress: record.progress });
      await record.finish('imported', importedMessage(result));
      return result;
    } catch (e) {
      await record.finish('failed', e instanceof ImportError ? e.message : 'A importação pela linha de comando falhou por um erro inesperado.');
      throw e;
    }
  });
  if (!done) throw new ImportError('outra importação da base da Receita está em andamento neste banco; tente de novo quando ela terminar.');
} catch (e) {
  code = 1;
  process.stderr.write(`[receita] importação interrompida: ${describeFailure(e)}\n[receita] os dados anteriores continuam em uso.\n`);
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(code);
