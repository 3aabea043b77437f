import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DealInsights } from '@sede/shared/crm/ai';
import { DealAiCard } from './deal-ai-card.tsx';

vi.mock('../../../../lib/session/auth-provider.tsx', () => ({ useAuth: () => ({ company: { currency_amount: 10 } }) }));

type Call = { method: string; url: string; body: unknown };
let calls: Call[] = [];
let platformAi = true;
let stored: DealInsights;

const at = '2026-11-20T15:00:00.000Z';
beforeEach(() => {
  calls = [];
  platformAi = true;
  stored = {
    latest: {
      summary: { id: 'i1', kind: 'summary', version: 'deal-summary.v1', createdAt: at, createdByName: 'Carla', result: { resumo: 'Cliente quer fechar até dezembro.', pontosChave: ['Orçamento aprovado pelo financeiro'], riscos: ['Concorrente mais barato'] } },
      lead_score: { id: 'i2', kind: 'lead_score', version: 'deal-lead-score.v1', createdAt: at, createdByName: null, result: { pontuacao: 81, classificacao: 'quente', motivos: [{ fator: 'Engajamento', impacto: 'positivo', explicacao: 'Respondeu em 1 dia.' }] } },
    },
    history: [],
  };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call = { method: init.method ?? 'GET', url: String(input), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    let answer: unknown = stored;
    if (call.url === '/api/ai/status') answer = { platform: platformAi, model: platformAi ? 'm' : null };
    if (call.method === 'POST') {
      stored = {
        ...stored,
        latest: { ...stored.latest, next_step: { id: 'i3', kind: 'next_step', version: 'deal-next-step.v1', createdAt: at, createdByName: 'Carla', result: { acao: 'Ligue para o comprador', justificativa: 'Pediu retorno.', prazoSugeridoDias: 1, canal: 'ligacao' } } },
      };
      answer = { insight: stored.latest.next_step, charged: 1, balance: 9 };
    }
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

const wrap = (ui: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );

describe('DealAiCard', () => {
  it('shows the stored answers as structured sections and runs a paid action with its price on the button', async () => {
    const user = userEvent.setup();
    wrap(<DealAiCard dealId="d1" />);
    const card = await screen.findByTestId('deal-ai-card');
    expect(await within(card).findByText('Cliente quer fechar até dezembro.')).toBeTruthy();
    expect(within(card).getByText('Concorrente mais barato')).toBeTruthy();
    expect(within(card).getByTestId('lead-score').textContent).toBe('81');
    expect(within(card).getByText('Quente')).toBeTruthy();
    expect(within(card).getByRole('list', { name: 'Motivos da pontuação' }).textContent).toContain('Engajamento: Respondeu em 1 dia.');
    const button = within(card).getByRole('button', { name: 'Sugerir próximo passo · 1 moeda' });
    await user.click(button);
    expect(await within(card).findByText('Ligue para o comprador')).toBeTruthy();
    expect(within(card).getByText(/Ligação · em até 1 dia/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/crm-ai/deals/d1/next-step');
    expect((post.body as { requestId: string }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('with no AI configured the buttons are disabled and say how to configure it', async () => {
    platformAi = false;
    wrap(<DealAiCard dealId="d1" />);
    const card = await screen.findByTestId('deal-ai-card');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Resumir · 1 moeda' }).hasAttribute('disabled')).toBe(true));
    expect(within(card).getAllByRole('link', { name: 'Configurar em Meu perfil' })).toHaveLength(3);
  });
});
