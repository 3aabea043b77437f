import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTransaction } from '@sede/db/transaction';
import pg from 'pg';
import { announce, announcedAfterCommit, deferAnnouncements, ENTITY_CHANNEL, entityPayloads } from '../../src/platform/live/announce.ts';
import { registerLiveEntity } from '../../src/platform/live/registry.ts';
import { seedCompany, seedMember } from '../support/seed.ts';
import { createConfirmedUser, startTestServer, tempDataDir, type TestServer } from '../support/test-server.ts';
import { openEvents, within, withProbe, type Stream } from './support.ts';

/**
 * Live entity updates (decision 0115): an area announces "entity X of company C changed" on
 * one instance, and every instance relays it only to the open pages of those who may see it.
 */
let a: TestServer;
let b: TestServer;
// 'secret' entities: only the person whose id the entity id starts with may see them.
// 'slow' entities: everyone may see them, after a check slower than the next announcement.
const registerSecret = (s: Parameters<typeof registerLiveEntity>[0]) => {
  registerLiveEntity(s, 'secret', (viewer, id) => id.startsWith(viewer.userId));
  registerLiveEntity(s, 'slow', () => new Promise((resolve) => setTimeout(() => resolve(true), 300)));
};
beforeAll(async () => {
  a = await startTestServer({}, withProbe(registerSecret));
  b = await startTestServer({ DATABASE_URL: a.databaseUrl, DATA_DIR: tempDataDir('sede-live-b-') }, withProbe(registerSecret));
});
afterAll(async () => {
  await b?.stop();
  await a?.stop();
});

let seq = 0;
const newUser = () => createConfirmedUser(a, { email: `live.${Date.now().toString(36)}${seq++}@exemplo.com.br` });
const announceOn = async (server: TestServer, body: Record<string, unknown>) => expect((await server.request('/api/probe/announce', { method: 'POST', json: body })).status).toBe(200);
const entityIds = (s: Stream) => s.of('entity').map((e) => (e.data as { id: string }).id);

describe('announce → open pages', () => {
  it('reaches the members of the company on every instance, never another company, only named recipients, never a rollback', async () => {
    const [owner, colleague, outsider] = [await newUser(), await newUser(), await newUser()];
    const companyId = await seedCompany(a.services.db, { adminUserId: owner.userId });
    await seedMember(a.services.db, { companyId, userId: colleague.userId, role: 'vendas' });
    const otherCompanyId = await seedCompany(a.services.db, { adminUserId: outsider.userId });

    const ownerOnA = await openEvents(a, owner.jar);
    const colleagueOnB = await openEvents(b, colleague.jar);
    const outsiderOnB = await openEvents(b, outsider.jar);
    const outsiderOnA = await openEvents(a, outsider.jar);
    try {
      // Everyone of the company, on both instances.
      await announceOn(a, { companyId, entity: 'deal', id: 'd1', action: 'updated' });
      await within(2000, () => entityIds(ownerOnA).includes('d1') && entityIds(colleagueOnB).includes('d1'));
      expect(colleagueOnB.of('entity')[0]!.data).toEqual({ entity: 'deal', id: 'd1', action: 'updated' });

      // Only the named recipients.
      await announceOn(b, { companyId, entity: 'deal', id: 'd2', userIds: [owner.userId] });
      // A rolled-back change is never announced.
      await announceOn(a, { companyId, entity: 'deal', id: 'd3', rollback: true });
      // Visible only to its owner (registered check).
      await announceOn(a, { companyId, entity: 'secret', id: `${colleague.userId}-s1` });
      // Sentinels: later announcements that reach each page.
      await announceOn(a, { companyId, entity: 'deal', id: 'd4' });
      await announceOn(a, { companyId: otherCompanyId, entity: 'deal', id: 'o1' });
      await within(2000, () => entityIds(ownerOnA).includes('d4') && entityIds(colleagueOnB).includes('d4'));
      await within(2000, () => entityIds(outsiderOnA).includes('o1') && entityIds(outsiderOnB).includes('o1'));

      expect(entityIds(ownerOnA)).toEqual(['d1', 'd2', 'd4']);
      expect(entityIds(colleagueOnB)).toEqual(['d1', `${colleague.userId}-s1`, 'd4']);
      expect(entityIds(outsiderOnA)).toEqual(['o1']);
      expect(entityIds(outsiderOnB)).toEqual(['o1']);
    } finally {
      for (const s of [ownerOnA, colleagueOnB, outsiderOnB, outsiderOnA]) s.close();
    }
  });

  it('keeps the order of announcements when a visibility check is slow', async () => {
    const owner = await newUser();
    const companyId = await seedCompany(a.services.db, { adminUserId: owner.userId });
    const page = await openEvents(b, owner.jar);
    try {
      await announceOn(a, { companyId, entity: 'slow', id: 'first' });
      await announceOn(a, { companyId, entity: 'deal', id: 'second' });
      await within(3000, () => entityIds(page).includes('second') && entityIds(page).includes('first'));
      expect(entityIds(page)).toEqual(['first', 'second']);
    } finally {
      page.close();
    }
  });

  it('a person removed from the company stops receiving its entities at once', async () => {
    const [owner, leaver] = [await newUser(), await newUser()];
    const companyId = await seedCompany(a.services.db, { adminUserId: owner.userId });
    await seedMember(a.services.db, { companyId, userId: leaver.userId, role: 'vendas' });
    const leaverOnB = await openEvents(b, leaver.jar);
    try {
      await announceOn(a, { companyId, entity: 'deal', id: 'before' });
      await within(2000, () => entityIds(leaverOnB).includes('before'));
      // Removed and announced in the same commit: both notifications arrive back to back, before
      // the stream could re-read the membership; it holds the entity until it knows.
      await withTransaction(a.services.pool, async ({ client }) => {
        await client.query('DELETE FROM company_members WHERE user_id = $1', [leaver.userId]);
        await client.query('UPDATE profiles SET company_id = NULL WHERE id = $1', [leaver.userId]);
        await announce(client, { companyId, entity: 'deal', id: 'after' });
      });
      // Sentinel: the 'me' event of the removal, then a ping-free wait for the reload to settle.
      await within(2000, () => leaverOnB.of('me').length > 0);
      const ownCompany = await seedCompany(a.services.db, { adminUserId: leaver.userId, name: 'Nova Empresa Ltda' });
      await within(3000, async () => {
        await announceOn(a, { companyId: ownCompany, entity: 'deal', id: 'sentinel' });
        return entityIds(leaverOnB).includes('sentinel');
      });
      expect(entityIds(leaverOnB)).not.toContain('after');
    } finally {
      leaverOnB.close();
    }
  });

  it('splits a long recipient list into payloads under the 8 KB NOTIFY cap', () => {
    const userIds = Array.from({ length: 1000 }, (_, i) => `user-${i.toString().padStart(28, '0')}`);
    const payloads = entityPayloads({ companyId: '00000000-0000-0000-0000-000000000000', entity: 'notification', id: 'new', userIds });
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => (JSON.parse(p) as { userIds: string[] }).userIds)).toEqual(userIds);
    expect(() => entityPayloads({ companyId: 'c', entity: 'deal', id: 'x'.repeat(5000) })).toThrow();
  });
});

describe('announcements deferred to after the commit (decision 0765)', () => {
  it('what is announced through the transaction is sent once it committed, never after a rollback', async () => {
    const listener = new pg.Client({ connectionString: a.databaseUrl });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (n) => heard.push((JSON.parse(n.payload!) as { id: string }).id));
    await listener.query(`LISTEN ${ENTITY_CHANNEL}`);
    const companyId = '00000000-0000-4000-8000-00000000d0fe';
    try {
      await announcedAfterCommit(a.services.pool, (later) =>
        a.services.db.transaction(async (tx) => {
          deferAnnouncements(tx, later);
          await announce(tx, { companyId, entity: 'deal', id: 'deferred-1' });
          // A function called with the transaction may open a nested one (a savepoint): it defers alike.
          await tx.transaction((nested) => announce(nested, { companyId, entity: 'deal', id: 'deferred-nested' }));
          // Collected, not sent inside the transaction.
          expect(later.map((x) => x.id)).toEqual(['deferred-1', 'deferred-nested']);
        }),
      );
      await within(2000, () => heard.includes('deferred-nested'));
      await expect(
        announcedAfterCommit(a.services.pool, (later) =>
          a.services.db.transaction(async (tx) => {
            deferAnnouncements(tx, later);
            await announce(tx, { companyId, entity: 'deal', id: 'deferred-2' });
            throw new Error('rolled back');
          }),
        ),
      ).rejects.toThrow('rolled back');
      // Outside a deferring transaction an announcement goes at once: the sentinel.
      await announce(a.services.pool, { companyId, entity: 'deal', id: 'sentinel' });
      await within(2000, () => heard.includes('sentinel'));
      expect(heard).toEqual(['deferred-1', 'deferred-nested', 'sentinel']);
    } finally {
      await listener.end();
    }
  });
});
