import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AI_KEY_STORAGE } from '@sede/shared/platform/ai';
import type { PaidAction } from '@sede/shared/platform/prices';
import { saveAiKey } from '../../lib/ai-key.ts';
import { PaidActionButton } from './paid-action-button.tsx';

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ platform: true, model: 'gpt-4o-mini' }), { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => vi.unstubAllGlobals());

function setup(action: PaidAction, balance = 3) {
  const run = vi.fn(async () => ({ charged: 0, balance }));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Toaster />
        <PaidActionButton action={action} balance={balance} run={run} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { run };
}

describe('PaidActionButton with the person’s own AI key (decision 0383)', () => {
  it('an AI action says it costs no coins, is not held back by a short balance and asks no confirmation', async () => {
    localStorage.setItem(AI_KEY_STORAGE, JSON.stringify({ key: 'sk-da-pessoa-1234' }));
    const user = userEvent.setup();
    // 5 coins with a balance of 3: on the platform's AI this would be disabled and need a confirmation.
    const { run } = setup('ai.contract_analysis', 3);
    const button = screen.getByRole('button', { name: 'Analisar contrato · sem moedas (sua chave de IA)' });
    expect(screen.getByTestId('paid-action-description').textContent).toBe('Usa a sua chave de IA: nenhuma moeda é cobrada.');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    await user.click(button);
    await waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the label follows the key as it is saved and removed', async () => {
    setup('ai.meeting_analysis', 50);
    expect(screen.getByRole('button', { name: 'Analisar reunião · 5 moedas' })).toBeTruthy();
    saveAiKey({ key: 'sk-nova-5678' });
    expect(await screen.findByRole('button', { name: 'Analisar reunião · sem moedas (sua chave de IA)' })).toBeTruthy();
  });

  it('data that is sold costs its price even with an own key', () => {
    localStorage.setItem(AI_KEY_STORAGE, JSON.stringify({ key: 'sk-da-pessoa-1234' }));
    setup('prospect.lead_reveal', 50);
    expect(screen.getByRole('button', { name: 'Revelar contatos · 1 moeda' })).toBeTruthy();
    expect(screen.getByTestId('paid-action-description').textContent).toBe('Saldo depois: 49 moedas');
  });
});
