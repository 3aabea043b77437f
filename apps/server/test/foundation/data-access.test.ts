import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Company data is reached through a tenant (decision 0431): the request's `c.get('tenant')`, or
 * `systemTenant(s, companyId, reason)` for work no member's request carries. A module that uses
 * the raw services' database (`s.db`, `s.pool`) escapes that typing. What is left of it is listed
 * here, per file, and may only shrink: a file over its count, or a file not listed, fails.
 */
const ALLOWED: Record<string, number> = {
  'billing/checkout.ts': 9,
  'billing/cycle.ts': 7,
  'billing/queries.ts': 3,
  'billing/webhooks.ts': 1,
  'campaigns/send.ts': 18,
  'campaigns/tracking.ts': 1, // the recipient a link's token names, read before its company's tenant exists
  'cnpj/instance.ts': 1, // the CNPJ cache holds the public register's records, no company's
  'collaboration/service.ts': 1,
  'companies/enrichment.ts': 2,
  'companies/routes.ts': 1,
  'companies/service.ts': 6,
  'company-data/export-job.ts': 3,
  'company-data/service.ts': 2,
  'crm-contacts/import.ts': 5,
  'crm-quotes/routes.ts': 1, // the public link's company, read before its tenant exists
  'dev-mailbox/routes.ts': 2,
  'documents/module.ts': 2,
  'documents/sync.ts': 3,
  'files/export.ts': 1,
  'files/public.ts': 1,
  'files/service.ts': 5,
  'finance/alerts.ts': 1, // the schedule's scan of every company for due entries
  'inbox/public-routes.ts': 3,
  'inbox/service.ts': 8,
  'invitations/module.ts': 2,
  'invitations/queue.ts': 1,
  'invitations/service.ts': 8,
  'juridico/alerts.ts': 1, // the schedule's scan of every company for expiring contracts
  'marketing/public.ts': 1, // the approval link's company, read from its token before its tenant exists
  'members/service.ts': 4,
  'onboarding/service.ts': 1,
  'profile/service.ts': 2,
  'prospecting/refresh-status.ts': 2, // the Receita refresh is the platform's, not a company's
  'prospecting/rf-pool.ts': 2,
  'rh-recruiting/service.ts': 2,
  'rh/module.ts': 1,
  'support/routes.ts': 1,
  'support/service.ts': 14,
  'whatsapp/service.ts': 6, // the webhook's account read from its key before its tenant exists; the account and the inbox channel's sends by a company id (the channel's calls carry no tenant)
};

const modulesDir = path.resolve(import.meta.dirname, '../../src/modules');
const sources = (readdirSync(modulesDir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
const RAW = /\bs\.(db|pool)\b/g;

describe('data access through the tenant', () => {
  it('no module reaches s.db or s.pool beyond what is listed, and the list holds no more than is used', () => {
    const used = Object.fromEntries(
      sources.map((f) => [f.split(path.sep).join('/'), readFileSync(path.join(modulesDir, f), 'utf8').match(RAW)?.length ?? 0] as const).filter(([, n]) => n > 0),
    );
    expect(used).toEqual(ALLOWED);
  });
});
