import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '@sede/db/client';
import type { Auth, AuthHooks } from './platform/auth.ts';
import type { ChangeFeed } from './platform/changes.ts';
import type { Clock } from './platform/clock.ts';
import type { Config } from './platform/config.ts';
import type { Mailer } from './platform/mail.ts';
import type { DnsResolver } from './platform/net/dns.ts';
import type { Viewer, ViewerCache } from './platform/viewer.ts';

/** What every module may use; built once at start (see server.ts). */
export type Services = {
  cfg: Config;
  db: Database;
  pool: pg.Pool;
  auth: Auth;
  /** Where modules add their steps to the auth flow (platform/auth.ts). */
  authHooks: AuthHooks;
  mailer: Mailer;
  boss: PgBoss;
  feed: ChangeFeed;
  viewers: ViewerCache;
  /** What decides expiry reads this clock (tests move it instead of sleeping). */
  clock: Clock;
  /** DNS for outgoing requests and mail checks (platform/net/dns.ts); tests hand in a stub. */
  dns: DnsResolver;
  /** Per-server state of modules (platform/module.ts `serverState`); never module-level variables. */
  state: Map<string, unknown>;
};

/** A request that passed `requireViewer`: the signed-in person, who may have no company yet. */
export type AppEnv = {
  Variables: {
    viewer: Viewer;
    db: Database;
  };
};

/**
 * What a tenant's data is reached with: the company from the session (never from the request),
 * the acting person, and the database. Services of company data take this, never a bare id.
 */
export type Tenant = {
  db: Database;
  companyId: string;
  actorId: string;
  /** The API key acting (decision 0640): its lines in the activity log name the key, not a person. */
  apiKeyId?: string;
};

/**
 * A request that passed `requireCompany` or `requirePermission`: the caller is a member of a
 * company, whose id cannot be undefined here.
 */
export type CompanyEnv = {
  Variables: {
    viewer: Viewer;
    db: Database;
    /** Always the caller's company, from the session; never from the request. */
    companyId: string;
    tenant: Tenant;
  };
};
