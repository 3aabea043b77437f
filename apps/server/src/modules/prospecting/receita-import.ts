import { createDb, createPool } from '@sede/db/client';
import { runMigrations } from '@sede/db/migrate';
import { loadConfig } from '../../platform/config.ts';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../platform/embedded-postgres.ts';
import { ImportError, importReceita } from './importer/import.ts';

/**
 * npm run receita:import -- <folder or base URL>: loads the Receita Federal open CNPJ data into
 * the database the server uses (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR — stop the
 * server first in that case, or set DATABASE_URL to the running one).
 */
const source = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!source) {
  process.stderr.write('Uso: npm run receita:import -- <pasta com os ZIPs ou URL base>\n');
  process.exit(2);
}
const cfg = loadConfig(process.env);
let embedded: EmbeddedDb | null = null;
let url = cfg.DATABASE_URL;
if (!url) {
  embedded = await startEmbeddedPostgres(cfg.dataDir, cfg.EMBEDDED_PG_PORT, false, { durable: cfg.embeddedPgDurable });
  url = embedded.url;
}
const pool = createPool(url, 2);
let code = 0;
try {
  await runMigrations(createDb(pool));
  await importReceita(pool, source);
} catch (e) {
  code = 1;
  process.stderr.write(`[receita] importação interrompida: ${e instanceof ImportError ? e.message : (e as Error).stack}\n[receita] os dados anteriores continuam em uso.\n`);
} finally {
  await pool.end();
  await embedded?.stop();
}
process.exit(code);
