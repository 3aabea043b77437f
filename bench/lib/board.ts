import type { BenchContext } from '../types.ts';

/**
 * What the board benches share (the CRM's deals, the projects' tasks): a company with its
 * signed-in admin, timed sequential loads of a board, timed moves of cards between its columns.
 */

/** The p-th percentile of values (nearest rank). */
export const pct = (values: number[], p: number) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? Number.NaN;
};

/** A person signed up and confirmed, admin of a new company: the session cookie and the ids. */
export async function benchCompany(ctx: BenchContext, email: string, name: string) {
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name });
  const [user] = await ctx.sql<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [email]);
  return { cookie, companyId, userId: user!.id };
}

export type BoardColumn = { id: string; count: number; items: Array<{ id: string }> };

/** GET `url` `loads` times in a row after 20 warm-up loads: each load's time (ms) and the last board. */
export async function timeBoardLoads<B extends { columns: BoardColumn[] }>(url: string, cookie: string, loads: number) {
  const getBoard = async () => {
    const res = await fetch(url, { headers: { cookie } });
    if (res.status !== 200) throw new Error(`board: ${res.status} ${await res.text()}`);
    return (await res.json()) as B;
  };
  for (let i = 0; i < 20; i++) await getBoard();
  const times: number[] = [];
  let board!: B;
  for (let i = 0; i < loads; i++) {
    const s = performance.now();
    board = await getBoard();
    times.push(performance.now() - s);
  }
  return { times, board };
}

/**
 * `moves` moves in a row, each of a random card of a column's first page to a random place of
 * another column's first page (between two neighbours): POST `moveUrl(id)` with
 * `body(columnId, prevId, nextId)`. Each move's time (ms) and how many the server refused.
 */
export async function timeMoves(
  ctx: BenchContext,
  cookie: string,
  board: BoardColumn[],
  moves: number,
  moveUrl: (id: string) => string,
  body: (columnId: string, prevId: string | null, nextId: string | null) => object,
) {
  const columns = new Map(board.map((c) => [c.id, c.items.map((d) => d.id)]));
  const ids = board.map((c) => c.id);
  const times: number[] = [];
  let refused = 0;
  for (let i = 0; i < moves; i++) {
    const from = ids[i % ids.length]!;
    const list = columns.get(from)!;
    const id = list[Math.floor(Math.random() * list.length)]!;
    const to = ids[(i + 1 + Math.floor(Math.random() * (ids.length - 1))) % ids.length]!;
    const target = columns.get(to)!;
    const at = Math.floor(Math.random() * (target.length + 1));
    const json = JSON.stringify(body(to, target[at - 1] ?? null, target[at] ?? null));
    const s = performance.now();
    const res = await fetch(moveUrl(id), { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: ctx.baseUrl }, body: json });
    await res.arrayBuffer();
    times.push(performance.now() - s);
    if (res.status !== 200) {
      refused++;
      continue;
    }
    list.splice(list.indexOf(id), 1);
    target.splice(at, 0, id);
  }
  return { times, refused };
}
