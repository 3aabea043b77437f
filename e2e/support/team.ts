import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { createConfirmedUser, firstLink, uniqueEmail, waitForMail } from './api.ts';
import { describeViolations, seriousViolations } from './axe.ts';
import { seedCompany, seedMember } from '../../apps/server/test/support/seed.ts';
import { e2eDb, e2eSql } from './company.ts';

export type Admin = { email: string; password: string; companyId: string; companyName: string; userId: string };

/**
 * A company and its admin, seeded through the services (onboarding done), so the team tests
 * depend neither on the CNPJ lookup nor on the setup screens.
 */
export async function createCompanyWithAdmin(request: APIRequestContext, companyName = `Empresa ${Date.now().toString(36)}`): Promise<Admin> {
  const admin = await createConfirmedUser(request, { email: uniqueEmail('admin'), firstName: 'Carla', lastName: 'Admin' });
  const [user] = await e2eSql<{ id: string }>(`SELECT id FROM "user" WHERE email = $1`, [admin.email]);
  const companyId = await seedCompany(e2eDb(), { adminUserId: user!.id, name: companyName });
  return { ...admin, companyId, companyName, userId: user!.id };
}

export async function addMember(companyId: string, userId: string, role: string) {
  await seedMember(e2eDb(), { companyId, userId, role });
}

/** A confirmed member of the company with a role (made through the API and SQL). */
export async function createMember(request: APIRequestContext, companyId: string, role: string) {
  const person = await createConfirmedUser(request, { email: uniqueEmail(role), firstName: 'Bruno', lastName: 'Membro' });
  const [user] = await e2eSql<{ id: string }>(`SELECT id FROM "user" WHERE email = $1`, [person.email]);
  await addMember(companyId, user!.id, role);
  return { ...person, userId: user!.id };
}

/** Sends an invitation as the admin signed in within `request`. */
export async function inviteByApi(request: APIRequestContext, email: string, role = 'vendas') {
  const res = await request.post('/api/invitations', { data: { email, role } });
  expect(res.status(), await res.text()).toBe(201);
}

/** The /accept-invite path of the newest invitation e-mail to an address. */
export async function invitationLink(request: APIRequestContext, email: string): Promise<string> {
  const mail = await waitForMail(request, email, 'convidou');
  const url = new URL(firstLink(mail.text));
  return `${url.pathname}${url.search}`;
}

/** No serious or critical accessibility violations on the current page (measured at rest: support/axe.ts). */
export async function expectAccessible(page: Page) {
  expect(describeViolations(await seriousViolations(page))).toEqual([]);
}
