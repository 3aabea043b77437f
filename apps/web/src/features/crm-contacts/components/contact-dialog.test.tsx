import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CustomField } from '@sede/shared/crm/deals';
import type { Organization } from '@sede/shared/platform/parties';
import { type ApiCall, fakeApi, renderWithProviders, status } from '../../../../test/render.tsx';
import { ContactDialog } from './contact-dialog.tsx';

// Decision 0190: the contact dialogs render and send the admin's custom fields.
let api: ReturnType<typeof fakeApi>;
let refuse: string | null = null;

const FIELDS: CustomField[] = [
  { id: 'f1', entity: 'person', key: 'nivel_de_decisao', label: 'Nível de decisão', type: 'select', options: ['Decisor', 'Influenciador'], required: true, position: 0 },
  { id: 'f2', entity: 'person', key: 'orcamento', label: 'Orçamento anual', type: 'money', options: [], required: false, position: 1 },
  { id: 'f3', entity: 'person', key: 'newsletter', label: 'Recebe newsletter', type: 'boolean', options: [], required: false, position: 2 },
  { id: 'f4', entity: 'organization', key: 'funcionarios', label: 'Funcionários', type: 'number', options: [], required: false, position: 0 },
  { id: 'f5', entity: 'deal', key: 'segmento', label: 'Segmento', type: 'text', options: [], required: false, position: 0 },
];

const saved = (call: ApiCall) => (refuse ? status(400, { error: refuse, code: 'CUSTOM_FIELD_INVALID' }) : { id: 'x1', ...(call.body as object) });

beforeEach(() => {
  refuse = null;
  api = fakeApi({
    'GET /crm/custom-fields': { fields: FIELDS },
    'GET /comments/mentionable': { people: [] },
    'GET /tasks': { tasks: [] },
    'POST /parties/people': saved,
    'PATCH /parties/organizations/*': saved,
  });
});

describe('ContactDialog custom fields', () => {
  it('a new person: renders only the person’s fields and sends their typed values', async () => {
    const onClose = vi.fn();
    const { user } = renderWithProviders(<ContactDialog entity="people" contact={null} open onClose={onClose} />);
    const fieldset = await screen.findByRole('group', { name: 'Campos personalizados' });
    expect(within(fieldset).queryByLabelText('Funcionários')).toBeNull();
    expect(within(fieldset).queryByLabelText('Segmento')).toBeNull();
    await user.type(screen.getByLabelText('Nome'), 'Carla Campos');
    await user.selectOptions(within(fieldset).getByLabelText('Nível de decisão *'), 'Decisor');
    await user.type(within(fieldset).getByLabelText('Orçamento anual'), '1.234,56');
    await user.click(within(fieldset).getByLabelText('Recebe newsletter'));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('POST /parties/people')[0]?.body).toMatchObject({ name: 'Carla Campos', customFields: { nivel_de_decisao: 'Decisor', orcamento: 123_456, newsletter: true } });
  });

  it('editing an organization: shows the stored values, sends a cleared one as null, shows the server’s refusal', async () => {
    const onClose = vi.fn();
    const org = { id: 'o1', razaoSocial: 'Campos Ltda', nomeFantasia: null, cnpj: null, email: null, phone: null, ownerId: null, tags: [], customFields: { funcionarios: 42 } } as unknown as Organization;
    const { user } = renderWithProviders(<ContactDialog entity="organizations" contact={org} open onClose={onClose} />);
    const input = await screen.findByLabelText('Funcionários');
    expect((input as HTMLInputElement).value).toBe('42');
    // The organization's own tasks show under its fields.
    expect(await screen.findByRole('heading', { name: 'Tarefas' })).toBeTruthy();
    const asked = api.callsTo('GET /tasks')[0]?.query;
    expect([asked?.get('entityType'), asked?.get('entityId')]).toEqual(['organization', 'o1']);
    await user.clear(input);
    await user.type(input, 'muitos');
    refuse = 'Valor inválido para o campo "Funcionários".';
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Valor inválido para o campo "Funcionários".');
    expect(api.callsTo('PATCH /parties/organizations/o1')[0]?.body).toMatchObject({ customFields: { funcionarios: 'muitos' } });
    refuse = null;
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PATCH /parties/organizations/o1').at(-1)?.body).toMatchObject({ customFields: { funcionarios: null } });
  });
});
