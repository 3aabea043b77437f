import type { NormalizedCompany } from '@sede/shared/cnpj';
import { describe, expect, it } from 'vitest';
import { createMemoryFrontCache } from '../../src/modules/cnpj/memory-cache.ts';
import type { PgCnpjCache } from '../../src/modules/cnpj/pg-cache.ts';

const record = (cnpj: string, name = 'EMPRESA LTDA') => ({ cnpj, razao_social: name }) as NormalizedCompany;

function fakeInner() {
  const rows = new Map<string, { record: NormalizedCompany; expiresAt: number }>();
  let reads = 0;
  const inner: PgCnpjCache = {
    async getEntry(cnpj) {
      reads++;
      return rows.get(cnpj) ?? null;
    },
    async get(cnpj) {
      return rows.get(cnpj)?.record ?? null;
    },
    async set(cnpj, r) {
      rows.set(cnpj, { record: r, expiresAt: Infinity });
    },
  };
  return { inner, rows, reads: () => reads };
}

describe('in-process layer in front of the PostgreSQL cache', () => {
  it('reads the database once, then answers from memory until its TTL', async () => {
    let t = 0;
    const { inner, rows, reads } = fakeInner();
    rows.set('A', { record: record('A'), expiresAt: 1_000_000 });
    const cache = createMemoryFrontCache(inner, { ttlMs: 100, now: () => t });
    expect(await cache.get('A')).toEqual(record('A'));
    expect(await cache.get('A')).toEqual(record('A'));
    expect(reads()).toBe(1);
    t = 101;
    await cache.get('A');
    expect(reads()).toBe(2);
  });

  it('never keeps an entry past its row expiry', async () => {
    let t = 0;
    const { inner, rows, reads } = fakeInner();
    rows.set('A', { record: record('A'), expiresAt: 10 });
    const cache = createMemoryFrontCache(inner, { ttlMs: 1000, now: () => t });
    await cache.get('A');
    t = 11;
    rows.delete('A'); // the row expired in the database
    expect(await cache.get('A')).toBeNull();
    expect(reads()).toBe(2);
  });

  it('writes through and keeps the fresh answer', async () => {
    const { inner, rows, reads } = fakeInner();
    const cache = createMemoryFrontCache(inner, { ttlMs: 1000, now: () => 0 });
    await cache.set('A', record('A', 'NOVA'), 'brasilapi');
    expect(rows.get('A')?.record.razao_social).toBe('NOVA');
    expect((await cache.get('A'))?.razao_social).toBe('NOVA');
    expect(reads()).toBe(0);
  });

  it('is bounded: the oldest entry leaves first', async () => {
    const { inner, rows, reads } = fakeInner();
    for (const c of ['A', 'B', 'C']) rows.set(c, { record: record(c), expiresAt: Infinity });
    const cache = createMemoryFrontCache(inner, { ttlMs: 1000, maxEntries: 2, now: () => 0 });
    await cache.get('A');
    await cache.get('B');
    await cache.get('C'); // evicts A
    await cache.get('B');
    expect(reads()).toBe(3);
    await cache.get('A');
    expect(reads()).toBe(4);
  });
});
