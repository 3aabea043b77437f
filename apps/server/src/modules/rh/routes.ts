import type { Context } from 'hono';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { employeeCreateSchema, employeeExportQuerySchema, employeeListQuerySchema, employeeUpdateSchema, idSchema, leaveCreateSchema, RH_MESSAGES as M } from '@sede/shared/rh/schemas';
import { areaRouter } from '../../http/area-router.ts';
import { notFound, parseWith, readJson } from '../../http/errors.ts';
import { requirePermission } from '../../http/middleware.ts';
import { logAudit } from '../../platform/audit.ts';
import type { CompanyEnv, Services } from '../../services.ts';
import { addLeave, allEmployees, createEmployee, deleteEmployee, deleteLeave, getEmployee, listEmployees, updateEmployee } from './employees.ts';
import { employeesCsv } from './export.ts';
import { rhOverview } from './overview.ts';

/**
 * RH's API (/api/rh): the employees register, their leaves and the overview. Every route needs
 * `rh.read` (salaries included, decision 0224); writes `rh.write`, deletion (erasure) `rh.delete`,
 * the CSV `rh.export`.
 */
export function rhRoutes(s: Services) {
  const r = areaRouter(s, 'rh.read');
  const tenant = (c: Context<CompanyEnv>) => c.get('tenant');
  const id = (c: Context<CompanyEnv>, name = 'id', message: string = M.employeeNotFound) => {
    const parsed = idSchema.safeParse(c.req.param(name));
    if (!parsed.success) throw notFound(message);
    return parsed.data;
  };

  r.get('/overview', async (c) => c.json(await rhOverview(tenant(c))));

  r.get('/employees', async (c) => c.json(await listEmployees(tenant(c), parseWith(employeeListQuerySchema, c.req.query()))));
  r.get('/employees/export', requirePermission('rh.export'), async (c) => {
    const q = parseWith(employeeExportQuerySchema, c.req.query());
    const rows = await allEmployees(tenant(c), q);
    await logAudit(tenant(c).db, tenant(c), { action: 'employees_exported', entity: 'employees', id: null, details: { format: 'csv', count: rows.length } });
    return c.body(employeesCsv(rows), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="colaboradores-${todayInBrazil()}.csv"`,
      'cache-control': 'no-store',
    });
  });
  r.post('/employees', requirePermission('rh.write'), async (c) => c.json(await createEmployee(tenant(c), parseWith(employeeCreateSchema, await readJson(c))), 201));
  r.get('/employees/:id', async (c) => c.json(await getEmployee(tenant(c), id(c))));
  r.patch('/employees/:id', requirePermission('rh.write'), async (c) => c.json(await updateEmployee(tenant(c), id(c), parseWith(employeeUpdateSchema, await readJson(c)))));
  r.delete('/employees/:id', requirePermission('rh.delete'), async (c) => {
    await deleteEmployee(s, tenant(c), id(c));
    return c.json({ success: true });
  });

  r.post('/employees/:id/leaves', requirePermission('rh.write'), async (c) => {
    const employeeId = id(c);
    return c.json(await addLeave(tenant(c), employeeId, parseWith(leaveCreateSchema, await readJson(c))), 201);
  });
  r.delete('/employees/:id/leaves/:leaveId', requirePermission('rh.write'), async (c) => {
    const employeeId = id(c);
    await deleteLeave(tenant(c), employeeId, id(c, 'leaveId', M.leaveNotFound));
    return c.json({ success: true });
  });

  return r;
}
