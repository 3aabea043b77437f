// Temporary driver (engineer E): runs bench/coins.bench.ts against the server started from source.
import { spawn } from 'node:child_process';
import { signUpConfirmed, sqlClient } from './lib/client.ts';
import { freePort, freshDataDir } from './lib/server.ts';
import plugin from './coins.bench.ts';

const port = await freePort();
const pgPort = await freePort();
const dataDir = freshDataDir();
const env = { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), APP_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), AUTH_RATE_LIMIT: 'off' };
delete env.DATABASE_URL;
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/index.ts'], { cwd: '/work/main', env, stdio: ['ignore', 'inherit', 'inherit'] });
const baseUrl = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) {
  if (await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false)) break;
  await new Promise((r) => setTimeout(r, 100));
}
const db = sqlClient(`postgres://postgres:postgres@127.0.0.1:${pgPort}/sede`);
try {
  const rows = await plugin({ baseUrl, dataDir, signUpConfirmed: (e, p) => signUpConfirmed(baseUrl, e, p), sql: db.sql });
  for (const r of rows) console.log(`${r.ok === undefined ? ' ' : r.ok ? '✓' : '✗'} ${r.name}: ${r.value}${r.target ? ` (target ${r.target})` : ''}`);
} finally {
  await db.close();
  child.kill('SIGTERM');
}
