import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientOptionsView, ClientView } from '@sede/shared/marketing/clients';
import { ChannelsForm } from './channels-form.tsx';
import { ClientOptionsForm } from './client-options-form.tsx';
import { renderWithProviders } from '../../../../../test/render.tsx';

// Decisions 0320, 0321: the client's channels and options send what the person chose.
type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];

const CLIENT: ClientView = {
  id: '11111111-1111-4111-8111-111111111111',
  organizationId: '22222222-2222-4222-8222-222222222222',
  isOwn: false,
  name: 'Grão Nobre',
  archived: false,
  logoFileId: null,
  visibility: 'all',
  clientApproval: false,
  nextPiece: null,
  organization: null,
  brandKit: { logoFileId: null, colors: [], fonts: [], tone: '', audience: '' },
  channels: [{ channel: 'blog', handle: 'Blog do café', url: 'https://graonobre.com.br/blog' }],
  contacts: [],
  organizationPeople: [],
  createdAt: '2026-11-25T12:00:00.000Z',
};
const OPTIONS: ClientOptionsView = {
  id: CLIENT.id,
  name: 'Grão Nobre',
  isOwn: false,
  archived: false,
  visibility: 'all',
  memberIds: [],
  clientApproval: false,
  candidates: [
    { userId: 'admin', name: 'Carla Admin', email: 'carla@agencia.com.br', isAdmin: true },
    { userId: 'me', name: 'Eu Mesma', email: 'eu@agencia.com.br', isAdmin: false },
    { userId: 'bruno', name: 'Bruno Lima', email: 'bruno@agencia.com.br', isAdmin: false },
    { userId: 'dani', name: 'Dani Reis', email: 'dani@agencia.com.br', isAdmin: false },
  ],
  usage: { pieces: 2, campaigns: 0, other: 0 },
};

beforeEach(() => {
  calls = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answer = call.url.endsWith('/options') ? { ...OPTIONS, ...(call.body as object) } : { ...CLIENT, ...(call.body as object) };
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('ChannelsForm', () => {
  it('refuses an address that is not a URL, then sends only the channels filled in', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChannelsForm client={CLIENT} canEdit />);
    expect(screen.getByLabelText('Perfil no Blog')).toHaveProperty('value', 'Blog do café');
    await user.type(screen.getByLabelText('Perfil no Instagram'), '@graonobre');
    await user.type(screen.getByLabelText('Endereço do Instagram'), 'instagram/graonobre');
    await user.click(screen.getByRole('button', { name: 'Salvar canais' }));
    expect(await screen.findByText(/Instagram: Informe um endereço \(URL\) válido/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await user.clear(screen.getByLabelText('Endereço do Instagram'));
    await user.type(screen.getByLabelText('Endereço do Instagram'), 'https://instagram.com/graonobre');
    await user.click(screen.getByRole('button', { name: 'Salvar canais' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toBe(`/api/marketing/clients/${CLIENT.id}`);
    expect(patch.body).toEqual({
      channels: [
        { channel: 'instagram', handle: '@graonobre', url: 'https://instagram.com/graonobre' },
        { channel: 'blog', handle: 'Blog do café', url: 'https://graonobre.com.br/blog' },
      ],
    });
  });
});

describe('ChannelsForm: addresses as people type them (decision 0393)', () => {
  it('an address without https:// is accepted and sent normalised, with the handle', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ChannelsForm client={CLIENT} canEdit />);
    await user.type(screen.getByLabelText('Perfil no Instagram'), '@graonobre');
    await user.type(screen.getByLabelText('Endereço do Instagram'), 'instagram.com/graonobre');
    await user.click(screen.getByRole('button', { name: 'Salvar canais' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'PATCH')!.body as { channels: unknown[] }).channels[0]).toEqual({ channel: 'instagram', handle: '@graonobre', url: 'https://instagram.com/graonobre' });
    expect(await screen.findByDisplayValue('https://instagram.com/graonobre')).toBeTruthy();
  });

  it('a refused address keeps everything typed, also when the client is refreshed meanwhile', async () => {
    const user = userEvent.setup();
    const view = renderWithProviders(<ChannelsForm client={CLIENT} canEdit />);
    await user.type(screen.getByLabelText('Perfil no Instagram'), '@graonobre');
    await user.type(screen.getByLabelText('Endereço do Instagram'), 'graonobre');
    await user.type(screen.getByLabelText('Perfil no Facebook'), 'Grão Nobre Café');
    await user.click(screen.getByRole('button', { name: 'Salvar canais' }));
    expect(await screen.findByText(/Instagram: Informe um endereço \(URL\) válido/)).toBeTruthy();
    // The page's data is refreshed (a live update, another card saved): nothing typed goes.
    view.rerender(<ChannelsForm client={{ ...CLIENT, contacts: [] }} canEdit />);
    expect(screen.getByLabelText('Perfil no Instagram')).toHaveProperty('value', '@graonobre');
    expect(screen.getByLabelText('Endereço do Instagram')).toHaveProperty('value', 'graonobre');
    expect(screen.getByLabelText('Perfil no Facebook')).toHaveProperty('value', 'Grão Nobre Café');
    expect(screen.getByLabelText('Perfil no Blog')).toHaveProperty('value', 'Blog do café');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });
});

describe('ClientOptionsForm', () => {
  it('restricting to members: admins and the person themselves are always in; the chosen ones are sent', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ClientOptionsForm options={OPTIONS} canEdit canDelete myId="me" />);
    expect(screen.queryByRole('group', { name: 'Membros que veem' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: /Só os membros escolhidos/ }));
    const admin = screen.getByRole('checkbox', { name: /Carla Admin/ });
    const me = screen.getByRole('checkbox', { name: /Eu Mesma/ });
    expect([admin, me].map((c) => [(c as HTMLInputElement).checked, (c as HTMLInputElement).disabled])).toEqual([
      [true, true],
      [true, true],
    ]);
    await user.click(screen.getByRole('checkbox', { name: /Bruno Lima/ }));
    await user.click(screen.getByRole('checkbox', { name: 'Exigir a aprovação de um contato do cliente' }));
    await user.click(screen.getByRole('button', { name: 'Salvar opções' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({ visibility: 'members', memberIds: ['bruno'], clientApproval: true });
  });

  it('deleting is explained and off while pieces point at the client', () => {
    renderWithProviders(<ClientOptionsForm options={OPTIONS} canEdit canDelete myId="me" />);
    expect(screen.getByText(/Não é possível excluir enquanto houver 2 peças deste cliente/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Excluir empresa cliente' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
