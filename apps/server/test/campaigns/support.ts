import { expect } from 'vitest';
import type { CampaignView } from '@sede/shared/campaigns/schemas';
import type { Person } from '@sede/shared/platform/parties';
import { apiOf } from '../crm/contacts-support.ts';
import type { TestServer } from '../support/test-server.ts';
import type { Person as Member } from '../team/support.ts';
import { eventually } from '../support/eventually.ts';

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function person(server: TestServer, who: Member, json: Record<string, unknown>) {
  const res = await apiOf(server)<Person>('/api/parties/people', who, { json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** A CRM list with these people. */
export async function listOf(server: TestServer, who: Member, name: string, personIds: string[]) {
  const api = apiOf(server);
  const list = await api<{ id: string }>('/api/crm-contacts/lists', who, { json: { name } });
  expect(list.status, JSON.stringify(list.body)).toBe(201);
  for (let i = 0; i < personIds.length; i += 1000) {
    const added = await api(`/api/crm-contacts/lists/${list.body.id}/members`, who, { json: { personIds: personIds.slice(i, i + 1000) } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  return list.body.id;
}

/** Polls the campaign until `done` holds. */
export async function waitFor(server: TestServer, who: Member, id: string, done: (c: CampaignView) => boolean, timeoutMs = 60_000): Promise<CampaignView> {
  const api = apiOf(server);
  const read = async () => {
    const res = await api<CampaignView>(`/api/campaigns/${id}`, who);
    expect(res.status).toBe(200);
    return res.body;
  };
  return eventually(read, done, { timeoutMs, intervalMs: 100 });
}
