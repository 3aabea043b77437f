import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { partyKeys } from '../components/parties/keys.ts';
import { adminKeys } from '../features/admin/api/keys.ts';
import { authKeys } from '../lib/session/keys.ts';
import { billingKeys } from '../features/billing/api/keys.ts';
import { companyKeys } from '../features/company/api/keys.ts';
import { mailboxKeys } from '../features/dev-mailbox/api/keys.ts';
import { invitationKeys } from '../features/invitations/api/keys.ts';
import { profileKeys } from '../components/profile/api/keys.ts';
import { salesKeys } from '../features/sales/api/keys.ts';
import { crmKeys } from '../features/crm-board/api/keys.ts';
import { crmMetricsKeys } from '../features/crm-metrics/api/keys.ts';
import { financeKeys } from '../features/finance/api/keys.ts';
import { documentKeys } from '../features/documents/api/keys.ts';
import { canvasKeys } from '../features/canvas/api/keys.ts';
import { legalKeys } from '../features/legal/api/keys.ts';
import { meetingKeys } from '../features/meetings/api/keys.ts';
import { prospectingKeys } from '../features/prospecting/api/keys.ts';
import { hrKeys } from '../features/hr/api/keys.ts';
import { recruitingKeys } from '../features/hr-recruiting/api/keys.ts';
import { projectKeys } from '../features/projects/api/keys.ts';
import { campaignKeys } from '../features/campaigns/api/keys.ts';
import { inboxKeys } from '../features/inbox/api/keys.ts';
import { supportKeys } from '../features/support/api/keys.ts';
import { marketingKeys } from '../features/marketing/api/keys.ts';
import { sharedFileKeys } from '../features/shared-file/api/keys.ts';
import { sharedKeys } from '../lib/keys.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts') ? [path.join(dir, e.name)] : [],
  );

/** The first element of every key a factory makes (functions called with sample arguments). */
function roots(factory: Record<string, unknown>): string[] {
  return Object.values(factory).map((k) => {
    const key = (typeof k === 'function' ? (k as (...a: unknown[]) => unknown[])('x', 'y') : k) as unknown[];
    return String(key[0]);
  });
}

describe('query keys', () => {
  it('no literal query keys in the app: every key comes from a feature’s api/keys.ts', () => {
    const offenders = sources(SRC)
      .filter((f) => !f.endsWith(`${path.sep}keys.ts`))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => [line, i] as const)
          .filter(([line]) => /queryKey: \[|queryKey\[0\] [!=]==? '/.test(line))
          .map(([line, i]) => `${path.relative(SRC, f)}:${i + 1}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('each key root belongs to one feature, so invalidating one feature never touches another', () => {
    // The contact lists (crm-contacts) read the parties' own keys on purpose; the board shares the custom fields' key.
    const byFeature = { adminKeys, authKeys, billingKeys, companyKeys, mailboxKeys, invitationKeys, profileKeys, partyKeys, salesKeys, crmKeys, crmMetricsKeys, financeKeys, legalKeys, prospectingKeys, supportKeys, documentKeys, canvasKeys, meetingKeys, hrKeys, recruitingKeys, projectKeys, campaignKeys, inboxKeys, marketingKeys, sharedFileKeys, sharedKeys };
    const owner = new Map<string, string>();
    for (const [feature, factory] of Object.entries(byFeature)) {
      for (const root of roots(factory)) {
        expect([root, owner.get(root) ?? feature]).toEqual([root, feature]);
        owner.set(root, feature);
      }
    }
  });
});
