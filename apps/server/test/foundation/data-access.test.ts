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
  'billing/checkout.ts': 1, // the seat count onboarding asks for before its request has a tenant
  'billing/cycle.ts': 4, // the billing cycle's schedule scans every company for trials, renewals and allowances
  'billing/webhooks.ts': 1, // Stripe's webhook: the company is read from the signed event's payment
  'campaigns/deliver.ts': 2, // the sender's hot path (decision 0253): a recipient's status, the accepted messages in batches
  'campaigns/send.ts': 15,
  'campaigns/tracking.ts': 1, // the recipient a link's token names, read before its company's tenant exists
  'cnpj/instance.ts': 1, // the CNPJ cache holds the public register's records, no company's
  'collaboration/service.ts': 1, // the due-date reminder's scan of every company's due tasks (a schedule)
  'companies/service.ts': 3, // a company being created has no tenant yet (its CNPJ is checked across every company)
  'company-data/service.ts': 1, // the schedule's scan of every company for a due erasure
  'crm-quotes/routes.ts': 1, // the public link's company, read before its tenant exists
  'dev-mailbox/routes.ts': 2, // the platform's own outgoing mail in development, no company's
  'documents/module.ts': 1, // the start's indexing of every company's documents written before their search rows
  'ecommerce/import.ts': 1, // the catch-up schedule's scan of every company's connected stores, then each through its company's tenant
  'ecommerce/mercadolivre/notifications.ts': 1, // Mercado Livre's notification names a seller; its company is read from the store's row before its tenant exists
  'ecommerce/nuvemshop/webhook.ts': 1, // Nuvemshop's webhook names a store; its company is read from the store's row before its tenant exists
  'esign/reminders.ts': 1, // the daily reminder: every company's open envelopes, then each through its company's tenant
  'esign/signing.ts': 1, // the signing link's signer, read from its token before its company's tenant exists
  'esign/verification.ts': 2, // the public verification by code or hash: any company's sealed document, read before its tenant exists
  'files/service.ts': 2, // the public links' files, read before their tenant exists
  'finance-boleto/auto-cancel.ts': 1, // the schedule's scan of every company's boletos left open at Asaas after their receivable ended (decision 0602)
  'finance-boleto/webhook.ts': 2, // the Asaas webhook's company, read from its token's hash before its tenant exists; whether an unknown payment is another company's boleto (404) or none of Sede's (ignored)
  'finance-pix-api/automatic-collect.ts': 3, // Pix Automático's schedules: every company's approved recurrences, those awaiting the payer, the open cobranças
  'finance-pix-api/refunds.ts': 1, // the schedule's follow-up of every company's refunds left in progress, then each through its company's tenant
  'finance-pix-api/settings.ts': 1, // the webhook's account read from its address's secret before its tenant exists
  'finance-pix-api/settlement.ts': 2, // the schedules' scans of every company's API Pix accounts (reconciliation, certificate expiry)
  'finance-pix/links.ts': 1, // the payment page's link, read from its token before its tenant exists
  'finance-dunning/run.ts': 1, // the collection rule's daily scan of every company for receivables to remind
  'finance/alerts.ts': 1, // the schedule's scan of every company for due entries
  'hr-recruiting/service.ts': 1, // the schedule's scan of every company for candidates past their retention
  'hr/module.ts': 1,
  'inbox/public-routes.ts': 1, // the widget's public key names its company, read before its tenant exists
  'invitations/module.ts': 2, // sign-up and e-mail confirmation hooks: a person with no company yet
  'invitations/queue.ts': 1, // the e-mail job names its invitation; its company is read from it
  'invitations/service.ts': 4, // by token or the person's own address: read before any tenant exists (acceptance, decline, the invite pages)
  'legal/alerts.ts': 1, // the schedule's scan of every company for expiring contracts
  'marketing/public.ts': 1, // the approval link's company, read from its token before its tenant exists
  'members/service.ts': 2, // role change and removal: one row-locking transaction, driven by the race test with the Services
  'onboarding/service.ts': 1, // the first-run choice of a person whose route needs no membership (no company: 404)
  'profile/service.ts': 2, // a person's own profile, no company's
  'prospecting/refresh-status.ts': 2, // the Receita refresh is the platform's, not a company's
  'prospecting/rf-pool.ts': 2, // the Receita register (rf_*) belongs to no company
  'support/service.ts': 14, // a person's tickets to the platform's support, with or without a company; its operators read them all
  'webhooks/deliver.ts': 2, // the delivery workers' batch claim and record: attempts of every company's endpoints, named by their jobs
  'webhooks/outbox.ts': 1, // the fan-out of every company's webhook outbox (its triggers' events) into deliveries
  'webhooks/sweeps.ts': 2, // the schedules' requeue of stuck deliveries and pruning of old events, of every company
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
