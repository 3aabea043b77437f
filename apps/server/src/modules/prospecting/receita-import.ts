import { createDb, createPool } from '@sede/db/client';
import { runMigrations } from '@sede/db/migrate';
import { loadConfig } from '../../platform/config.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../platform/embedded-postgres.ts';
import { ImportError, importReceita } from './importer/import.ts';
import { withImportLock } from './refresh.ts';
import { migrateRfDatabase } from './rf-pool.ts';

/**
 * npm run receita:import -- <folder or base URL>: loads the Receita Federal open CNPJ data into
 * PROSPECT_DATABASE_URL when set (decision 0242), else the database the server uses
 * (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR — stop the server first in that case,
 * or set DATABASE_URL to the running one). One import at a time per database (decision 0241).
 */
const source = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!source) {
  process.stderr.write('Uso: npm run receita:import -- <pasta com os ZIPs ou URL base>\n');
  process.exit(2);
}
const cfg = loadConfig(process.env);
let embedded: EmbeddedDb | null = null;
let url = cfg.PROSPECT_DATABASE_URL ?? cfg.DATABASE_URL;
if (!url) {
  embedded = await startEmbeddedPostgres(cfg.dataDir, cfg.EMBEDDED_PG_PORT, false, { durable: cfg.embeddedPgDurable });
  url = embedded.url;
}
const pool = createPool(url, 2);
let code = 0;
try {
  if (cfg.PROSPECT_DATABASE_URL) await migrateRfDatabase(pool);
  else await runMigrations(createDb(pool));
  const done = await withImportLock(pool, () => importReceita(pool, source));
  if (!done) throw new ImportError('outra importação da base da Receita está em andamento neste banco; tente de novo quando ela terminar.');
} catch (e) {
  code = 1;
  process.stderr.write(`[receita] importação interrompida: ${e instanceof ImportError ? e.message : (e as Error).stack}\n[receita] os dados anteriores continuam em uso.\n`);
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(code);
