import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import type { EmployeePage, EmployeeView, LeaveView, HrOverview } from '@sede/shared/hr/schemas';
import { announce } from '../../src/platform/live/announce.ts';
import { pdfBytes, upload } from '../files/support.ts';
import { openEvents, within } from '../platform/support.ts';
import { expectTenantIsolation } from '../support/isolation.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, sql, type Person } from '../team/support.ts';

let server: TestServer;
let companyId: string;
let admin: Person;
let rh: Person;
let vendas: Person;
let outsider: Person;

type Res<T> = { status: number; body: T & { error?: string; code?: string }; text: string; headers: Headers };
async function call<T = unknown>(path: string, who: Person, method = 'GET', json?: unknown): Promise<Res<T>> {
  const res = await server.request(path, { method, json, jar: who.jar });
  const text = await res.text();
  let body = {} as Res<T>['body'];
  try {
    body = (text ? JSON.parse(text) : {}) as Res<T>['body'];
  } catch {}
  return { status: res.status, body, text, headers: res.headers };
}

const cpfs = new Set<string>();
function newCpf(): string {
  for (;;) {
    const c = generateCpf();
    if (!cpfs.has(c)) {
      cpfs.add(c);
      return c;
    }
  }
}

async function newEmployee(fields: Record<string, unknown> = {}, who = rh): Promise<EmployeeView> {
  const res = await call<EmployeeView>('/api/rh/employees', who, 'POST', { name: 'Fulano de Tal', cpf: newCpf(), admissionDate: '2020-03-02', ...fields });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  const a = await createCompanyWithAdmin(server, 'RH Teste Ltda');
  companyId = a.companyId;
  admin = a.admin;
  rh = await memberOf(server, companyId, 'rh');
  vendas = await memberOf(server, companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Outra Empresa Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

describe('RH: the employees register', () => {
  it('creates, reads, updates; refuses a bad CPF, a duplicate CPF (409) and bad money', async () => {
    const manager = await newEmployee({ name: 'Márcia Gestora', department: 'Operações', position: 'Gerente' });
    const e = await newEmployee({
      name: 'João da Silva',
      cpf: '529.982.247-25',
      email: 'Joao@Exemplo.com.br',
      phone: '(11) 98765-4321',
      birthDate: '1990-05-10',
      position: 'Analista',
      department: 'Operações',
      contractType: 'pj',
      salaryCents: 550000,
      managerId: manager.id,
      notes: 'Prefere ser chamado de Jota.',
    });
    expect(e).toMatchObject({ cpf: '52998224725', email: 'joao@exemplo.com.br', phone: '11987654321', contractType: 'pj', status: 'ativo', salaryCents: 550000, managerName: 'Márcia Gestora', leaves: [] });

    const bad = await call('/api/rh/employees', rh, 'POST', { name: 'X', cpf: '529.982.247-26', admissionDate: '2020-01-01' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'CPF inválido: confira os dígitos.' } });
    const letters = await call('/api/rh/employees', rh, 'POST', { name: 'X', cpf: 'abc52998224725', admissionDate: '2020-01-01' });
    expect(letters.status).toBe(400);
    const dup = await call('/api/rh/employees', rh, 'POST', { name: 'Outro', cpf: '52998224725', admissionDate: '2020-01-01' });
    expect(dup).toMatchObject({ status: 409, body: { error: 'Já existe um colaborador com este CPF.', code: 'CPF_TAKEN' } });
    for (const salaryCents of [10.5, -1, '5000', 2_000_000_000]) {
      const money = await call('/api/rh/employees', rh, 'POST', { name: 'X', cpf: newCpf(), admissionDate: '2020-01-01', salaryCents });
      expect(money.status, JSON.stringify(salaryCents)).toBe(400);
      expect(money.body.error).toMatch(/Salário inválido/);
    }
    const type = await call('/api/rh/employees', rh, 'POST', { name: 'X', cpf: newCpf(), admissionDate: '2020-01-01', contractType: 'freela' });
    expect(type).toMatchObject({ status: 400, body: { error: 'Tipo de contrato inválido.' } });
    const noDate = await call('/api/rh/employees', rh, 'POST', { name: 'X', cpf: newCpf() });
    expect(noDate).toMatchObject({ status: 400, body: { error: 'Informe a data de admissão.' } });
    const terminated = await call('/api/rh/employees', rh, 'POST', { name: 'X', cpf: newCpf(), admissionDate: '2020-01-01', status: 'desligado' });
    expect(terminated).toMatchObject({ status: 400, body: { error: 'Informe a data de desligamento.' } });
    const future = await call('/api/rh/employees', rh, 'POST', { name: 'X', cpf: newCpf(), admissionDate: '2020-01-01', birthDate: addDays(todayInBrazil(), 1) });
    expect(future).toMatchObject({ status: 400, body: { error: 'A data de nascimento não pode ser no futuro.' } });
    const control = await call('/api/rh/employees', rh, 'POST', { name: 'X\u0007', cpf: newCpf(), admissionDate: '2020-01-01' });
    expect(control.status).toBe(400);

    // Another company may register the same CPF (unique per company).
    expect((await call('/api/rh/employees', outsider, 'POST', { name: 'João em outra empresa', cpf: '52998224725', admissionDate: '2021-01-01' })).status).toBe(201);

    const up = await call<EmployeeView>(`/api/rh/employees/${e.id}`, rh, 'PATCH', { status: 'desligado', terminationDate: '2026-01-31', salaryCents: 600000 });
    expect(up.body).toMatchObject({ status: 'desligado', terminationDate: '2026-01-31', salaryCents: 600000 });
    const before = await call(`/api/rh/employees/${e.id}`, rh, 'PATCH', { terminationDate: '2019-01-01' });
    expect(before).toMatchObject({ status: 400, body: { error: 'O desligamento não pode ser antes da admissão.' } });
    const back = await call<EmployeeView>(`/api/rh/employees/${e.id}`, rh, 'PATCH', { status: 'ativo' });
    expect(back.body).toMatchObject({ status: 'ativo', terminationDate: null });
    const dupUp = await call(`/api/rh/employees/${manager.id}`, rh, 'PATCH', { cpf: '52998224725' });
    expect(dupUp.status).toBe(409);
    // The manager: not oneself, not a report, not another company's employee.
    expect((await call(`/api/rh/employees/${e.id}`, rh, 'PATCH', { managerId: e.id })).body.code).toBe('MANAGER_SELF');
    expect((await call(`/api/rh/employees/${manager.id}`, rh, 'PATCH', { managerId: e.id })).body.code).toBe('MANAGER_CYCLE');
    const foreign = await newEmployee({}, outsider);
    expect((await call(`/api/rh/employees/${e.id}`, rh, 'PATCH', { managerId: foreign.id })).body.code).toBe('MANAGER_NOT_FOUND');
    expect((await call(`/api/rh/employees/nao-e-um-id`, rh)).status).toBe(404);
  });

  it('lists with accent-folding search, filters, sort and cursor paging; exports CSV', async () => {
    const c = await createCompanyWithAdmin(server, 'Lista Ltda');
    const who = c.admin;
    const names = ['Érica Conceição', 'Ana Souza', 'Bruno Lima', 'Carlos Dias', 'Daniela Alves'];
    const made: EmployeeView[] = [];
    for (const [i, name] of names.entries())
      made.push(await newEmployee({ name, department: i % 2 ? 'Vendas' : 'Produção', contractType: i === 1 ? 'estagio' : 'clt', admissionDate: `2020-0${i + 1}-15`, salaryCents: 100000 * (i + 1) }, who));
    await call(`/api/rh/employees/${made[3]!.id}`, who, 'PATCH', { status: 'afastado' });

    const list = (q: string) => call<EmployeePage>(`/api/rh/employees${q}`, who).then((r) => r.body);
    expect((await list('?q=erica conceicao')).employees.map((e) => e.name)).toEqual(['Érica Conceição']);
    expect((await list('?q=ÉRICA')).employees.map((e) => e.name)).toEqual(['Érica Conceição']);
    expect((await list(`?q=${made[2]!.cpf.slice(0, 6)}`)).employees.map((e) => e.name)).toContain('Bruno Lima');
    expect((await list('?q=zzz')).employees).toEqual([]);
    expect((await list('?department=Vendas')).employees.map((e) => e.name)).toEqual(['Ana Souza', 'Carlos Dias']);
    expect((await list('?status=afastado')).employees.map((e) => e.name)).toEqual(['Carlos Dias']);
    expect((await list('?contractType=estagio')).employees.map((e) => e.name)).toEqual(['Ana Souza']);
    expect((await list('?sort=admissionDate&order=desc')).employees.map((e) => e.name)).toEqual(['Daniela Alves', 'Carlos Dias', 'Bruno Lima', 'Ana Souza', 'Érica Conceição']);

    // Cursor paging by name: 2 + 2 + 1, no repeats, the total on the first page.
    const seen: string[] = [];
    let page = await list('?limit=2');
    expect(page.total).toBe(5);
    seen.push(...page.employees.map((e) => e.name));
    while (page.nextCursor) {
      page = await list(`?limit=2&cursor=${page.nextCursor}`);
      seen.push(...page.employees.map((e) => e.name));
    }
    expect(seen).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    // Paging by department (nulls and ties by id) also covers everyone once.
    const byDept: string[] = [];
    page = await list('?limit=2&sort=department');
    byDept.push(...page.employees.map((e) => e.id));
    while (page.nextCursor) {
      page = await list(`?limit=2&sort=department&cursor=${page.nextCursor}`);
      byDept.push(...page.employees.map((e) => e.id));
    }
    expect(byDept.sort()).toEqual(made.map((e) => e.id).sort());

    const badCursor = await call('/api/rh/employees?cursor=lixo', who);
    expect(badCursor).toMatchObject({ status: 400, body: { code: 'INVALID_CURSOR' } });
    expect((await call('/api/rh/employees?limit=500', who)).status).toBe(400);
    expect((await call('/api/rh/employees?sort=salary', who)).status).toBe(400);

    const csv = await call('/api/rh/employees/export?department=Produção', who);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Nome;CPF;E-mail;Telefone;Cargo;Departamento;Admissão;Tipo de contrato;Situação;Salário (R$);Gestor');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual(['Bruno Lima', 'Daniela Alves', 'Érica Conceição']);
    expect(lines[1]).toContain('15/03/2020;CLT;Ativo;3000,00');
    const audit = await sql(server, "select details from activity_log where company_id = $1 and action = 'employees_exported'", [c.companyId]);
    expect(audit.at(-1)?.details).toMatchObject({ entity: 'employees', count: 3 });
  });

  it('leaves: add, refuse overlaps and bad periods, delete', async () => {
    const e = await newEmployee({ name: 'Paula Férias' });
    const add = await call<LeaveView>(`/api/rh/employees/${e.id}/leaves`, rh, 'POST', { type: 'ferias', startDate: '2026-07-01', endDate: '2026-07-30' });
    expect(add.status, add.text).toBe(201);
    const overlap = await call(`/api/rh/employees/${e.id}/leaves`, rh, 'POST', { type: 'licenca_medica', startDate: '2026-07-30', endDate: '2026-08-05' });
    expect(overlap).toMatchObject({ status: 409, body: { code: 'LEAVE_OVERLAP' } });
    const reversed = await call(`/api/rh/employees/${e.id}/leaves`, rh, 'POST', { type: 'outros', startDate: '2026-09-10', endDate: '2026-09-01' });
    expect(reversed).toMatchObject({ status: 400, body: { error: 'O fim do período não pode ser antes do início.' } });
    expect((await call(`/api/rh/employees/${e.id}/leaves`, rh, 'POST', { type: 'sabatico', startDate: '2026-09-01', endDate: '2026-09-02' })).status).toBe(400);
    const view = await call<EmployeeView>(`/api/rh/employees/${e.id}`, rh);
    expect(view.body.leaves).toEqual([{ id: add.body.id, type: 'ferias', startDate: '2026-07-01', endDate: '2026-07-30', notes: null }]);
    expect((await call(`/api/rh/employees/${e.id}/leaves/${add.body.id}`, rh, 'DELETE')).status).toBe(200);
    expect((await call(`/api/rh/employees/${e.id}/leaves/${add.body.id}`, rh, 'DELETE')).status).toBe(404);
  });

  it('the overview: headcount by department and contract type, birthdays and anniversaries in 30 days, leaves now and soon', async () => {
    const c = await createCompanyWithAdmin(server, 'Visão Geral Ltda');
    const who = c.admin;
    const today = todayInBrazil();
    const inDays = (n: number, yearsAgo: number) => `${Number(addDays(today, n).slice(0, 4)) - yearsAgo}${addDays(today, n).slice(4)}`;
    const ana = await newEmployee({ name: 'Ana Aniversário', department: 'Vendas', birthDate: inDays(5, 30), admissionDate: inDays(-200, 1) }, who);
    const beto = await newEmployee({ name: 'Beto Tempo de Casa', department: 'Vendas', contractType: 'pj', birthDate: inDays(45, 40), admissionDate: inDays(10, 3) }, who);
    const caio = await newEmployee({ name: 'Caio Férias', department: 'Produção', contractType: 'estagio', admissionDate: inDays(-20, 0) }, who);
    await newEmployee({ name: 'Dora Desligada', department: 'Produção', birthDate: inDays(2, 25), status: 'desligado', admissionDate: '2015-01-01', terminationDate: '2020-01-01' }, who);
    await call(`/api/rh/employees/${caio.id}/leaves`, who, 'POST', { type: 'ferias', startDate: addDays(today, -2), endDate: addDays(today, 3) });
    await call(`/api/rh/employees/${ana.id}/leaves`, who, 'POST', { type: 'licenca_medica', startDate: addDays(today, 12), endDate: addDays(today, 14) });
    await call(`/api/rh/employees/${beto.id}/leaves`, who, 'POST', { type: 'outros', startDate: addDays(today, 40), endDate: addDays(today, 41) });

    const o = (await call<HrOverview>('/api/rh/overview', who)).body;
    expect(o.headcount).toBe(3);
    expect(o.byStatus).toEqual({ ativo: 3, afastado: 0, desligado: 1 });
    expect(o.byDepartment).toEqual([
      { department: 'Vendas', count: 2 },
      { department: 'Produção', count: 1 },
    ]);
    expect(o.byContractType).toEqual([
      { contractType: 'clt', count: 1 },
      { contractType: 'pj', count: 1 },
      { contractType: 'estagio', count: 1 },
    ]);
    expect(o.birthdays.map((b) => [b.name, b.inDays, b.years])).toEqual([['Ana Aniversário', 5, 30]]);
    expect(o.anniversaries.map((b) => [b.name, b.inDays, b.years])).toEqual([['Beto Tempo de Casa', 10, 3]]);
    expect(o.onLeaveNow.map((l) => [l.name, l.type])).toEqual([['Caio Férias', 'ferias']]);
    expect(o.leavesSoon.map((l) => [l.name, l.type])).toEqual([['Ana Aniversário', 'licenca_medica']]);
    expect(o.departments).toEqual(['Produção', 'Vendas']);
  });

  it('deleting an employee erases them: leaves and documents go, reports lose their manager, audited without personal data', async () => {
    const boss = await newEmployee({ name: 'Chefe Apagado' });
    const report = await newEmployee({ name: 'Subordinado', managerId: boss.id });
    await call(`/api/rh/employees/${boss.id}/leaves`, rh, 'POST', { type: 'ferias', startDate: '2026-01-05', endDate: '2026-01-10' });
    const up = await upload(server, rh.jar, `entityType=employee&entityId=${boss.id}&kind=document`, pdfBytes(), 'contrato-de-trabalho.pdf');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const fileId = (up.body as { id: string }).id;
    expect((await call(`/api/rh/employees/${boss.id}`, vendas, 'DELETE')).status).toBe(403);
    expect((await call(`/api/rh/employees/${boss.id}`, rh, 'DELETE')).status).toBe(200);
    expect((await call(`/api/rh/employees/${boss.id}`, rh)).status).toBe(404);
    expect((await call(`/api/files/${fileId}`, rh)).status).toBe(404);
    expect((await call(`/api/files/${fileId}/content`, admin)).status).toBe(404);
    expect((await call<EmployeeView>(`/api/rh/employees/${report.id}`, rh)).body).toMatchObject({ managerId: null, managerName: null });
    expect(await sql(server, 'select id from employee_leaves where employee_id = $1', [boss.id])).toEqual([]);
    const [audit] = await sql(server, "select details from activity_log where company_id = $1 and action = 'employee_data_erased' order by created_at desc limit 1", [companyId]);
    expect(audit?.details).toMatchObject({ entity: 'employee', id: boss.id, files: 1 });
    expect(JSON.stringify(audit?.details)).not.toContain('Chefe');
  });

  it("isolation: another company's member gets 404 for every employee, leave and file id (downloads included); without rh 403", async () => {
    const e = await newEmployee({ name: 'Segredo Salarial', salaryCents: 1234500 });
    const leave = await call<LeaveView>(`/api/rh/employees/${e.id}/leaves`, rh, 'POST', { type: 'ferias', startDate: '2027-01-05', endDate: '2027-01-10' });
    const up = await upload(server, rh.jar, `entityType=employee&entityId=${e.id}&kind=document`, pdfBytes(), 'documento.pdf');
    const fileId = (up.body as { id: string }).id;
    // The upload itself: outsider 404, without rh 403.
    expect((await upload(server, outsider.jar, `entityType=employee&entityId=${e.id}&kind=document`, pdfBytes(), 'x.pdf')).status).toBe(404);
    expect((await upload(server, vendas.jar, `entityType=employee&entityId=${e.id}&kind=document`, pdfBytes(), 'x.pdf')).status).toBe(403);

    await expectTenantIsolation(server, { owner: { jar: rh.jar }, outsider: { jar: outsider.jar }, withoutPermission: { jar: vendas.jar }, secrets: ['Segredo Salarial', '1234500', e.cpf] }, [
      { method: 'GET', path: `/api/rh/employees/${e.id}` },
      { method: 'PATCH', path: `/api/rh/employees/${e.id}`, body: { position: 'Diretora' } },
      { method: 'POST', path: `/api/rh/employees/${e.id}/leaves`, body: { type: 'outros', startDate: '2027-03-01', endDate: '2027-03-02' }, ownerStatus: 201 },
      { method: 'DELETE', path: `/api/rh/employees/${e.id}/leaves/${leave.body.id}` },
      { method: 'GET', path: `/api/files/${fileId}` },
      { method: 'GET', path: `/api/files/${fileId}/content` },
      { method: 'GET', path: `/api/files?entityType=employee&entityId=${e.id}` },
    ]);
    // The company-wide endpoints: the outsider sees their own company only; without rh 403.
    const theirs = await call<EmployeePage>('/api/rh/employees?q=segredo', outsider);
    expect(theirs.status).toBe(200);
    expect(theirs.body.employees).toEqual([]);
    expect((await call<HrOverview>('/api/rh/overview', outsider)).text).not.toContain('Segredo');
    expect((await call('/api/rh/employees/export', outsider)).text).not.toContain('Segredo');
    for (const [method, path] of [
      ['GET', '/api/rh/employees'],
      ['GET', '/api/rh/overview'],
      ['GET', '/api/rh/employees/export'],
      ['POST', '/api/rh/employees'],
    ] as const)
      expect((await call(path, vendas, method, method === 'POST' ? { name: 'X', cpf: newCpf(), admissionDate: '2020-01-01' } : undefined)).status, `${method} ${path}`).toBe(403);
    expect((await call(`/api/rh/employees/${e.id}`, outsider, 'DELETE')).status).toBe(404);
    expect((await call(`/api/rh/employees/${e.id}`, vendas, 'DELETE')).status).toBe(403);
    expect((await call(`/api/rh/employees/${e.id}`, rh)).status).toBe(200);
  });

  it('live changes of employees reach only members who read RH (the custom rh key included)', async () => {
    const custom = await memberOf(server, companyId, 'custom', ['rh']);
    const streams = await Promise.all([rh, custom, vendas].map((p) => openEvents(server, p.jar)));
    try {
      const e = await newEmployee({ name: 'Ao Vivo' });
      const ids = (i: number) => streams[i]!.of('entity').map((x) => (x.data as { id: string }).id);
      await within(5000, () => ids(0).includes(e.id) && ids(1).includes(e.id));
      // A sentinel every member sees, after which the member without rh must still have nothing.
      await announce(server.services.db, { companyId, entity: 'sentinela', id: 'depois' });
      await within(5000, () => ids(2).includes('depois'));
      expect(ids(2)).not.toContain(e.id);
    } finally {
      for (const st of streams) st.close();
    }
  });
});
