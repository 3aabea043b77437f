import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { companyRows } from '../../platform/company-data/archive.ts';
import { readersOf, registerEntity } from '../../platform/entities.ts';
import { registerLiveEntity } from '../../platform/live/registry.ts';
import { defineModule, type ExportSink } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { EMPLOYEE_ENTITY, employeeExists } from './employees.ts';
import { hrRoutes } from './routes.ts';

async function start(s: Services) {
  // An employee's documents (and any comment or task on them): whoever reads RH (decision 0224).
  registerEntity(s, EMPLOYEE_ENTITY, {
    canSee: readersOf('hr.read', employeeExists),
    path: (id) => `/rh?colaborador=${id}`,
  });
  // Live changes of employees reach only the pages of members who read RH (the custom key too).
  registerLiveEntity(s, EMPLOYEE_ENTITY, async (viewer) => {
    const M = schema.companyMembers;
    const [m] = await s.db
      .select({ role: M.role, customPermissions: M.customPermissions })
      .from(M)
      .where(and(eq(M.userId, viewer.userId), eq(M.companyId, viewer.companyId)))
      .limit(1);
    return canAny(grantsFor(m ?? null), ['hr.read']);
  });
}

async function exportHr(_s: Services, tenant: Tenant, out: ExportSink) {
  const { employees, employeeLeaves } = schema;
  out.csv(
    'colaboradores.csv',
    ['id', 'name', 'cpf', 'email', 'phone', 'birthDate', 'position', 'department', 'admissionDate', 'contractType', 'salaryCents', 'managerId', 'status', 'terminationDate', 'notes', 'createdAt', 'updatedAt'],
    companyRows(tenant, employees),
  );
  out.csv('ferias-e-afastamentos.csv', ['id', 'employeeId', 'type', 'startDate', 'endDate', 'notes', 'createdAt'], companyRows(tenant, employeeLeaves));
}

/** RH (decisions 0220–0224): the employees register (colaboradores), their leaves and the /rh overview. */
export default defineModule({
  key: 'hr',
  area: 'hr',
  mount: '/rh',
  routes: hrRoutes,
  start,
  exportData: exportHr,
});
