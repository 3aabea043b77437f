import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { esignKeys } from '../api/keys.ts';
import { EnvelopeSealing } from './envelope-sealing.tsx';

afterEach(() => vi.unstubAllGlobals());

const sealing = (status: NonNullable<EnvelopeView['sealing']>['status'], error: string | null = null): EnvelopeView['sealing'] => ({ jobId: 'run-1', status, stage: status === 'running' ? 'Selando o PDF' : null, done: 1, total: 4, message: error, error });

const envelope = (over: Partial<EnvelopeView> = {}): EnvelopeView => ({
  id: 'env-1',
  title: 'Contrato de limpeza',
  status: 'finalizando',
  sealingFailed: false,
  signingOrder: 'simultanea',
  expiresOn: '2026-12-20',
  contractId: null,
  signersDone: 1,
  signersTotal: 1,
  createdAt: '2026-12-04T12:00:00.000Z',
  sentAt: '2026-12-04T12:00:00.000Z',
  completedAt: null,
  message: null,
  remindEveryDays: null,
  documentFileId: 'file-1',
  documentName: 'contrato.pdf',
  documentSha256: 'a'.repeat(64),
  documentPages: 2,
  finalFileId: null,
  finalSha256: null,
  verificationCode: null,
  signers: [],
  events: [],
  fields: [],
  source: null,
  sealing: sealing('failed', 'O documento original do envelope não foi encontrado.'),
  ...over,
});

function show(e: EnvelopeView, canWrite = true) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Toaster />
      <EnvelopeSealing envelope={e} canWrite={canWrite} />
    </QueryClientProvider>,
  );
  return client;
}

describe('EnvelopeSealing (decisions 0623, 0721)', () => {
  it('while the seal runs: its stage and bar, no retry', () => {
    show(envelope({ sealing: sealing('running') }));
    expect(screen.getByText('Selando o PDF')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('a failed seal says so with its reason; Tentar novamente asks the server for a new run and shows it', async () => {
    const calls: Array<{ url: string; method: string }> = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      calls.push({ url, method: init.method ?? 'GET' });
      return new Response(JSON.stringify(envelope({ sealing: sealing('queued') })), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    const client = show(envelope());
    expect(screen.getByText('A finalização do documento falhou')).toBeTruthy();
    expect(screen.getByText('Motivo: O documento original do envelope não foi encontrado.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(calls).toEqual([{ url: '/api/assinaturas/envelopes/env-1/sealing/retry', method: 'POST' }]));
    await waitFor(() => expect(client.getQueryData<EnvelopeView>(esignKeys.envelope('env-1'))?.sealing?.status).toBe('queued'));
    expect(await screen.findByText('Finalização reiniciada: o PDF será selado em instantes.')).toBeTruthy();
  });

  it('the server refusing shows its message', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ error: 'Só a finalização de um envelope que falhou pode ser tentada de novo.', code: 'SEALING_NOT_FAILED' }), { status: 409, headers: { 'content-type': 'application/json' } }));
    show(envelope());
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Só a finalização de um envelope que falhou pode ser tentada de novo.');
  });

  it('a member who cannot act on the envelope reads the failure without the button', () => {
    show(envelope(), false);
    expect(screen.getByText('A finalização do documento falhou')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).toBeNull();
  });

  it('nothing once sealed', () => {
    const { container } = render(
      <QueryClientProvider client={new QueryClient()}>
        <EnvelopeSealing envelope={envelope({ status: 'assinado', sealing: sealing('done') })} canWrite />
      </QueryClientProvider>,
    );
    expect(container.textContent).toBe('');
  });
});
