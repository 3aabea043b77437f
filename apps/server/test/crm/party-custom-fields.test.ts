import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomField } from '@sede/shared/crm/deals';
import type { Organization, Person } from '@sede/shared/platform/parties';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, memberOf, type Person as Member } from '../team/support.ts';
import { apiOf } from './contacts-support.ts';

// The admin's custom fields on people and organizations (decision 0190).
let server: TestServer;
let api: ReturnType<typeof apiOf>;
let admin: Member;
let vendas: Member;
let outsider: Member;

beforeAll(async () => {
  server = await startTestServer();
  api = apiOf(server);
  const a = await createCompanyWithAdmin(server, 'Campos Pessoas A Ltda');
  admin = a.admin;
  vendas = await memberOf(server, a.companyId, 'vendas');
  outsider = (await createCompanyWithAdmin(server, 'Campos Pessoas B Ltda')).admin;
});
afterAll(async () => {
  await server?.stop();
});

const field = async (who: Member, json: Record<string, unknown>) => {
  const res = await api<CustomField>('/api/crm/custom-fields', who, { json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
};

describe('custom fields on people and organizations', () => {
  it('people: stores typed values, merges a PATCH, refuses bad values with a 400 in Portuguese', async () => {
    const cargo = await field(admin, { entity: 'person', label: 'Nível de decisão', type: 'select', options: ['Decisor', 'Influenciador'] });
    const aniversario = await field(admin, { entity: 'person', label: 'Aniversário', type: 'date' });
    expect([cargo.key, aniversario.key]).toEqual(['nivel_de_decisao', 'aniversario']);

    const created = await api<Person>('/api/parties/people', vendas, { json: { name: 'Carla Campos', customFields: { nivel_de_decisao: 'Decisor' } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.customFields).toEqual({ nivel_de_decisao: 'Decisor' });

    const bad: [Record<string, unknown>, string][] = [
      [{ nivel_de_decisao: 'Chefe' }, 'Valor inválido para o campo "Nível de decisão".'],
      [{ aniversario: '31/12/2026' }, 'Valor inválido para o campo "Aniversário".'],
      [{ nada: 1 }, 'Campo personalizado desconhecido: nada.'],
    ];
    for (const [values, message] of bad) {
      const res = await api(`/api/parties/people/${created.body.id}`, vendas, { method: 'PATCH', json: { customFields: values } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: message, code: 'CUSTOM_FIELD_INVALID' });
      const onCreate = await api('/api/parties/people', vendas, { json: { name: 'Nunca Criada', customFields: values } });
      expect(onCreate).toMatchObject({ status: 400, body: { error: message } });
    }
    const notObject = await api('/api/parties/people', vendas, { json: { name: 'X', customFields: 'texto' } });
    expect(notObject).toMatchObject({ status: 400, body: { error: 'Campos personalizados inválidos.' } });

    const patched = await api<Person>(`/api/parties/people/${created.body.id}`, vendas, { method: 'PATCH', json: { customFields: { aniversario: '1990-05-17' } } });
    expect(patched.status).toBe(200);
    expect(patched.body.customFields).toEqual({ nivel_de_decisao: 'Decisor', aniversario: '1990-05-17' });
    const cleared = await api<Person>(`/api/parties/people/${created.body.id}`, vendas, { method: 'PATCH', json: { customFields: { nivel_de_decisao: null } } });
    expect(cleared.body.customFields).toEqual({ aniversario: '1990-05-17' });
    expect((await api<Person>(`/api/parties/people/${created.body.id}`, vendas)).body.customFields).toEqual({ aniversario: '1990-05-17' });

    // A person's field is not an organization's.
    const org = await api('/api/parties/organizations', vendas, { json: { razaoSocial: 'Errada Ltda', customFields: { aniversario: '1990-05-17' } } });
    expect(org).toMatchObject({ status: 400, body: { error: 'Campo personalizado desconhecido: aniversario.' } });
  });

  it('organizations: required fields on creation, money and number values; another company’s definitions do not apply', async () => {
    await field(admin, { entity: 'organization', label: 'Faturamento anual', type: 'money', required: true });
    await field(admin, { entity: 'organization', label: 'Funcionários', type: 'number' });
    const missing = await api('/api/parties/organizations', vendas, { json: { razaoSocial: 'Sem Faturamento Ltda', customFields: {} } });
    expect(missing).toMatchObject({ status: 400, body: { error: 'O campo "Faturamento anual" é obrigatório.', code: 'CUSTOM_FIELD_INVALID' } });
    const negative = await api('/api/parties/organizations', vendas, { json: { razaoSocial: 'Negativa Ltda', customFields: { faturamento_anual: -1 } } });
    expect(negative).toMatchObject({ status: 400, body: { error: 'Valor inválido para o campo "Faturamento anual".' } });

    const created = await api<Organization>('/api/parties/organizations', vendas, { json: { razaoSocial: 'Com Campos Ltda', customFields: { faturamento_anual: 1_250_000_00, funcionarios: 42 } } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.customFields).toEqual({ faturamento_anual: 1_250_000_00, funcionarios: 42 });
    const cantClear = await api(`/api/parties/organizations/${created.body.id}`, vendas, { method: 'PATCH', json: { customFields: { faturamento_anual: null } } });
    expect(cantClear).toMatchObject({ status: 400, body: { error: 'O campo "Faturamento anual" é obrigatório.' } });
    const patched = await api<Organization>(`/api/parties/organizations/${created.body.id}`, vendas, { method: 'PATCH', json: { customFields: { funcionarios: 43 } } });
    expect(patched.body.customFields).toEqual({ faturamento_anual: 1_250_000_00, funcionarios: 43 });

    // The outsider's company has no such field; its organization cannot use it, and the id stays 404 to it.
    const foreign = await api('/api/parties/organizations', outsider, { json: { razaoSocial: 'Outra Ltda', customFields: { funcionarios: 1 } } });
    expect(foreign).toMatchObject({ status: 400, body: { error: 'Campo personalizado desconhecido: funcionarios.' } });
    expect((await api(`/api/parties/organizations/${created.body.id}`, outsider, { method: 'PATCH', json: { customFields: { funcionarios: 1 } } })).status).toBe(404);
  });
});
