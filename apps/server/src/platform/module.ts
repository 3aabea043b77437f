import type { Context, Hono } from 'hono';
import type { Readable } from 'node:stream';
import type { PermissionArea } from '@sede/shared/registry/permissions';
import type { Services, Tenant } from '../services.ts';

/**
 * Where a module puts its part of the company's export (decision 0135). Names are relative to
 * the module's folder in the ZIP (`<key>/<name>`); nothing is held whole in memory: rows and
 * files are read when the archive reaches them.
 */
export interface ExportSink {
  /**
   * A CSV (UTF-8 with BOM, header from `columns`), rows read lazily (page through big tables) and
   * twice (decision 0425): people columns (`people`, by default `userId`, `authorId`… and any
   * '…By') get the person's name and e-mail beside the id; JSON objects become a column per key.
   */
  csv(name: string, columns: readonly string[], rows: () => AsyncIterable<Record<string, unknown>> | Iterable<Record<string, unknown>>, opts?: { people?: readonly string[] }): void;
  /** A JSON document (small values only: a record, settings). */
  json(name: string, value: unknown): void;
  /** A file's bytes, opened only when the archive reaches it (null: the bytes are gone, skipped). */
  file(pathInZip: string, open: () => Promise<Readable | null>): void;
}

/**
 * The module contract. A module is one capability of the server: its routes under
 * `/api<mount>`, what it starts (queues, schedules) and stops, and any per-server state it owns.
 * Modules are listed once, in `modules/index.ts`; `app.ts` mounts their routes and `server.ts`
 * starts and stops them, in that order.
 */
export type ModuleDefinition = {
  /** Unique, also the name of its folder under src/modules. */
  key: string;
  /** The area it serves (its declaration in packages/shared/src/registry/areas); none: a platform module. */
  area?: PermissionArea;
  /** Modules whose `start` must have run before this one's (it reads what they register there). */
  after?: readonly string[];
  /** Path under /api where `routes` is mounted ('/companies'). */
  mount?: string;
  /** Whether this server runs the module at all (by configuration); on when absent. */
  enabled?: (s: Services) => boolean;
  // biome-ignore lint/suspicious/noExplicitAny: each module's router has its own env type
  routes?: (s: Services) => Hono<any>;
  /** Switches the web app needs before sign-in, merged into `GET /api/config`. */
  publicConfig?: (s: Services, c: Context) => Record<string, unknown>;
  /** Start-up work: queues, workers, schedules. Runs once per server, before it takes requests. */
  start?: (s: Services) => Promise<void> | void;
  /** Shutdown work, after the server stopped taking requests and before the database closes. */
  stop?: (s: Services) => Promise<void> | void;
  /**
   * Its part of the company's export (decision 0135): every company-owned row
   * it keeps, as CSV or JSON, and its files. Secrets (password hashes, tokens, sessions) never.
   */
  exportData?: (s: Services, tenant: Tenant, out: ExportSink) => Promise<void>;
  /**
   * Erasing a closed company (decision 0136): what the cascade of `companies` cannot reach
   * (bytes on disk or S3). Runs before the company's row is deleted; must be safe to re-run.
   */
  eraseCompany?: (s: Services, companyId: string) => Promise<void>;
};

export const defineModule = (m: ModuleDefinition): ModuleDefinition => m;

/** The modules this server runs, in the list's order. */
export const enabledModules = (s: Services, modules: readonly ModuleDefinition[]) => modules.filter((m) => m.enabled?.(s) ?? true);

/** Where a module's routes live under /api. */
export const mountPath = (m: ModuleDefinition) => m.mount ?? `/${m.key}`;

/**
 * The order modules' routes are mounted in: by mount path, so a module mounted under another's
 * path ('/finance/reports' under '/finance', whose guards then run first) comes after it, whatever
 * the list's order (test/foundation/module-order.test.ts).
 */
export const mountOrder = (modules: readonly ModuleDefinition[]) => [...modules].sort((a, b) => (mountPath(a) < mountPath(b) ? -1 : mountPath(a) > mountPath(b) ? 1 : 0));

/**
 * The order modules start in (and stop in reverse): the list's, except that a module comes after
 * the modules it names in `after` (those missing from the list are ignored). A cycle is an error.
 */
export function startOrder(modules: readonly ModuleDefinition[]): ModuleDefinition[] {
  const byKey = new Map(modules.map((m) => [m.key, m]));
  const placed = new Set<string>();
  const out: ModuleDefinition[] = [];
  const place = (m: ModuleDefinition, path: string[]) => {
    if (placed.has(m.key)) return;
    if (path.includes(m.key)) throw new Error(`modules start after each other in a cycle: ${[...path, m.key].join(' → ')}`);
    for (const key of m.after ?? []) {
      const before = byKey.get(key);
      if (before) place(before, [...path, m.key]);
    }
    placed.add(m.key);
    out.push(m);
  };
  for (const m of modules) place(m, []);
  return out;
}

/**
 * State that belongs to one running server (never a module-level variable, so two servers in
 * one process never share it): created on first use, keyed by the module and the name.
 */
export function serverState<T>(s: Services, key: string, create: () => T): T {
  if (!s.state.has(key)) s.state.set(key, create());
  return s.state.get(key) as T;
}

/** The modules this server runs, for platform pieces that ask every module (the company export). */
export const setServerModules = (s: Services, modules: readonly ModuleDefinition[]) => void s.state.set('platform.modules', modules);
export const serverModules = (s: Services): readonly ModuleDefinition[] => (s.state.get('platform.modules') as readonly ModuleDefinition[] | undefined) ?? [];
