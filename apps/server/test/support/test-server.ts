import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { loadConfig } from '../../src/platform/config.ts';
import type { Clock } from '../../src/platform/clock.ts';
import type { ModuleDefinition } from '../../src/platform/module.ts';
import type { DnsResolver } from '../../src/platform/net/dns.ts';
import { startServer, type RunningServer } from '../../src/server.ts';
import { stubDns } from './stub-dns.ts';

/** A data dir the `postgres` system user can traverse (never under a 0700 home). */
export function tempDataDir(prefix = 'sede-test-'): string {
  const base = fs.existsSync('/tmp') ? '/tmp' : os.tmpdir();
  const dir = fs.mkdtempSync(path.join(base, prefix));
  fs.chmodSync(dir, 0o755);
  return dir;
}

export type TestServer = RunningServer & {
  dataDir: string;
  /** fetch against the server, keeping a cookie jar per `jar` object. */
  request: (p: string, init?: RequestInit & { json?: unknown; jar?: CookieJar }) => Promise<Response>;
};

export type CookieJar = { cookie: string };

/**
 * A new database of its own on the run's one PostgreSQL, copied from the migrated template
 * (see global-setup.ts): a few milliseconds instead of booting a PostgreSQL.
 */
export async function freshDatabase(): Promise<string> {
  const admin = new URL(inject('pgAdminUrl'));
  const name = `t_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE sede_template`);
  } finally {
    await client.end();
  }
  admin.pathname = `/${name}`;
  return admin.toString();
}

/**
 * Boots the real server on a free port. It gets a fresh database of the run's PostgreSQL,
 * unless `DATABASE_URL` is given (share a database with another instance: multi-instance
 * tests) or `DATA_DIR` is (its own embedded PostgreSQL there: lifecycle tests). Its DNS is a
 * stub that knows no name unless `opts.dns` says otherwise: tests never reach the network.
 */
export async function startTestServer(env: Record<string, string | undefined> = {}, opts: { modules?: readonly ModuleDefinition[]; clock?: Clock; dns?: DnsResolver } = {}): Promise<TestServer> {
  const ownEmbedded = env.DATA_DIR !== undefined && env.DATABASE_URL === undefined;
  const dataDir = env.DATA_DIR ?? tempDataDir();
  if (!ownEmbedded && env.DATABASE_URL === undefined) env = { ...env, DATABASE_URL: await freshDatabase() };
  const cfg = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AUTH_RATE_LIMIT: 'off',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    ...env,
  } as NodeJS.ProcessEnv);
  const running = await startServer({ ...cfg, appUrl: env.APP_URL ?? 'http://localhost:3000' }, { ...opts, dns: opts.dns ?? stubDns() });
  const request: TestServer['request'] = async (p, init = {}) => {
    const { json, jar, headers, ...rest } = init;
    const h = new Headers(headers);
    if (json !== undefined) h.set('content-type', 'application/json');
    if (jar?.cookie) h.set('cookie', jar.cookie);
    const res = await fetch(`${running.url}${p}`, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body, redirect: 'manual' });
    if (jar) {
      for (const setCookie of res.headers.getSetCookie()) {
        const [pair] = setCookie.split(';');
        const [name, value] = pair!.split('=');
        const cookies = new Map(jar.cookie ? jar.cookie.split('; ').map((c) => c.split('=') as [string, string]) : []);
        if (!value || /max-age=0/i.test(setCookie)) cookies.delete(name!);
        else cookies.set(name!, value);
        jar.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      }
    }
    return res;
  };
  return { ...running, dataDir, request };
}

/** The newest dev-mailbox message to an address (polls briefly: some mail is queued). */
export async function latestMail(server: TestServer, to: string, subjectIncludes?: string) {
  for (let i = 0; i < 50; i++) {
    const res = await server.request(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { messages } = (await res.json()) as { messages: Array<{ subject: string; text: string; html: string }> };
    const found = messages.find((m) => !subjectIncludes || m.subject.includes(subjectIncludes));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

export const linkFrom = (text: string) => /https?:\/\/\S+/.exec(text)![0];

/** Signs up, confirms through the e-mailed link, and returns a signed-in cookie jar. */
export async function createConfirmedUser(server: TestServer, opts: { email: string; password?: string; firstName?: string; lastName?: string }) {
  const password = opts.password ?? 'segredo123';
  const firstName = opts.firstName ?? 'Ana';
  const lastName = opts.lastName ?? 'Souza';
  const res = await server.request('/api/auth/sign-up/email', {
    method: 'POST',
    json: { email: opts.email, password, name: `${firstName} ${lastName}`, firstName, lastName, callbackURL: '/email-confirmed' },
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const mail = await latestMail(server, opts.email.toLowerCase(), 'Confirme');
  const url = new URL(linkFrom(mail.text));
  await server.request(`${url.pathname}${url.search}`);
  const jar: CookieJar = { cookie: '' };
  const signIn = await server.request('/api/auth/sign-in/email', { method: 'POST', json: { email: opts.email, password }, jar });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  // The id from the sign-in's answer, not from /api/me: that would cache a viewer with no company,
  // and a company seeded straight into the database next reaches the cache only when its
  // announcement is heard; a request sent before then was refused (403) on a loaded machine.
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { jar, userId: user.id, email: opts.email.toLowerCase(), password };
}
