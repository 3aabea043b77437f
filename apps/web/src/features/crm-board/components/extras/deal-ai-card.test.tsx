import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DealInsights, Insight } from '@sede/shared/crm/ai';
import { fakeApi, fakeAuth, renderWithProviders } from '../../../../../test/render.tsx';
import { DealAiCard } from './deal-ai-card.tsx';

const auth = fakeAuth({ company: { currency_amount: 10 } });

let api: ReturnType<typeof fakeApi>;
let platformAi = true;
let stored: DealInsights;

const at = '2026-11-20T15:00:00.000Z';
beforeEach(() => {
  platformAi = true;
  stored = {
    latest: {
      summary: { id: 'i1', kind: 'summary', version: 'deal-summary.v1', createdAt: at, createdByName: 'Carla', result: { resumo: 'Cliente quer fechar até dezembro.', pontosChave: ['Orçamento aprovado pelo financeiro'], riscos: ['Concorrente mais barato'] } },
      lead_score: { id: 'i2', kind: 'lead_score', version: 'deal-lead-score.v1', createdAt: at, createdByName: null, result: { pontuacao: 81, classificacao: 'quente', motivos: [{ fator: 'Engajamento', impacto: 'positivo', explicacao: 'Respondeu em 1 dia.' }] } },
    },
    history: [],
  };
  api = fakeApi({
    'GET /ai/status': () => ({ platform: platformAi, model: platformAi ? 'm' : null }),
    'GET /crm-ai/deals/d1/insights': () => stored,
    'POST /crm-ai/deals/d1/next-step': () => {
      const insight: Insight = { id: 'i3', kind: 'next_step', version: 'deal-next-step.v1', createdAt: at, createdByName: 'Carla', result: { acao: 'Ligue para o comprador', justificativa: 'Pediu retorno.', prazoSugeridoDias: 1, canal: 'ligacao' } };
      stored = { ...stored, latest: { ...stored.latest, next_step: insight } };
      return { insight, charged: 1, balance: 9 };
    },
  });
});

describe('DealAiCard', () => {
  it('shows the stored answers as structured sections and runs a paid action with its price on the button', async () => {
    const { user } = renderWithProviders(<DealAiCard dealId="d1" />, { auth });
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
    expect(api.callsTo('POST /crm-ai/deals/d1/next-step')[0]?.body).toMatchObject({ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('with no AI configured the buttons are disabled and say how to configure it', async () => {
    platformAi = false;
    renderWithProviders(<DealAiCard dealId="d1" />, { auth });
    const card = await screen.findByTestId('deal-ai-card');
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Resumir · 1 moeda' }).hasAttribute('disabled')).toBe(true));
    expect(within(card).getAllByRole('link', { name: 'Configurar em Meu perfil' })).toHaveLength(3);
  });
});
