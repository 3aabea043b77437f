import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPREADSHEET_MESSAGES as M } from '@sede/shared/platform/spreadsheets';
import type { CrmImport } from '@sede/shared/crm/contacts';
import { upload } from '../files/support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { declareSize, rowsBomb, rowXml, xlsxOf } from '../support/xlsx.ts';
import { createCompanyWithAdmin, memberOf, type Person } from '../team/support.ts';

/**
 * Decompression bombs through the endpoints that read spreadsheets (issue "What users and
 * attackers hit", item 3; decision 0360): refused with a message, and the server keeps answering
 * everyone else while the file is read (the old reader held the event loop for 14.7 s).
 */
let server: TestServer;
let vendas: Person;
let bomb: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  const { companyId } = await createCompanyWithAdmin(server, 'Planilhas Perigosas Ltda');
  vendas = await memberOf(server, companyId, 'vendas');
  // 200,000 rows (twice the CRM import's limit) in a file under 1 MB.
  bomb = await rowsBomb(200_000);
});
afterAll(async () => {
  await server?.stop();
});

/**
 * Runs `work` while another client asks /api/health again and again; answers the slowest of
 * those answers and how long `work` took. Bound used below: the slowest health answer must stay
 * under a third of the whole read (and under 1 s when the read is short) — a blocked event loop
 * makes it as long as the read itself, while load on a shared machine only adds jitter.
 */
async function whileOthersAsk<T>(work: () => Promise<T>) {
  const started = performance.now();
  let done = false;
  const pending = work().finally(() => {
    done = true;
  });
  const answers: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    answers.push(performance.now() - t);
  }
  return { result: await pending, slowest: Math.max(...answers), answers: answers.length, took: performance.now() - started };
}

describe('a spreadsheet bomb', () => {
  it('CRM import: a small workbook of 200,000 rows is refused with the rows message, and /api/health keeps answering', async () => {
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const created = await server.request('/api/crm-contacts/imports', { method: 'POST', json: {}, jar: vendas.jar });
    const { id } = (await created.json()) as CrmImport;
    const up = await upload(server, vendas.jar, `entityType=crm_import&entityId=${id}&kind=document`, bomb, 'contatos.xlsx');
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    const fileId = (up.body as { id: string }).id;

    const { result, slowest, answers, took } = await whileOthersAsk(async () => {
      const res = await server.request(`/api/crm-contacts/imports/${id}/analyze`, { method: 'POST', json: { fileId }, jar: vendas.jar });
      return { status: res.status, body: await res.json() };
    });
    expect(answers).toBeGreaterThan(1);
    expect(slowest, `slowest /api/health ${Math.round(slowest)} ms of a ${Math.round(took)} ms read`).toBeLessThan(Math.max(1000, took / 3));
    expect(result.status, JSON.stringify(result.body)).toBe(413);
    expect(result.body).toEqual({ code: 'SPREADSHEET_TOO_MANY_ROWS', error: M.tooManyRows(100_000) });
  });

  it('CNPJ extraction: a workbook declaring 1 GB unpacked is refused before anything is inflated', async () => {
    const declared = declareSize(await xlsxOf(rowXml(['CNPJ'], 1)), 'xl/worksheets/sheet1.xml', 1_000_000_000);
    const res = await server.request('/api/prospecting/leads/extract', { method: 'POST', jar: vendas.jar, json: { file: { name: 'lista.xlsx', base64: declared.toString('base64') } } });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: 'SPREADSHEET_TOO_LARGE', error: M.unpackedTooLarge(200) });
  });
});
