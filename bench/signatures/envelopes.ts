import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { EnvelopeView } from '@sede/shared/esign/schemas';
import { addDays, todayInBrazil } from '@sede/shared/platform/calendar';
import { devMail } from '../lib/client.ts';
import type { BenchContext } from '../types.ts';

/** A company's Jurídico, signed in: envelopes go out through the real HTTP API. */
export type Sender = { baseUrl: string; cookie: string };

export async function sender(ctx: BenchContext): Promise<Sender> {
  const email = `bench.signatures.${Date.now().toString(36)}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  await ctx.seedCompany(email, { name: 'Padaria Assinaturas Bench Ltda' });
  return { baseUrl: ctx.baseUrl, cookie };
}

/** A two-page contract, as a word processor saves one. */
export async function contractPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= 2; p++) doc.addPage().drawText(`Contrato de prestação de serviços — página ${p}`, { x: 50, y: 760, size: 14, font });
  return Buffer.from(await doc.save());
}

async function call<T>(s: Sender, path: string, method: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }): Promise<T> {
  const res = await fetch(`${s.baseUrl}${path}`, { method, headers: { cookie: s.cookie, origin: s.baseUrl, ...headers }, body: body instanceof Buffer ? new Uint8Array(body) : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Creates, fills and sends an envelope to one signer; answers its id and the signer's link token (from the e-mail). */
export async function sentEnvelope(s: Sender, pdf: Buffer, signer: { name: string; email: string }): Promise<{ id: string; token: string }> {
  const draft = await call<EnvelopeView>(s, '/api/assinaturas/envelopes', 'POST', {
    title: `Contrato de ${signer.name}`,
    signingOrder: 'simultanea',
    expiresOn: addDays(todayInBrazil(), 10),
    signers: [{ ...signer, role: 'assinar' }],
  });
  const file = await call<{ id: string }>(s, `/api/files?entityType=signature_envelope&entityId=${draft.id}&kind=document`, 'POST', pdf, { 'content-type': 'application/pdf', 'x-file-name': 'contrato.pdf' });
  await call(s, `/api/assinaturas/envelopes/${draft.id}/document`, 'POST', { fileId: file.id });
  await call(s, `/api/assinaturas/envelopes/${draft.id}/send`, 'POST', {});
  const mail = await devMail(s.baseUrl, signer.email, (m) => m.subject.includes('pede sua assinatura'), 100, 100);
  const link = /https?:\/\/\S+/.exec(mail.text)![0];
  return { id: draft.id, token: new URL(link).pathname.split('/').pop()! };
}
