import { PDFDocument } from 'pdf-lib';
import type { EnvelopeCreateInput, EnvelopeView } from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { expect } from 'vitest';
import { upload } from '../files/support.ts';
import { latestMail, linkFrom, type TestServer } from '../support/test-server.ts';
import type { Person } from '../team/support.ts';

export type Res<T> = { status: number; body: T & { error?: string; code?: string } };

export const caller = (server: TestServer) =>
  async function call<T = unknown>(path: string, who: Person | null, method = 'GET', json?: unknown, headers?: Record<string, string>): Promise<Res<T>> {
    const res = await server.request(path, { method, json, jar: who?.jar, headers });
    const text = await res.text();
    return { status: res.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as Res<T>['body'] };
  };

/** A PDF of `pages` pages, as a word processor would save one. */
export async function samplePdf(pages = 2, label = 'Contrato'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage().drawText(`${label} - página ${i + 1}`, { x: 50, y: 700, size: 14 });
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** The same PDF declaring an encryption dictionary in its trailer, as a password-protected file does. */
export async function encryptedPdf(): Promise<Buffer> {
  return Buffer.from((await samplePdf(1)).toString('latin1').replace('trailer\n<<', 'trailer\n<<\n/Encrypt 1 0 R'), 'latin1');
}

export const envelopeInput = (over: Partial<EnvelopeCreateInput> = {}): EnvelopeCreateInput => ({
  title: 'Contrato de limpeza',
  message: 'Por favor, assine até sexta.',
  signingOrder: 'sequencial',
  expiresOn: addDays(todayInBrazil(), 10),
  signers: [
    { name: 'Maria Conceição', email: 'maria.assina@exemplo.com.br', cpf: '529.982.247-25', role: 'assinar' },
    { name: 'José Araújo', email: 'jose.testemunha@exemplo.com.br', role: 'testemunha' },
    { name: 'Escritório', email: 'copia@exemplo.com.br', role: 'receber_copia' },
  ],
  ...over,
});

/** A draft envelope with a PDF uploaded through the platform's files. */
export async function draftWithPdf(server: TestServer, who: Person, over: Partial<EnvelopeCreateInput> = {}, pdf?: Buffer) {
  const call = caller(server);
  const created = await call<EnvelopeView>('/api/assinaturas/envelopes', who, 'POST', envelopeInput(over));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const up = await upload(server, who.jar, `entityType=signature_envelope&entityId=${created.body.id}&kind=document`, pdf ?? (await samplePdf()), 'contrato.pdf');
  expect(up.status, JSON.stringify(up.body)).toBe(201);
  const attached = await call<EnvelopeView>(`/api/assinaturas/envelopes/${created.body.id}/document`, who, 'POST', { fileId: up.body.id });
  expect(attached.status, JSON.stringify(attached.body)).toBe(200);
  return attached.body;
}

/** The signing link's token from the newest mail to `email`. */
export async function tokenFromMail(server: TestServer, email: string, subject = 'pede sua assinatura') {
  const mail = await latestMail(server, email, subject);
  return new URL(linkFrom(mail.text)).pathname.split('/').pop()!;
}

export async function codeFromMail(server: TestServer, email: string) {
  const mail = await latestMail(server, email, 'Seu código para assinar');
  return /(\d{6})/.exec(mail.subject)![1]!;
}

/** The envelope once its sealing job ended (decision 0623): the last signature answers before the seal is made. */
export async function untilSealed(server: TestServer, who: Person, id: string, timeoutMs = 30_000): Promise<EnvelopeView> {
  const call = caller(server);
  const started = Date.now();
  for (;;) {
    const e = (await call<EnvelopeView>(`/api/assinaturas/envelopes/${id}`, who)).body;
    // Sealed means the job ended too: what follows the seal (the completion e-mails, an accepted quote) runs in it after the status moves.
    // The view reads the envelope before its run: a run seen 'done' with the envelope still 'finalizando' is a read between the two, read again.
    if (!e.sealing ? e.status !== 'finalizando' : e.sealing.status === 'failed' || (e.sealing.status === 'done' && e.status !== 'finalizando')) return e;
    if (Date.now() - started > timeoutMs) throw new Error(`envelope ${id} still 'finalizando' after ${timeoutMs} ms: ${JSON.stringify(e.sealing)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
