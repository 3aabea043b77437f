import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EmployeeDialog } from './employee-dialog.tsx';
import { renderWithProviders } from '../../../../test/render.tsx';

// Decision 0220: the employee form checks CPF, money and dates before sending, and
// shows the server's duplicate-CPF refusal on the CPF field.
type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let taken = false;

beforeEach(() => {
  calls = [];
  taken = false;
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    if (call.method === 'POST' && taken) return new Response(JSON.stringify({ error: 'Já existe um colaborador com este CPF.', code: 'CPF_TAKEN' }), { status: 409, headers: { 'content-type': 'application/json' } });
    const answer = call.method === 'GET' ? { employees: [{ id: 'm1', name: 'Márcia Gestora', status: 'ativo' }], nextCursor: null, total: 1 } : { id: 'e1', ...(call.body as object) };
    return new Response(JSON.stringify(answer), { status: call.method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('EmployeeDialog', () => {
  it('refuses a bad CPF without sending, then sends the masked fields as the API expects', async () => {
    const user = userEvent.setup();
    const onOpenChange = vi.fn();
    const onCreated = vi.fn();
    renderWithProviders(<EmployeeDialog open onOpenChange={onOpenChange} onCreated={onCreated} />);
    await user.type(screen.getByLabelText('Nome completo'), 'João da Silva');
    await user.type(screen.getByLabelText('CPF'), '52998224726');
    await user.type(screen.getByLabelText('Data de admissão'), '2020-03-02');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('CPF inválido: confira os dígitos.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('CPF'));
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('529.982.247-25');
    await user.type(screen.getByLabelText('Salário (R$)'), '5500');
    await user.selectOptions(screen.getByLabelText('Tipo de contrato'), 'estagio');
    await screen.findByRole('option', { name: 'Márcia Gestora' });
    await user.selectOptions(screen.getByLabelText('Gestor'), 'm1');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(onCreated).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/rh/employees');
    expect(post.body).toEqual({
      name: 'João da Silva',
      cpf: '529.982.247-25',
      email: null,
      phone: null,
      birthDate: null,
      position: null,
      department: null,
      admissionDate: '2020-03-02',
      contractType: 'estagio',
      salaryCents: 550000,
      managerId: 'm1',
      status: 'ativo',
      terminationDate: null,
      notes: null,
    });
  });

  it("asks for the termination date of someone 'desligado' and shows a duplicate CPF on its field", async () => {
    const user = userEvent.setup();
    renderWithProviders(<EmployeeDialog open onOpenChange={vi.fn()} />);
    await user.type(screen.getByLabelText('Nome completo'), 'Ana');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Data de admissão'), '2020-03-02');
    await user.selectOptions(screen.getByLabelText('Situação'), 'desligado');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Informe a data de desligamento.')).toBeTruthy();
    await user.type(screen.getByLabelText('Data de desligamento'), '2025-01-31');
    taken = true;
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(await screen.findByText('Já existe um colaborador com este CPF.')).toBeTruthy();
    expect(screen.getByLabelText('CPF').getAttribute('aria-invalid')).toBe('true');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ status: 'desligado', terminationDate: '2025-01-31' });
  });
});
