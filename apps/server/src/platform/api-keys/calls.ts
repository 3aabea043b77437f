import type pg from 'pg';

/** One call of an API key, as its line in the company's activity log shows it (decision 0640). */
export type ApiCall = { companyId: string; keyId: string; method: string; path: string; status: number; at: Date };

const FLUSH_MS = 500;
const FLUSH_LINES = 200;

/**
 * Every call a key makes is a line of the activity log with the key as its actor. The lines are
 * written in batches (one INSERT every half second at most), off the request's path: a crash may
 * lose the last half second of them, never a change (what a call changes is logged by its own
 * service, in its transaction).
 */
export function createApiCallLog(pool: pg.Pool) {
  let pending: ApiCall[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(lines: ApiCall[]) {
    await pool.query(
      `INSERT INTO activity_log (company_id, user_id, api_key_id, action, details, created_at)
       SELECT company, NULL, key, 'api_call', details, at FROM unnest($1::uuid[], $2::uuid[], $3::jsonb[], $4::timestamptz[]) AS line(company, key, details, at)`,
      [lines.map((l) => l.companyId), lines.map((l) => l.keyId), lines.map((l) => JSON.stringify({ method: l.method, path: l.path, status: l.status })), lines.map((l) => l.at)],
    );
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
      pending.push(call);
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
