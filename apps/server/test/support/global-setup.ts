import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb, createPool } from '@sede/db/client';
import { runMigrations } from '@sede/db/migrate';
import { startEmbeddedPostgres, type EmbeddedDb } from '../../src/platform/embedded-postgres.ts';
import PgBoss from 'pg-boss';

export const TEMPLATE_DB = 'sede_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's one PostgreSQL (superuser URL of its `postgres` database). */
    pgAdminUrl: string;
  }
}

let embedded: EmbeddedDb | null = null;
let dataDir: string | null = null;

/**
 * One PostgreSQL for the whole integration run: a template database migrated once (schema and
 * pg-boss's tables), from which every test server gets a database of its own in a few ms
 * (`CREATE DATABASE … TEMPLATE`), instead of every file booting its own PostgreSQL.
 */
export async function setup(project: TestProject) {
  dataDir = fs.mkdtempSync(path.join('/tmp', 'sede-test-pg-'));
  fs.chmodSync(dataDir, 0o755);
  embedded = await startEmbeddedPostgres(dataDir, undefined, Boolean(process.env.PG_LOG), { durable: false, maxConnections: 500 });
  const admin = new URL(embedded.url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  const templateUrl = new URL(admin);
  templateUrl.pathname = `/${TEMPLATE_DB}`;
  const pool = createPool(templateUrl.toString(), 2);
  await runMigrations(createDb(pool));
  await pool.end();
  const templateClient = new pg.Client({ connectionString: templateUrl.toString() });
  await templateClient.connect();
  await templateClient.query(PgBoss.getConstructionPlans('pgboss'));
  await templateClient.end();
  // Nobody may sit in the template while databases are copied from it.
  await client.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [TEMPLATE_DB]);
  await client.end();
  project.provide('pgAdminUrl', admin.toString());
}

export async function teardown() {
  await embedded?.stop().catch(() => {});
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
