import { randomInt } from 'node:crypto';
import { expect } from 'vitest';
import type { CrmImport, ImportPreview, ImportStart } from '@sede/shared/crm/contacts';
import { upload } from '../files/support.ts';
import type { TestServer } from '../support/test-server.ts';
import type { Person as Member } from '../team/support.ts';
import { eventually } from '../support/eventually.ts';

/** A numeric CNPJ with valid check digits. */
export function validCnpj(): string {
  const base = Array.from({ length: 12 }, () => randomInt(10));
  const digit = (nums: number[]) => {
    const weights = nums.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = nums.reduce((sum, n, i) => sum + n * weights[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const d1 = digit(base);
  const d2 = digit([...base, d1]);
  return [...base, d1, d2].join('');
}

export function apiOf(server: TestServer) {
  return async <T = unknown>(path: string, who: Member, init: { method?: string; json?: unknown } = {}) => {
    const res = await server.request(path, { method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'), json: init.json, jar: who.jar });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // CSV stays text
    }
    return { status: res.status, body: body as T & { error?: string; code?: string }, headers: res.headers, text };
  };
}

/** Create → upload → analyze: the import and its preview. */
export async function analyzed(server: TestServer, who: Member, bytes: Buffer, name = 'contatos.csv') {
  const api = apiOf(server);
  const created = await api<CrmImport>('/api/crm-contacts/imports', who, { json: {} });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id;
  const up = await upload(server, who.jar, `entityType=crm_import&entityId=${id}&kind=document`, bytes, name);
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const fileId = (up.body as { id: string }).id;
  const preview = await api<ImportPreview & { import: CrmImport }>(`/api/crm-contacts/imports/${id}/analyze`, who, { json: { fileId } });
  return { id, fileId, preview };
}

/** Polls the import until it ends (done or failed). */
export async function finished(server: TestServer, who: Member, id: string, timeoutMs = 60_000): Promise<CrmImport> {
  const api = apiOf(server);
  const read = async () => {
    const res = await api<CrmImport>(`/api/crm-contacts/imports/${id}`, who);
    expect(res.status).toBe(200);
    return res.body;
  };
  return eventually(read, (i) => i.status === 'done' || i.status === 'failed', { timeoutMs, intervalMs: 100 });
}

/** The whole import: analyze, start with the settings, wait for the end. */
export async function runImport(server: TestServer, who: Member, bytes: Buffer, settings: Partial<ImportStart> & { mapping?: ImportStart['mapping'] }, name?: string) {
  const api = apiOf(server);
  const { id, preview } = await analyzed(server, who, bytes, name);
  expect(preview.status, JSON.stringify(preview.body)).toBe(200);
  const start = await api<CrmImport>(`/api/crm-contacts/imports/${id}/start`, who, {
    json: { mapping: settings.mapping ?? preview.body.suggested, dedupe: settings.dedupe ?? 'skip', legalBasis: settings.legalBasis ?? null, tags: settings.tags ?? [] },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  return { id, preview: preview.body, result: await finished(server, who, id) };
}

/** A string as Windows-1252 bytes (Latin-1 range). */
export const cp1252 = (text: string) => Buffer.from(text, 'latin1');
