import type pg from 'pg';

/** One call of an API key, as its line in the company's activity log shows it (decision 0640); `at` in epoch milliseconds. */
export type ApiCall = { companyId: string; keyId: string; method: string; path: string; status: number; at: number };

/** A call as it waits for its batch: the columns in order, so a batch is one JSON text (decision 0774). */
type Line = [companyId: string, keyId: string, method: string, path: string, status: number, at: number];

const FLUSH_MS = 500;
const FLUSH_LINES = 200;

/**
 * One INSERT per batch, its lines one JSON array: a batch costs one `JSON.stringify` of plain
 * arrays, not four PostgreSQL array literals escaped element by element and a Date formatted per
 * line (decision 0774). The details object is built by PostgreSQL (jsonb orders its keys itself).
 */
const INSERT_SQL = `INSERT INTO activity_log (company_id, user_id, api_key_id, action, details, created_at)
SELECT (l->>0)::uuid, NULL, (l->>1)::uuid, 'api_call', jsonb_build_object('method', l->>2, 'path', l->>3, 'status', (l->>4)::int), to_timestamp((l->>5)::float8 / 1000)
  FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS line(l, n)
 ORDER BY n`;

/**
 * Every call a key makes is a line of the activity log with the key as its actor. The lines are
 * written in batches (one INSERT every half second at most), off the request's path: a crash may
 * lose the last half second of them, never a change (what a call changes is logged by its own
 * service, in its transaction).
 */
export function createApiCallLog(pool: pg.Pool) {
  let pending: Line[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(lines: Line[]) {
    await pool.query(INSERT_SQL, [JSON.stringify(lines)]);
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const lines = pending;
    pending = [];
    if (lines.length > 0) writing = writing.then(() => write(lines)).catch((e) => console.error('[api-keys] call lines not written:', (e as Error).message));
    return writing;
  }

  return {
    record(call: ApiCall) {
      pending.push([call.companyId, call.keyId, call.method, call.path, call.status, call.at]);
      if (pending.length >= FLUSH_LINES) void flush();
      else if (!timer) {
        timer = setTimeout(() => void flush(), FLUSH_MS);
        timer.unref();
      }
    },
    /** Writes what is pending (on stop, and in tests before reading the log). */
    flush,
  };
}
export type ApiCallLog = ReturnType<typeof createApiCallLog>;
