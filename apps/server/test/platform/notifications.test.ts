import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationItem, NotificationPage, NotificationPreference } from '@sede/shared/platform/notifications';
import { expectTenantIsolation } from '../support/isolation.ts';
import { seedCompany, seedMember } from '../support/seed.ts';
import { createConfirmedUser, latestMail, startTestServer, type CookieJar, type TestServer } from '../support/test-server.ts';
import { openEvents, within, withProbe } from './support.ts';

/** notify() and /api/notifications (decision 0116): members only, preferences, e-mail, read marks, isolation. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({}, withProbe());
});
afterAll(async () => {
  await server?.stop();
});

let seq = 0;
const newUser = () => createConfirmedUser(server, { email: `notif.${Date.now().toString(36)}${seq++}@exemplo.com.br` });
const notifyVia = async (body: Record<string, unknown>) => {
  const res = await server.request('/api/probe/notify', { method: 'POST', json: body });
  expect(res.status).toBe(200);
  return (await res.json()) as { inApp: number; email: number; skipped: number };
};
const get = async <T>(path: string, jar: CookieJar) => {
  const res = await server.request(path, { jar });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const unread = async (jar: CookieJar) => (await get<{ count: number }>('/api/notifications/unread-count', jar)).count;
const mailCount = async (to: string) => {
  const res = await server.request(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: unknown[] }).messages.length;
};

async function team() {
  const [owner, colleague, outsider] = [await newUser(), await newUser(), await newUser()];
  const companyId = await seedCompany(server.services.db, { adminUserId: owner.userId });
  await seedMember(server.services.db, { companyId, userId: colleague.userId, role: 'vendas' });
  const otherCompanyId = await seedCompany(server.services.db, { adminUserId: outsider.userId });
  return { owner, colleague, outsider, companyId, otherCompanyId };
}

describe('notify', () => {
  it('notifies members of the company only, live, and e-mails those whose preference says so', async () => {
    const { owner, colleague, outsider, companyId } = await team();
    const ownerStream = await openEvents(server, owner.jar);
    const outsiderStream = await openEvents(server, outsider.jar);
    try {
      const result = await notifyVia({
        companyId,
        userIds: [owner.userId, colleague.userId, outsider.userId, 'no-such-user'],
        kind: 'mention',
        title: 'Carla mencionou você',
        body: 'Veja o comentário no negócio Acme.',
        link: '/kanban-leads',
      });
      expect(result).toEqual({ inApp: 2, email: 2, skipped: 2 });
      // Live: the owner's page hears about it; the other company's page never does.
      await within(2000, () => ownerStream.of('entity').some((e) => (e.data as { entity: string }).entity === 'notification'));
      expect(outsiderStream.of('entity')).toEqual([]);

      expect(await unread(owner.jar)).toBe(1);
      expect(await unread(outsider.jar)).toBe(0);
      const page = await get<NotificationPage>('/api/notifications', owner.jar);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ kind: 'mention', title: 'Carla mencionou você', body: 'Veja o comentário no negócio Acme.', link: '/kanban-leads', readAt: null });
      expect((await get<NotificationPage>('/api/notifications', outsider.jar)).items).toEqual([]);

      // E-mail through pg-boss to the dev mailbox, with the layout and the link.
      const mail = await latestMail(server, owner.email, 'Carla mencionou você');
      expect(mail.text).toContain('Veja o comentário no negócio Acme.');
      expect(mail.text).toContain('http://localhost:3000/kanban-leads');
      expect(mail.html).toContain('Abrir no Sede');
      await latestMail(server, colleague.email, 'Carla mencionou você');
      expect(await mailCount(outsider.email)).toBe(1); // only the sign-up confirmation
    } finally {
      ownerStream.close();
      outsiderStream.close();
    }
  });

  it('follows each person’s preferences per kind (defaults: alerts in-app only)', async () => {
    const { owner, colleague, companyId } = await team();
    const defaults = await get<{ preferences: NotificationPreference[] }>('/api/notifications/preferences', owner.jar);
    expect(defaults.preferences).toEqual([
      { kind: 'reminder', inApp: true, email: false },
      { kind: 'mention', inApp: true, email: true },
      { kind: 'assignment', inApp: true, email: true },
      { kind: 'due_date', inApp: true, email: true },
      { kind: 'alert', inApp: true, email: false },
    ]);
    const put = await server.request('/api/notifications/preferences', {
      method: 'PUT',
      jar: owner.jar,
      json: { preferences: [{ kind: 'assignment', inApp: false, email: false }, { kind: 'alert', inApp: true, email: true }] },
    });
    expect(put.status).toBe(200);
    const saved = ((await put.json()) as { preferences: NotificationPreference[] }).preferences;
    expect(saved.find((p) => p.kind === 'assignment')).toEqual({ kind: 'assignment', inApp: false, email: false });

    expect(await notifyVia({ companyId, userIds: [owner.userId, colleague.userId], kind: 'assignment', title: 'Tarefa atribuída' })).toEqual({ inApp: 1, email: 1, skipped: 0 });
    expect(await notifyVia({ companyId, userIds: [owner.userId, colleague.userId], kind: 'alert', title: 'Alerta de saldo' })).toEqual({ inApp: 2, email: 1, skipped: 0 });
    await latestMail(server, owner.email, 'Alerta de saldo');
    await latestMail(server, colleague.email, 'Tarefa atribuída');
    const ownerItems = (await get<NotificationPage>('/api/notifications', owner.jar)).items.map((i) => i.title);
    expect(ownerItems).toEqual(['Alerta de saldo']);
    // Sentinel passed (the owner's alert e-mail came): no assignment e-mail reached the owner.
    const res = await server.request(`/api/dev/mailbox?to=${encodeURIComponent(owner.email)}`);
    const subjects = ((await res.json()) as { messages: Array<{ subject: string }> }).messages.map((m) => m.subject);
    expect(subjects.some((s) => s.includes('Tarefa atribuída'))).toBe(false);
  });

  it('refuses bad preferences and bad paging in Portuguese', async () => {
    const { owner } = await team();
    const cases: Array<[unknown, string]> = [
      [{ preferences: [{ kind: 'spam', inApp: true, email: true }] }, 'Tipo de notificação inválido.'],
      [{ preferences: [] }, 'Envie ao menos uma preferência.'],
      [{ preferences: [{ kind: 'mention', inApp: 'sim', email: true }] }, 'Escolha sim ou não.'],
      [
        {
          preferences: [
            { kind: 'mention', inApp: true, email: true },
            { kind: 'mention', inApp: false, email: true },
          ],
        },
        'Cada tipo de notificação só pode aparecer uma vez.',
      ],
    ];
    for (const [json, error] of cases) {
      const res = await server.request('/api/notifications/preferences', { method: 'PUT', jar: owner.jar, json });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error, code: expect.any(String) });
    }
    for (const q of ['cursor=lixo', 'limit=500', 'limit=abc']) {
      const res = await server.request(`/api/notifications?${q}`, { jar: owner.jar });
      expect(res.status, q).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/inválido|máximo/);
    }
  });
});

describe('reading', () => {
  it('pages by cursor, marks one and all read, and keeps each person to their own', async () => {
    const { owner, colleague, outsider, companyId } = await team();
    for (let i = 0; i < 25; i++) await notifyVia({ companyId, userIds: [owner.userId], kind: 'reminder', title: `Lembrete ${i}` });
    await notifyVia({ companyId, userIds: [colleague.userId], kind: 'reminder', title: 'Do colega' });
    const seen: NotificationItem[] = [];
    let cursor: string | null = null;
    do {
      const page: NotificationPage = await get(`/api/notifications?limit=10${cursor ? `&cursor=${cursor}` : ''}`, owner.jar);
      seen.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen.map((n) => n.title)).toEqual(Array.from({ length: 25 }, (_, i) => `Lembrete ${24 - i}`));
    expect(await unread(owner.jar)).toBe(25);

    const stream = await openEvents(server, owner.jar);
    try {
      const first = seen[0]!;
      const read = await server.request(`/api/notifications/${first.id}/read`, { method: 'POST', jar: owner.jar });
      expect(read.status).toBe(200);
      expect(((await read.json()) as NotificationItem).readAt).not.toBeNull();
      expect(await unread(owner.jar)).toBe(24);
      await within(2000, () => stream.of('entity').some((e) => (e.data as { action?: string }).action === 'read'));
      expect((await get<NotificationPage>('/api/notifications?unread=1&limit=50', owner.jar)).items).toHaveLength(24);

      // Another person's notification: 404 for a colleague of the same company and for another company.
      const colleagueItem = (await get<NotificationPage>('/api/notifications', colleague.jar)).items[0]!;
      for (const jar of [owner.jar, outsider.jar]) {
        const res = await server.request(`/api/notifications/${colleagueItem.id}/read`, { method: 'POST', jar });
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ error: 'Notificação não encontrada.', code: 'NOT_FOUND' });
      }
      for (const id of [randomUUID(), 'nao-e-um-id']) expect((await server.request(`/api/notifications/${id}/read`, { method: 'POST', jar: owner.jar })).status).toBe(404);
      expect((await get<NotificationPage>('/api/notifications', colleague.jar)).items[0]!.readAt).toBeNull();

      const all = await server.request('/api/notifications/read-all', { method: 'POST', jar: owner.jar });
      expect(await all.json()).toEqual({ updated: 24 });
      expect(await unread(owner.jar)).toBe(0);
      expect(await unread(colleague.jar)).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('isolation: another company’s member gets 404 for a notification id', async () => {
    const { owner, outsider, companyId } = await team();
    await notifyVia({ companyId, userIds: [owner.userId], kind: 'alert', title: 'Segredo da Empresa' });
    const item = (await get<NotificationPage>('/api/notifications', owner.jar)).items[0]!;
    await expectTenantIsolation(server, { owner, outsider, secrets: [item.id, 'Segredo da Empresa'] }, [{ method: 'POST', path: `/api/notifications/${item.id}/read` }]);
    for (const path of ['/api/notifications', '/api/notifications/unread-count', '/api/notifications/preferences']) {
      expect((await server.request(path)).status, path).toBe(401);
      expect(JSON.stringify(await get(path, outsider.jar))).not.toContain('Segredo da Empresa');
    }
  });

  it('a person without a company is refused with 403', async () => {
    const loner = await newUser();
    const res = await server.request('/api/notifications', { jar: loner.jar });
    expect(res.status).toBe(403);
  });
});
