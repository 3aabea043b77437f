import type pg from 'pg';

/** One call of an API key, as its line in the company's activity log shows it (decision 0640); `at` in epoch milliseconds. */
export type ApiCall = { companyId: string; keyId: string; method: string; path: string; status: number; at: number };

/**
 * Calls that differ only by their instant, as they wait for their batch: one JSON array (decisions
 * 0774, 0778), with each call's instant and its number in the batch.
 */
type Group = [companyId: string, keyId: string, method: string, path: string, status: number, at: number[], seq: number[]];

const FLUSH_MS = 500;
const FLUSH_LINES = 200;

/**
 * One INSERT per batch, its calls grouped by key, route and status with their instants: a batch
 * costs one `JSON.stringify` of a few arrays of numbers, and PostgreSQL builds each group's details
 * once (decision 0778). The lines go in the order the calls ended (each call's number in its batch).
 */
const INSERT_SQL = `WITH grp AS MATERIALIZED (
  SELECT (g->>0)::uuid AS company_id, (g->>1)::uuid AS api_key_id, jsonb_build_object('method', g->>2, 'path', g->>3, 'status', (g->>4)::int) AS details, g->5 AS times, g->6 AS seqs
    FROM jsonb_array_elements($1::jsonb) AS g
)
INSERT INTO activity_log (company_id, user_id, api_key_id, action, details, created_at)
SELECT company_id, NULL, api_key_id, 'api_call', details, to_timestamp(line.at::float8 / 1000)
  FROM grp, ROWS FROM (jsonb_array_elements_text(times), jsonb_array_elements_text(seqs)) AS line(at, seq)
 ORDER BY line.seq::int`;

/**
 * Every call a key makes is a line of the activity log with the key as its actor. The lines are
 * written in batches (one INSERT every half second at most), off the request's path: a crash may
 * lose the last half second of them, never a change (what a call changes is logged by its own
 * service, in its transaction).
 */
export function createApiCallLog(pool: pg.Pool) {
  let pending = new Map<string, Group>();
  let lines = 0;
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> = Promise.resolve();

  async function write(groups: Group[]) {
    await pool.query(INSERT_SQL, [JSON.stringify(groups)]);
  }

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    const groups = [...pending.values()];
    pending = new Map();
    lines = 0;
    if (groups.length > 0) writing = writing.then(() => write(groups)).catch((e) => console.error('[api-keys] call lines not written:', (e as Error).message));
    return writing;
  }

  return {
    record(call: ApiCall) {
      const id = `${call.keyId} ${call.status} ${call.method} ${call.path}`;
      const group = pending.get(id);
      const seq = lines++;
      if (group) {
        group[5].push(call.at);
        group[6].push(seq);
      } else pending.set(id, [call.companyId, call.keyId, call.method, call.path, call.status, [call.at], [seq]]);
      if (lines >= FLUSH_LINES) void flush();
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
