import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { upcoming } from '@sede/shared/hr/dates';
import { CONTRACT_TYPES, type ContractType, type EmployeeStatus, type LeaveNow, type LeaveType, type HrOverview } from '@sede/shared/hr/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import type { Tenant } from '../../services.ts';

const { employees: E, employeeLeaves: L } = schema;

/** How far ahead the overview looks for birthdays, anniversaries and leaves (decision 0222). */
export const OVERVIEW_DAYS = 30;

/**
 * The /rh overview (decision 0222): the headcount (everyone not 'desligado') by department and
 * by contract type, birthdays and work anniversaries in the next 30 days, who is on vacation or
 * leave today and whose period starts in the next 30 days.
 */
export async function hrOverview(tenant: Tenant, today = todayInBrazil()): Promise<HrOverview> {
  const people = await tenant.db
    .select({ id: E.id, name: E.name, department: E.department, contractType: E.contractType, status: E.status, birthDate: E.birthDate, admissionDate: E.admissionDate })
    .from(E)
    .where(eq(E.companyId, tenant.companyId));
  const current = people.filter((p) => p.status !== 'desligado');

  const byDept = new Map<string | null, number>();
  const byType = new Map<ContractType, number>();
  const byStatus: Record<EmployeeStatus, number> = { ativo: 0, afastado: 0, desligado: 0 };
  for (const p of people) byStatus[p.status as EmployeeStatus] += 1;
  for (const p of current) {
    byDept.set(p.department, (byDept.get(p.department) ?? 0) + 1);
    byType.set(p.contractType as ContractType, (byType.get(p.contractType as ContractType) ?? 0) + 1);
  }
  const card = (p: (typeof people)[number], u: { next: string; inDays: number; years: number }) => ({ employeeId: p.id, name: p.name, department: p.department, date: u.next, inDays: u.inDays, years: u.years });

  const horizon = addDays(today, OVERVIEW_DAYS);
  const leaves = await tenant.db
    .select({ leaveId: L.id, employeeId: L.employeeId, type: L.type, startDate: L.startDate, endDate: L.endDate, name: E.name, department: E.department })
    .from(L)
    .innerJoin(E, and(eq(E.id, L.employeeId), eq(E.companyId, L.companyId)))
    .where(and(eq(L.companyId, tenant.companyId), gte(L.endDate, today), lte(L.startDate, horizon), ne(E.status, 'desligado')))
    .orderBy(asc(L.startDate), asc(E.name));
  const asLeave = (l: (typeof leaves)[number]): LeaveNow => ({ ...l, type: l.type as LeaveType });

  return {
    today,
    headcount: current.length,
    byDepartment: [...byDept].map(([department, count]) => ({ department, count })).sort((a, b) => b.count - a.count || (a.department ?? '\uffff').localeCompare(b.department ?? '\uffff', 'pt-BR')),
    byContractType: CONTRACT_TYPES.filter((t) => byType.has(t)).map((contractType) => ({ contractType, count: byType.get(contractType)! })),
    byStatus,
    birthdays: upcoming(current.map((p) => ({ p, date: p.birthDate })), today, OVERVIEW_DAYS).map((u) => card(u.p, u)),
    anniversaries: upcoming(current.map((p) => ({ p, date: p.admissionDate })), today, OVERVIEW_DAYS, 1).map((u) => card(u.p, u)),
    onLeaveNow: leaves.filter((l) => l.startDate <= today).map(asLeave),
    leavesSoon: leaves.filter((l) => l.startDate > today).map(asLeave),
    departments: [...new Set(people.map((p) => p.department).filter((d): d is string => Boolean(d)))].sort((a, b) => a.localeCompare(b, 'pt-BR')),
  };
}

