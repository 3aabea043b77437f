import { okSchema } from '@sede/shared/platform/api';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { employeeCreateSchema, employeeExportQuerySchema, employeeListQuerySchema, employeePageSchema, employeeUpdateSchema, employeeViewSchema, leaveCreateSchema, leaveViewSchema, HR_MESSAGES as M, hrOverviewSchema } from '@sede/shared/hr/schemas';
import { areaRouter, tenant } from '../../http/area-router.ts';
import { answerSuccess, contract, idParams } from '../../http/contract.ts';
import { requirePermission } from '../../http/middleware.ts';
import { logAudit } from '../../platform/audit.ts';
import { csvHeaders } from '../../platform/spreadsheets/writer.ts';
import type { Services } from '../../services.ts';
import { addLeave, allEmployees, createEmployee, deleteEmployee, deleteLeave, getEmployee, listEmployees, updateEmployee } from './employees.ts';
import { employeesCsv } from './export.ts';
import { hrOverview } from './overview.ts';

const employeeId = idParams(M.employeeNotFound);

/**
 * RH's API (/api/rh): the employees register, their leaves and the overview. Every route needs
 * `hr.read` (salaries included, decision 0224); writes `hr.write`, deletion (erasure) `hr.delete`,
 * the CSV `hr.export`.
 */
export function hrRoutes(s: Services) {
  const r = areaRouter(s, 'hr.read');

  r.get('/overview', contract({ summary: 'Visão geral do RH', response: hrOverviewSchema }), async (c) => c.json(await hrOverview(tenant(c))));

  r.get('/employees', contract({ summary: 'Listar colaboradores', query: employeeListQuerySchema, response: employeePageSchema }), async (c) =>
    c.json(await listEmployees(tenant(c), c.req.valid('query'))),
  );
  const exportContract = contract({ summary: 'Exportar colaboradores (CSV)', query: employeeExportQuerySchema, response: { media: 'text/csv' } });
  r.get('/employees/export', requirePermission('hr.export'), exportContract, async (c) => {
    const rows = await allEmployees(tenant(c), c.req.valid('query'));
    await logAudit(tenant(c).db, tenant(c), { action: 'employees_exported', entity: 'employees', id: null, details: { format: 'csv', count: rows.length } });
    return c.body(employeesCsv(rows), 200, csvHeaders(`colaboradores-${todayInBrazil()}.csv`));
  });
  r.post(
    '/employees',
    requirePermission('hr.write'),
    contract({ summary: 'Cadastrar colaborador', body: employeeCreateSchema, response: employeeViewSchema, status: 201 }),
    async (c) => c.json(await createEmployee(tenant(c), c.req.valid('json')), 201),
  );
  r.get('/employees/:id', contract({ summary: 'Ver colaborador', params: employeeId, response: employeeViewSchema }), async (c) =>
    c.json(await getEmployee(tenant(c), c.req.valid('param').id)),
  );
  r.patch(
    '/employees/:id',
    requirePermission('hr.write'),
    contract({ summary: 'Alterar colaborador', params: employeeId, body: employeeUpdateSchema, response: employeeViewSchema }),
    async (c) => c.json(await updateEmployee(tenant(c), c.req.valid('param').id, c.req.valid('json'))),
  );
  r.delete('/employees/:id', requirePermission('hr.delete'), contract({ summary: 'Excluir colaborador', params: employeeId, response: okSchema }), async (c) => answerSuccess(c, deleteEmployee(s, tenant(c), c.req.valid('param').id)));

  r.post(
    '/employees/:id/leaves',
    requirePermission('hr.write'),
    contract({ summary: 'Registrar afastamento ou férias', params: employeeId, body: leaveCreateSchema, response: leaveViewSchema, status: 201 }),
    async (c) => c.json(await addLeave(tenant(c), c.req.valid('param').id, c.req.valid('json')), 201),
  );
  r.delete(
    '/employees/:id/leaves/:leaveId',
    requirePermission('hr.write'),
    contract({ summary: 'Excluir afastamento', params: idParams({ id: M.employeeNotFound, leaveId: M.leaveNotFound }), response: okSchema }),
    async (c) => {
      const { id, leaveId } = c.req.valid('param');
      await deleteLeave(tenant(c), id, leaveId);
      return c.json({ success: true as const });
    },
  );

  return r;
}
