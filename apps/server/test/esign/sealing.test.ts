import { execFileSync } from 'node:child_process';
import { createPrivateKey } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { EVENT_LABELS } from '@sede/shared/esign/schemas';
import { appendCertificatePages, type CompletionSummary } from '../../src/modules/esign/certificate-page.ts';
import { generateSealingCertificate } from '../../src/platform/sealing/certificate.ts';
import { nativeRsaKey } from '../../src/platform/sealing/pem-signer.ts';
import { sealPdf } from '../../src/platform/sealing/seal.ts';

const at = (minute: number) => new Date(Date.UTC(2026, 11, 2, 13, minute));

const summary: CompletionSummary = {
  title: 'Contrato de prestação de serviços 😀',
  companyName: 'Padaria Pão Quente Ltda',
  documentSha256: 'a'.repeat(64),
  documentPages: 2,
  verificationCode: 'K7QX-M4PA-9T',
  verificationUrl: 'http://127.0.0.1/verificar/K7QX-M4PA-9T',
  signers: [
    { name: 'Maria Conceição', email: 'maria@example.com', cpf: '52998224725', role: 'assinar', signedAt: at(5), signature: { text: 'Maria Conceição', imagePng: null } },
    { name: 'José Araújo', email: 'jose@example.com', cpf: null, role: 'testemunha', signedAt: at(9), signature: { text: 'José Araújo', imagePng: null } },
    { name: 'Escritório', email: 'copia@example.com', cpf: null, role: 'receber_copia', signedAt: null, signature: { text: null, imagePng: null } },
  ],
  events: (['created', 'sent', 'viewed', 'code_sent', 'code_confirmed', 'signed', 'refused', 'resent', 'completed'] as const).map((kind, i) => ({
    kind,
    at: at(i),
    signerName: i % 2 ? 'Maria Conceição' : null,
    ip: i % 2 ? '203.0.113.7' : null,
    userAgent: i % 2 ? 'Mozilla/5.0 (iPhone)' : null,
  })),
};

async function original(pages: number) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage().drawText(`Cláusula ${i + 1}`, { x: 50, y: 700 });
  return doc.save();
}

async function sealed() {
  const doc = await PDFDocument.load(await original(2));
  const added = await appendCertificatePages(doc, summary);
  const bytes = await sealPdf(doc, generateSealingCertificate('Sede — selo de teste'), { reason: 'Assinaturas concluídas', location: 'Brasil', contact: summary.verificationUrl, signingTime: at(30) });
  return { bytes, added };
}

/** poppler's own check of the PDF's signatures, as a PDF reader does it (one process, a few ms). */
function pdfsig(bytes: Uint8Array) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sede-seal-')), 'doc.pdf');
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}

describe('the certificate of completion and the seal', () => {
  it('appends a page that lists every signer, every event and the document hash', async () => {
    const { bytes, added } = await sealed();
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    expect(pdf.numPages).toBe(2 + added);
    const { text } = await extractText(pdf, { mergePages: false });
    const certificate = text.slice(2).join('\n');
    expect(certificate).toContain('Certificado de conclusão');
    expect(certificate).toContain(summary.documentSha256);
    expect(certificate).toContain('K7QX-M4PA-9T');
    for (const s of summary.signers) expect(certificate).toContain(s.name);
    expect(certificate).toContain('529.982.247-25');
    for (const e of summary.events) expect(certificate).toContain(EVENT_LABELS[e.kind]);
    expect(certificate).toContain('203.0.113.7');
    // A character the PDF's font cannot print becomes '?', not a failed seal.
    expect(certificate).toContain('Contrato de prestação de serviços ?');
  });

  it('is sealed so that pdfsig finds the whole document signed and valid, and one changed byte breaks it', async () => {
    const { bytes } = await sealed();
    const report = pdfsig(bytes);
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Common Name: Sede - selo de teste');

    const tampered = Buffer.from(bytes);
    const at = tampered.indexOf('Cláusula 1'.replace('á', 'a').slice(0, 4), 0, 'latin1');
    const target = at > 0 ? at : 200;
    tampered[target] = tampered[target]! ^ 0x01;
    const broken = pdfsig(tampered);
    expect(broken).not.toContain('Signature is Valid.');
    expect(broken).toMatch(/Signature is Invalid|Digest Mismatch/);
  });

  it('signs the digest with OpenSSL to the very bytes forge signs (RSASSA-PKCS1-v1_5 is deterministic)', () => {
    const certificate = generateSealingCertificate('Sede - chave nativa');
    const md = forge.md.sha256.create().update('atributos assinados');
    const byForge = forge.pki.privateKeyFromPem(certificate.keyPem).sign(md);
    expect(nativeRsaKey(createPrivateKey(certificate.keyPem)).sign(md)).toBe(byForge);
  });
});
