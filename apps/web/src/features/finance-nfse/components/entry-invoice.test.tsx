import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NfseInvoice, NfseSettings } from '@sede/shared/finance/nfse';
import { fakeApi, fakeAuth, renderWithProviders, status } from '../../../../test/render.tsx';
import { EntryInvoice } from './entry-invoice.tsx';

const SETTINGS: NfseSettings = {
  environment: 'restricted',
  municipalityCode: '3550308',
  municipalRegistration: null,
  regime: 'simples',
  serie: '1',
  services: [
    { code: '010101', description: 'Desenvolvimento', issRate: 2 },
    { code: '170101', description: 'Consultoria', issRate: 5 },
  ],
  ibsCbsCst: null,
  ibsCbsClassification: null,
  ibsRate: null,
  cbsRate: null,
  updatedAt: '2026-12-01T10:00:00Z',
};
const ISSUED: NfseInvoice = {
  id: 'inv1',
  entryId: 'e1',
  status: 'authorized',
  environment: 'restricted',
  serie: '1',
  number: 7,
  accessKey: '3'.repeat(50),
  serviceCode: '170101',
  amountCents: 150000,
  xmlFileId: 'fx',
  pdfFileId: 'fp',
  cancelReason: null,
  cancelledAt: null,
  issuedAt: '2026-12-02T13:00:00Z',
};

describe('EntryInvoice', () => {
  it('issues the note with the chosen service, then shows its number and files', async () => {
    let invoice: NfseInvoice | null = null;
    const api = fakeApi({
      'GET /finance/nfse/settings': { settings: SETTINGS },
      'GET /finance/nfse/entries/*/invoice': () => ({ invoice }),
      'POST /finance/nfse/entries/*/invoice': () => {
        invoice = ISSUED;
        return status(201, ISSUED);
      },
      'GET /finance/nfse/entries/*/invoice/deliveries': { deliveries: [] },
    });
    const { user } = renderWithProviders(<EntryInvoice entryId="e1" entryOpen />);
    await user.selectOptions(await screen.findByLabelText('Serviço'), '170101');
    await user.click(screen.getByRole('button', { name: 'Emitir nota' }));
    await waitFor(() => expect(api.calls.filter((c) => c.method === 'POST').map((c) => ({ path: c.path, body: c.body }))).toEqual([{ path: '/finance/nfse/entries/e1/invoice', body: { serviceCode: '170101' } }]));
    expect(await screen.findByText(/Nº 7 · série 1/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /DANFSe/ }).getAttribute('href')).toBe('/api/files/fp/content?inline=1');
    expect(screen.getByRole('link', { name: /XML da nota/ }).getAttribute('href')).toBe('/api/files/fx/content');
    expect(screen.getByRole('button', { name: 'Cancelar nota' })).toBeTruthy();
  });

  it("shows the authority's refusal: code, description and what to fix", async () => {
    fakeApi({
      'GET /finance/nfse/settings': { settings: SETTINGS },
      'GET /finance/nfse/entries/*/invoice': { invoice: null },
      'POST /finance/nfse/entries/*/invoice': status(400, {
        error: 'A Sefin Nacional recusou a nota.',
        code: 'NFSE_REJECTED',
        rejections: [{ code: 'E0160', description: 'Código de tributação nacional inexistente.', hint: 'Confira os serviços em Financeiro → Nota fiscal.' }],
      }),
    });
    const { user } = renderWithProviders(<EntryInvoice entryId="e1" entryOpen />);
    await user.click(await screen.findByRole('button', { name: 'Emitir nota' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('E0160');
    expect(alert.textContent).toContain('Código de tributação nacional inexistente.');
    expect(alert.textContent).toContain('O que fazer: Confira os serviços em Financeiro → Nota fiscal.');
  });

  it("shows where the note was sent and resends it to another address ('Reenviar')", async () => {
    const sent = { id: 'd1', sentTo: 'compras@cliente.com.br', status: 'sent', error: null, sentByName: null, createdAt: '2026-12-02T13:00:05Z' };
    const api = fakeApi({
      'GET /finance/nfse/settings': { settings: SETTINGS },
      'GET /finance/nfse/entries/*/invoice': { invoice: ISSUED },
      'GET /finance/nfse/entries/*/invoice/deliveries': { deliveries: [sent] },
      'POST /finance/nfse/entries/*/invoice/send': { deliveries: [{ ...sent, id: 'd2', sentTo: 'contador@cliente.com.br', sentByName: 'Ana' }, sent] },
    });
    const { user } = renderWithProviders(<EntryInvoice entryId="e1" entryOpen />);
    expect(await screen.findByText(/Enviada para compras@cliente\.com\.br .* automaticamente/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reenviar' }));
    const field = await screen.findByLabelText('E-mail do cliente');
    await user.clear(field);
    await user.type(field, 'contador@cliente.com.br');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ to: 'contador@cliente.com.br' }));
    expect(await screen.findByText(/Enviada para contador@cliente\.com\.br .* por Ana/)).toBeTruthy();
  });

  it('offers no issuing to a member without finance.write', async () => {
    fakeApi({ 'GET /finance/nfse/settings': { settings: SETTINGS }, 'GET /finance/nfse/entries/*/invoice': { invoice: null } });
    renderWithProviders(<EntryInvoice entryId="e1" entryOpen />, { auth: fakeAuth({ role: 'vendas' }) });
    expect(await screen.findByText('Nenhuma nota emitida.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Emitir nota' })).toBeNull();
  });
});
