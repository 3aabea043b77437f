import { eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { activityLabel, describeActivity } from '@sede/shared/activity';
import { roleLabel } from '@sede/shared/roles';
import { companyPage, paged } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/**
 * Members, invitations and the activity log (decision 0135). Left out: passwords, sessions,
 * accounts, invitation tokens, members' CPFs (their own profile, not the company's).
 */
export async function exportMembers(_s: Services, tenant: Tenant, out: ExportSink) {
  const { companyMembers: m, companyInvitations: i, activityLog: a, user: u } = schema;
  // Name and e-mail are columns of their own here: no people columns added (decision 0425).
  const withRole = async function* (rows: AsyncIterable<{ role: string } & Record<string, unknown>>) {
    for await (const r of rows) yield { ...r, funcao: roleLabel(r.role) };
  };
  out.csv('membros.csv', ['id', 'userId', 'name', 'email', 'role', 'funcao', 'customPermissions', 'createdAt', 'updatedAt'], () =>
    withRole(paged((after, limit) =>
      companyPage(tenant.db.select({ id: m.id, userId: m.userId, name: u.name, email: u.email, role: m.role, customPermissions: m.customPermissions, createdAt: m.createdAt, updatedAt: m.updatedAt }).from(m).innerJoin(u, eq(u.id, m.userId)).$dynamic(), m, tenant, after, limit),
    )), { people: [] },
  );
  out.csv('convites.csv', ['id', 'email', 'role', 'funcao', 'invitedBy', 'createdAt', 'expiresAt', 'acceptedAt', 'acceptedBy'], () =>
    withRole(paged((after, limit) =>
      companyPage(tenant.db.select({ id: i.id, email: i.email, role: i.role, invitedBy: i.invitedBy, createdAt: i.createdAt, expiresAt: i.expiresAt, acceptedAt: i.acceptedAt, acceptedBy: i.acceptedBy }).from(i).$dynamic(), i, tenant, after, limit),
    )),
  );
  // Who did what, as the admin's activity panel says it: the person by name and e-mail, the action
  // and its description in Portuguese, the details a column each (decision 0425).
  out.csv('registro-de-atividades.csv', ['id', 'createdAt', 'userId', 'action', 'acao', 'descricao', 'details', 'userAgent'], async function* () {
    const rows = paged((after, limit) =>
      companyPage(tenant.db.select({ id: a.id, createdAt: a.createdAt, userId: a.userId, action: a.action, details: a.details, userAgent: a.userAgent }).from(a).$dynamic(), a, tenant, after, limit),
    );
    for await (const r of rows) {
      const details = (r.details ?? {}) as Record<string, unknown>;
      yield { ...r, acao: activityLabel(r.action), descricao: describeActivity({ action: r.action, details }) };
    }
  });
}
