import type { PublicPayment } from '@sede/shared/finance/pix';
import { describe, expect, it } from 'vitest';
import { paymentPages } from '../../src/modules/finance-pix/page-cache.ts';
import type { Change } from '../../src/platform/changes.ts';
import type { Services } from '../../src/services.ts';

/**
 * The payment page's memory (decision 0765) against a settlement that commits while a page is being
 * read: the read began before the change (it may have seen the old state), so what it loaded is
 * served but never kept — whether the change is this instance's own (`forget`, right after its
 * commit) or another's (the feed's announcement). Each interleaving is made by hand: the load waits
 * on a promise the test resolves after the change.
 */
function services() {
  const listeners = new Set<(c: Change) => void>();
  const s = {
    state: new Map<string, unknown>(),
    feed: {
      subscribe: (l: (c: Change) => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
      isLive: () => true,
    },
  } as unknown as Services;
  return { s, hear: (c: Change) => listeners.forEach((l) => l(c)) };
}
const COMPANY = '11111111-1111-4111-8111-111111111111';
const page = (status: 'open' | 'paid') => ({ status }) as unknown as PublicPayment;

/** A load the test lets finish when it wants. */
function gate() {
  let release!: () => void;
  const opened = new Promise<void>((r) => (release = r));
  return { opened, release };
}

describe('the payment page in memory', () => {
  it('keeps a read that began after the last change, and drops it on the next', async () => {
    const { s, hear } = services();
    const cache = paymentPages(s);
    let loads = 0;
    const load = async () => ({ answer: page(++loads > 1 ? 'paid' : 'open'), companyId: COMPANY });
    expect((await cache.get('link-1', load)).status).toBe('open');
    expect((await cache.get('link-1', load)).status).toBe('open');
    expect(loads).toBe(1);
    hear({ t: 'entity', companyId: COMPANY, entity: 'fin_charge', id: 'x', action: 'updated' });
    expect((await cache.get('link-1', load)).status).toBe('paid');
    expect(loads).toBe(2);
  });

  it("a read that began before this instance's settlement and ends after its `forget` is served, not kept", async () => {
    const { s } = services();
    const cache = paymentPages(s);
    const g = gate();
    let loads = 0;
    // The read's statement ran before the settlement committed: it saw 'open'.
    const early = cache.get('link-1', async () => {
      loads++;
      await g.opened;
      return { answer: page('open'), companyId: COMPANY };
    });
    cache.forget(COMPANY); // the settlement committed meanwhile
    g.release();
    expect((await early).status).toBe('open');
    const after = async () => {
      loads++;
      return { answer: page('paid'), companyId: COMPANY };
    };
    expect((await cache.get('link-1', after)).status).toBe('paid');
    expect(loads).toBe(2);
  });

  it("a read that began before another instance's change and ends after its announcement is served, not kept, and does not displace a later read", async () => {
    const { s, hear } = services();
    const cache = paymentPages(s);
    const first = gate();
    const early = cache.get('link-1', async () => {
      await first.opened;
      return { answer: page('open'), companyId: COMPANY };
    });
    hear({ t: 'entity', companyId: COMPANY, entity: 'fin_charge', id: 'x', action: 'updated' });
    // A read after the announcement, finished before the early one: it is the one kept.
    expect((await cache.get('link-1', async () => ({ answer: page('paid'), companyId: COMPANY }))).status).toBe('paid');
    first.release();
    expect((await early).status).toBe('open');
    expect((await cache.get('link-1', async () => ({ answer: page('open'), companyId: COMPANY }))).status).toBe('paid');
  });

  it('a change of another company does not stop a read from being kept', async () => {
    const { s, hear } = services();
    const cache = paymentPages(s);
    const g = gate();
    const read = cache.get('link-1', async () => {
      await g.opened;
      return { answer: page('open'), companyId: COMPANY };
    });
    hear({ t: 'entity', companyId: '22222222-2222-4222-8222-222222222222', entity: 'fin_charge', id: 'y', action: 'updated' });
    g.release();
    await read;
    expect((await cache.get('link-1', async () => ({ answer: page('paid'), companyId: COMPANY }))).status).toBe('open');
  });
});
