import { randomInt } from 'node:crypto';
import { seedCompany, seedMember } from '../support/seed.ts';
import { createConfirmedUser, latestMail, linkFrom, type CookieJar, type TestServer } from '../support/test-server.ts';

let seq = 0;
export const uniqueEmail = (tag = 'user') => `${tag}.${Date.now().toString(36)}${(seq++).toString(36)}${randomInt(1000)}@exemplo.com.br`;

export type Person = { jar: CookieJar; userId: string; email: string; password: string };

/** A company and its admin, seeded through the services so these tests do not depend on the company-setup flow. */
export async function createCompanyWithAdmin(server: TestServer, name = 'Padaria Pão Quente'): Promise<{ companyId: string; admin: Person }> {
  const admin = await createConfirmedUser(server, { email: uniqueEmail('admin'), firstName: 'Carla', lastName: 'Admin' });
  const companyId = await seedCompany(server.services.db, { adminUserId: admin.userId, name });
  server.services.viewers.evictViewer(admin.userId);
  return { companyId, admin };
}

/** Adds a membership (and points the profile at it); the API sees it on the next request. */
export async function addMember(server: TestServer, companyId: string, userId: string, role: string, customPermissions: string[] = []) {
  await seedMember(server.services.db, { companyId, userId, role, customPermissions });
  server.services.viewers.evictViewer(userId);
}

export async function memberOf(server: TestServer, companyId: string, role: string, customPermissions: string[] = []): Promise<Person> {
  const person = await createConfirmedUser(server, { email: uniqueEmail(role) });
  await addMember(server, companyId, person.userId, role, customPermissions);
  return person;
}

export async function invite(server: TestServer, jar: CookieJar, email: string, role = 'vendas') {
  const res = await server.request('/api/invitations', { method: 'POST', json: { email, role }, jar });
  return { status: res.status, body: (await res.json()) as { success: boolean; error: string | null; invitation?: { id: string }; code?: string } };
}

/** The token of the newest invitation e-mail to an address (the link's query). */
export async function invitationTokenFromMail(server: TestServer, email: string, notToken?: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const mail = await latestMail(server, email.toLowerCase(), 'convidou');
    const url = new URL(linkFrom(mail.text));
    const token = url.searchParams.get('token')!;
    if (token !== notToken) return token;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no new invitation mail to ${email}`);
}

export async function accept(server: TestServer, jar: CookieJar, token: string) {
  const res = await server.request('/api/invitations/accept', { method: 'POST', json: { invitation_token: token }, jar });
  return { status: res.status, body: (await res.json()) as { success: boolean; error: string | null; code?: string; alreadyAccepted?: boolean } };
}

export async function me(server: TestServer, jar: CookieJar) {
  const res = await server.request('/api/me', { jar });
  return (await res.json()) as { user: { id: string; email: string }; company: { id: string; name: string } | null; membership: { role: string } | null; permissions: Record<string, unknown> };
}

export const sql = async (server: TestServer, query: string, params: unknown[] = []) => (await server.services.pool.query(query, params)).rows;
