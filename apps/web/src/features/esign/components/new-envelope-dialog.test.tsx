import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FileInfo } from '@sede/shared/platform/files';
import { FileManager } from '../../../components/files/file-manager.tsx';
import { NewEnvelopeDialog } from './new-envelope-dialog.tsx';

// The contract's page (decision 0743): a PDF sent while the files card's first list is still on its
// way is in that list and is offered by 'Novo envelope' (e2e/esign-download.spec.ts waited 240 s for it).

const fileInfo = (id: string, name: string): FileInfo =>
  ({ id, name, mime: 'application/pdf', entityType: 'contract', entityId: 'k1', kind: 'document', size: 10, sha256: '', hasThumbnail: false, createdBy: null, createdAt: '2026-12-05T12:00:00Z', canDelete: true }) as FileInfo;

/** The server's files of the contract, and the list requests (each answers what was stored when it arrived). */
let stored: FileInfo[] = [];
let listRequests = 0;
let releaseFirstList: () => void = () => {};
let uploaded: () => void = () => {};

/** The upload's XMLHttpRequest: stores the file and answers 201. */
class FakeUpload {
  upload = { onprogress: null };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send(file: File) {
    const row = fileInfo('f-new', file.name);
    stored = [row, ...stored];
    setTimeout(() => {
      this.status = 201;
      this.responseText = JSON.stringify(row);
      this.onload?.();
      uploaded();
    });
  }
}

beforeEach(() => {
  stored = [];
  listRequests = 0;
  const firstList = new Promise<void>((resolve) => (releaseFirstList = resolve));
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  vi.stubGlobal('fetch', async (input: string) => {
    const url = String(input);
    if (!url.startsWith('/api/files?')) return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    const files = [...stored];
    if (++listRequests === 1) await firstList;
    return new Response(JSON.stringify({ files }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
});
afterEach(() => vi.unstubAllGlobals());

function ContractFiles() {
  const [signing, setSigning] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setSigning(true)}>
        Enviar para assinatura
      </button>
      {signing && <NewEnvelopeDialog open onOpenChange={setSigning} contract={{ id: 'k1', title: 'Fornecimento de pães' }} />}
      <FileManager entityType="contract" entityId="k1" kinds={['document']} title="Arquivos do contrato" emptyText="Nenhum arquivo." />
    </>
  );
}

describe('NewEnvelopeDialog from a contract', () => {
  it('offers the PDF uploaded while the first list of the files was still loading', async () => {
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ContractFiles />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(listRequests).toBe(1));
    const done = new Promise<void>((resolve) => (uploaded = resolve));
    await user.upload(screen.getByTestId('file-input'), new File(['%PDF-1.7'], 'fornecimento.pdf', { type: 'application/pdf' }));
    await done;
    // The page has handled the upload's answer; then the list asked before it arrives, without the file.
    await new Promise((resolve) => setTimeout(resolve, 10));
    releaseFirstList();

    const list = await screen.findByRole('list', { name: 'Arquivos do contrato' }, { timeout: 2000 });
    expect(within(list).getByText('fornecimento.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enviar para assinatura' }));
    const select = await screen.findByRole('combobox', { name: 'Arquivo do contrato' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Escolha o PDF', 'fornecimento.pdf']);
  });
});
