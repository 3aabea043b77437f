import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PieceView } from '@sede/shared/marketing/pieces';
import { AiCopyPanel } from './ai-copy-panel.tsx';

vi.mock('../../../../lib/session/auth-provider.tsx', () => ({ useAuth: () => ({ company: { currency_amount: 50 } }) }));

beforeEach(() => {
  vi.stubGlobal('fetch', async () => new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }));
});
afterEach(() => vi.unstubAllGlobals());

const piece = { id: 'p1', title: 'Post', brief: 'Promoção de Natal' } as PieceView;
const saved = {
  copy: { captions: ['Natal com 20% de desconto na padaria!'], hashtags: ['natal', 'padaria'], adVariants: [{ headline: 'Natal doce', text: 'Panetones artesanais.' }] },
  at: '2026-11-24T15:30:00Z',
};

describe('AiCopyPanel', () => {
  it('shows the last paid proposal after a reload, with when it was made, and picks from it', async () => {
    const onPick = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AiCopyPanel piece={piece} saved={saved} onPick={onPick} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('Natal com 20% de desconto na padaria!')).toBeTruthy();
    expect(screen.getByText(/Sugestões geradas em 24\/11\/2026/)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Usar este anúncio' }));
    expect(onPick).toHaveBeenCalledWith('Natal doce\n\nPanetones artesanais.', ['natal', 'padaria']);
  });

  it('shows no proposal before the first one', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <AiCopyPanel piece={piece} saved={null} onPick={() => {}} />
      </QueryClientProvider>,
    );
    expect(screen.queryByTestId('ai-copy-result')).toBeNull();
  });
});
