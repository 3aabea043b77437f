import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery, WebhookDeliveryDetail, WebhookEndpoint } from '@sede/shared/platform/webhooks';
import { fakeApi, renderWithProviders, status } from '../../../../test/render.tsx';
import { WebhooksPanel } from '../public.ts';

const ENDPOINT: WebhookEndpoint = {
  id: 'ep1',
  url: 'https://erp.exemplo.com.br/webhooks/sede',
  description: 'ERP da loja',
  events: ['deal.won', 'receivable.paid'],
  enabled: true,
  disabledReason: null,
  disabledAt: null,
  secretHint: 'whsec_AbCd…',
  lastSuccessAt: '2026-12-03T14:00:00Z',
  failingSince: null,
  createdAt: '2026-12-01T10:00:00Z',
};
const delivery = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 'd1',
  endpointId: 'ep1',
  eventId: 'ev1',
  eventType: 'deal.won',
  status: 'delivered',
  attempts: 1,
  lastStatusCode: 200,
  lastError: null,
  lastDurationMs: 84,
  nextAttemptAt: null,
  deliveredAt: '2026-12-03T14:00:01Z',
  createdAt: '2026-12-03T14:00:00Z',
  ...over,
});
const FAILED = delivery({ id: 'd2', eventType: 'receivable.paid', status: 'failed', attempts: 10, lastStatusCode: 500, deliveredAt: null });
const DETAIL: WebhookDeliveryDetail = {
  delivery: FAILED,
  requestBody: '{"type":"receivable.paid","timestamp":"2026-12-03T13:00:00.000Z","data":{"object":"receivable","id":"r1"}}',
  webhookId: 'msg_abc',
  attempts: [{ id: 'a1', attempt: 10, manual: false, startedAt: '2026-12-03T13:00:00Z', durationMs: 120, statusCode: 500, error: null, responseBody: 'erro interno do ERP' }],
};

describe('WebhooksPanel', () => {
  it('creates an endpoint with events chosen by group and shows its secret once', async () => {
    const api = fakeApi({
      'GET /webhooks/endpoints': { endpoints: [] },
      'POST /webhooks/endpoints': () => status(201, { endpoint: { ...ENDPOINT, events: ['contact.created', 'contact.updated', 'deal.won'] }, secret: 'whsec_SEGREDO' }),
      'GET /webhooks/endpoints/ep1': ENDPOINT,
      'GET /webhooks/endpoints/ep1/deliveries': { deliveries: [], nextCursor: null },
    });
    const { user } = renderWithProviders(<WebhooksPanel />, { route: '/admin/integracoes?aba=webhooks' });
    await user.click(await screen.findByRole('button', { name: 'Cadastrar o primeiro endpoint' }));
    const form = await screen.findByTestId('webhook-endpoint-form');
    await user.type(within(form).getByLabelText('URL do endpoint'), 'https://erp.exemplo.com.br/webhooks/sede');
    await user.click(within(form).getByRole('button', { name: 'Criar endpoint' }));
    expect(await within(form).findByRole('alert')).toHaveProperty('textContent', 'Escolha pelo menos um evento.');
    await user.click(within(form).getByLabelText('Todos de contatos'));
    await user.click(within(form).getByLabelText(/Negócio ganho/));
    await user.click(within(form).getByRole('button', { name: 'Criar endpoint' }));
    await waitFor(() =>
      expect(api.callsTo('POST /webhooks/endpoints').map((c) => c.body)).toEqual([
        { url: 'https://erp.exemplo.com.br/webhooks/sede', description: '', events: ['contact.created', 'contact.updated', 'deal.won'] },
      ]),
    );
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_SEGREDO');
    await user.click(screen.getByRole('button', { name: 'Já copiei' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    // The new endpoint opens with its (empty) log.
    expect(await screen.findByText('Nenhuma entrega ainda')).toBeTruthy();
    expect(api.unexpected).toEqual([]);
  });

  it("an endpoint's log: status badges, the detail drawer with its attempts, resend and the test", async () => {
    const api = fakeApi({
      'GET /webhooks/endpoints/ep1': ENDPOINT,
      'GET /webhooks/endpoints/ep1/deliveries': { deliveries: [FAILED, delivery({})], nextCursor: null },
      'GET /webhooks/deliveries/d2': DETAIL,
      'POST /webhooks/deliveries/d2/resend': () => status(202, { delivery: { ...FAILED, status: 'pending' } }),
      'POST /webhooks/endpoints/ep1/test': () => status(202, { delivery: delivery({ id: 'd3', eventType: 'webhook.test', status: 'pending' }) }),
    });
    const { user } = renderWithProviders(<WebhooksPanel />, { route: '/admin/integracoes?aba=webhooks&webhook=ep1' });
    expect(await screen.findByText('https://erp.exemplo.com.br/webhooks/sede')).toBeTruthy();
    const rows = await screen.findAllByTestId('webhook-delivery-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Falhou')).toBeTruthy();
    expect(within(rows[0]!).getByText('500')).toBeTruthy();
    expect(within(rows[1]!).getByText('Entregue')).toBeTruthy();

    await user.click(within(rows[0]!).getByRole('button', { name: /Ver detalhes da entrega de Conta a receber paga/ }));
    const drawer = await screen.findByTestId('webhook-delivery-drawer');
    expect(await within(drawer).findByText('msg_abc')).toBeTruthy();
    expect(within(drawer).getByText('erro interno do ERP')).toBeTruthy();
    expect(within(drawer).getByText(/"object": "receivable"/)).toBeTruthy();
    await user.click(within(drawer).getByRole('button', { name: 'Reenviar' }));
    await waitFor(() => expect(api.callsTo('POST /webhooks/deliveries/d2/resend')).toHaveLength(1));

    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Enviar teste' }));
    await waitFor(() => expect(api.callsTo('POST /webhooks/endpoints/ep1/test')).toHaveLength(1));
    expect(api.unexpected).toEqual([]);
  });

  it('an endpoint disabled by failures says so and cannot send a test', async () => {
    fakeApi({
      'GET /webhooks/endpoints/ep1': { ...ENDPOINT, enabled: false, disabledReason: 'failing', disabledAt: '2026-12-04T10:00:00Z', failingSince: '2026-12-01T10:00:00Z' },
      'GET /webhooks/endpoints/ep1/deliveries': { deliveries: [], nextCursor: null },
    });
    renderWithProviders(<WebhooksPanel />, { route: '/admin/integracoes?webhook=ep1' });
    expect(await screen.findByText('Desativado por falhas')).toBeTruthy();
    expect(screen.getByText(/recusou todas as tentativas por 3 dias/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Enviar teste' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: /Ativar/ })).toBeTruthy();
  });
});
