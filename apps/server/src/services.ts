import type pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Database } from '@sede/db/client';
import type { Auth } from './platform/auth.ts';
import type { ChangeFeed } from './platform/changes.ts';
import type { Config } from './platform/config.ts';
import type { Mailer } from './platform/mail.ts';
import type { Viewer, ViewerCache } from './platform/viewer.ts';

/** What every module may use; built once at start (see server.ts). */
export type Services = {
  cfg: Config;
  db: Database;
  pool: pg.Pool;
  auth: Auth;
  mailer: Mailer;
  boss: PgBoss;
  feed: ChangeFeed;
  viewers: ViewerCache;
  /** Functions registered by modules during start (e.g. shutdown hooks). */
  onStop: Array<() => Promise<void> | void>;
};

export type AppEnv = {
  Variables: {
    viewer: Viewer;
    /** Always the caller's company, from the session; never from the request. */
    companyId: string;
  };
};
