import { and, asc, eq, gt } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { paged } from '../../platform/company-data/archive.ts';
import type { ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/**
 * Members, invitations and the activity log (decision 0135). Left out: passwords, sessions,
 * accounts, invitation tokens, members' CPFs (their own profile, not the company's).
 */
export async function exportMembers(_s: Services, tenant: Tenant, out: ExportSink) {
  const { companyMembers: m, companyInvitations: i, activityLog: a, user: u } = schema;
  out.csv('membros.csv', ['id', 'userId', 'name', 'email', 'role', 'customPermissions', 'createdAt', 'updatedAt'], () =>
    paged((after, limit) =>
      tenant.db
        .select({ id: m.id, userId: m.userId, name: u.name, email: u.email, role: m.role, customPermissions: m.customPermissions, createdAt: m.createdAt, updatedAt: m.updatedAt })
        .from(m)
        .innerJoin(u, eq(u.id, m.userId))
        .where(and(eq(m.companyId, tenant.companyId), after === null ? undefined : gt(m.id, after as never)))
        .orderBy(asc(m.id))
        .limit(limit),
    ),
  );
  out.csv('convites.csv', ['id', 'email', 'role', 'invitedBy', 'createdAt', 'expiresAt', 'acceptedAt', 'acceptedBy'], () =>
    paged((after, limit) =>
      tenant.db
        .select({ id: i.id, email: i.email, role: i.role, invitedBy: i.invitedBy, createdAt: i.createdAt, expiresAt: i.expiresAt, acceptedAt: i.acceptedAt, acceptedBy: i.acceptedBy })
        .from(i)
        .where(and(eq(i.companyId, tenant.companyId), after === null ? undefined : gt(i.id, after as never)))
        .orderBy(asc(i.id))
        .limit(limit),
    ),
  );
  out.csv('registro-de-atividades.csv', ['id', 'createdAt', 'userId', 'action', 'details', 'userAgent'], () =>
    paged((after, limit) =>
      tenant.db
        .select({ id: a.id, createdAt: a.createdAt, userId: a.userId, action: a.action, details: a.details, userAgent: a.userAgent })
        .from(a)
        .where(and(eq(a.companyId, tenant.companyId), after === null ? undefined : gt(a.id, after as never)))
        .orderBy(asc(a.id))
        .limit(limit),
    ),
  );
}
