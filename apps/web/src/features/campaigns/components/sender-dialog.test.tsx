import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SenderView } from '@sede/shared/campaigns/schemas';
import { fakeApi, renderWithProviders } from '../../../../test/render.tsx';
import { campaignKeys } from '../api/keys.ts';
import { SenderDialog } from './sender-dialog.tsx';

const SAVED: SenderView = { fromName: 'Padaria Aurora', replyTo: null, ratePerSecond: 14, smtp: null, bounceDomain: null, configured: true };

/** A sender whose answer arrives only when the test says so. */
function lateSender() {
  let answer: (v: SenderView) => void = () => {};
  const pending = new Promise<SenderView>((resolve) => {
    answer = resolve;
  });
  return { route: () => pending, answer: (v: SenderView) => answer(v) };
}

afterEach(() => vi.unstubAllGlobals());

describe('SenderDialog', () => {
  it('shows no form until the saved sender arrives, so a late answer cannot overwrite what was typed', async () => {
    const late = lateSender();
    const api = fakeApi({ 'GET /campaigns/sender': late.route, 'PUT /campaigns/sender': (call) => ({ ...SAVED, fromName: (call.body as SenderView).fromName }) });
    const { user, queryClient } = renderWithProviders(<SenderDialog open onOpenChange={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Remetente das campanhas' });
    expect(within(dialog).getByRole('status').textContent).toContain('Carregando o remetente');
    expect(within(dialog).queryByLabelText('Nome do remetente')).toBeNull();

    late.answer(SAVED);
    const name = await within(dialog).findByLabelText('Nome do remetente');
    expect((name as HTMLInputElement).value).toBe('Padaria Aurora');
    expect((within(dialog).getByLabelText('Mensagens por segundo') as HTMLInputElement).value).toBe('14');

    await user.click(within(dialog).getByLabelText('Usar um SMTP próprio (ou de um provedor)'));
    await user.type(within(dialog).getByLabelText('Servidor'), 'smtp.gmail.com');
    // A refetch of the sender (another tab saved it, the window regained focus) leaves the typing alone.
    await queryClient.refetchQueries({ queryKey: campaignKeys.sender });
    await waitFor(() => expect(api.callsTo('GET /campaigns/sender').length).toBeGreaterThan(1));
    expect((within(dialog).getByLabelText('Servidor') as HTMLInputElement).value).toBe('smtp.gmail.com');
    expect((within(dialog).getByLabelText('Usar um SMTP próprio (ou de um provedor)') as HTMLInputElement).checked).toBe(true);
  });

  it('says so when the sender cannot be loaded', async () => {
    fakeApi({});
    renderWithProviders(<SenderDialog open onOpenChange={() => {}} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Não foi possível carregar o remetente.');
  });
});
