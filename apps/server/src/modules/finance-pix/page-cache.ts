import type { PublicPayment } from '@sede/shared/finance/pix';
import { serverState } from '../../platform/module.ts';
import type { Services } from '../../services.ts';

/** A cached page is read again at least this often (a safety net for a change nobody announced). */
const CACHE_MS = 10_000;
const MAX_ENTRIES = 10_000;

type Cached = { answer: PublicPayment; companyId: string; loadedAt: number };

/**
 * The payment page's answers by link id, in process (decision 0765), like the viewers
 * (platform/viewer.ts): any finance entity a company announces ('fin_…': its receivables, charges,
 * boletos, Pix keys, links), a change of the company's row, or a reset of the change feed drops that
 * company's pages on every instance; this instance drops them at once after its own revocation or
 * settlement (`forget`), before the NOTIFY comes back. Nothing is cached while the feed is down, a
 * load that raced a change of its company is served but not kept, and an entry lives at most
 * CACHE_MS. Errors (a revoked or unknown link) are never kept.
 */
function createPaymentPageCache(s: Services) {
  const pages = new Map<string, Cached>();
  const linksByCompany = new Map<string, Set<string>>();
  // Loads in flight: `clock` ticks on every change; `changedAt` when a company last changed.
  let clock = 0;
  let clearedAt = 0;
  let inflight = 0;
  const changedAt = new Map<string, number>();

  const clear = () => {
    clearedAt = ++clock;
    changedAt.clear();
    pages.clear();
    linksByCompany.clear();
  };
  const forget = (companyId: string) => {
    ++clock;
    if (inflight > 0) changedAt.set(companyId, clock);
    for (const id of linksByCompany.get(companyId) ?? []) pages.delete(id);
    linksByCompany.delete(companyId);
  };
  s.feed.subscribe((change) => {
    if (change.t === 'reset') clear();
    else if (change.t === 'company') forget(change.companyId);
    else if (change.t === 'entity' && change.entity.startsWith('fin_')) forget(change.companyId);
  });

  return {
    forget,
    async get(linkId: string, load: () => Promise<{ answer: PublicPayment; companyId: string }>): Promise<PublicPayment> {
      const now = Date.now();
      const hit = pages.get(linkId);
      if (hit && s.feed.isLive() && now - hit.loadedAt < CACHE_MS) return hit.answer;
      const start = clock;
      inflight++;
      try {
        const { answer, companyId } = await load();
        if (s.feed.isLive() && clearedAt <= start && (changedAt.get(companyId) ?? 0) <= start) {
          if (pages.size >= MAX_ENTRIES) clear();
          pages.set(linkId, { answer, companyId, loadedAt: now });
          let links = linksByCompany.get(companyId);
          if (!links) linksByCompany.set(companyId, (links = new Set()));
          links.add(linkId);
        }
        return answer;
      } finally {
        if (--inflight === 0) changedAt.clear();
      }
    },
  };
}

export const paymentPages = (s: Services) => serverState(s, 'finance-pix.paymentPages', () => createPaymentPageCache(s));

/** Drops the company's cached payment pages on this instance now (the others hear the NOTIFY). */
export const forgetPaymentPages = (s: Services, companyId: string) => paymentPages(s).forget(companyId);
