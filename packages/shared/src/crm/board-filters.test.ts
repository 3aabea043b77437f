import { describe, expect, it } from 'vitest';
import { parseBoardFilters } from './board-filters.ts';
import { boardFilterSchema } from './deals.ts';

const KEYS = ['owner', 'tag', 'source', 'q', 'status'] as const;
const VALUES: Array<string | undefined> = [
  undefined,
  '',
  ' ',
  'me',
  'none',
  'open',
  'won',
  'lost',
  'all',
  'OPEN',
  'Indicação',
  '  Site  ',
  'a'.repeat(40),
  ` ${'a'.repeat(40)} `,
  'a'.repeat(41),
  'a'.repeat(80),
  'a'.repeat(81),
  'a'.repeat(100),
  'a'.repeat(101),
  'tab\there',
  'bell\u0007',
  'nul\u0000',
  'del\u007f',
  'linha\nnova',
  'meio \ud83d emoji',
  'emoji 😀',
  '\u202Eoculto',
];

/** What the server's schema answers, in the parser's terms. */
const bySchema = (raw: Record<string, string | undefined>) => {
  const r = boardFilterSchema.safeParse(raw);
  return r.success ? r.data : null;
};
const defined = (raw: Record<string, string | undefined>) => Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined));

describe('parseBoardFilters (the board page, without zod)', () => {
  it('answers as boardFilterSchema for every value of each filter alone', () => {
    for (const key of KEYS) {
      for (const value of VALUES) {
        const raw = { [key]: value };
        expect(parseBoardFilters(raw), `${key}=${JSON.stringify(value)}`).toEqual(bySchema(defined(raw)));
      }
    }
  });

  it('answers as boardFilterSchema for filters together (one bad field drops them all)', () => {
    // A fixed pseudo-random walk over the combinations: the same cases on every run.
    let seed = 749;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % VALUES.length;
    for (let i = 0; i < 3000; i++) {
      const raw = Object.fromEntries(KEYS.map((k) => [k, VALUES[next()]]));
      expect(parseBoardFilters(raw), JSON.stringify(raw)).toEqual(bySchema(defined(raw)));
    }
  });

  it('reads the usual filters', () => {
    expect(parseBoardFilters({ owner: 'me', status: 'won', q: '  padaria ' })).toEqual({ owner: 'me', status: 'won', q: 'padaria' });
    expect(parseBoardFilters({})).toEqual({});
    expect(parseBoardFilters({ status: 'fechado' })).toBeNull();
  });
});
