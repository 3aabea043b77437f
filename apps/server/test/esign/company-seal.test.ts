import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finalPdf } from '../../src/modules/esign/completion.ts';
import { sealingCertificate } from '../../src/platform/sealing/certificate.ts';
import { companyCnpj, uploadCertificate } from '../finance-nfse/support.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { createCompanyWithAdmin, type Person } from '../team/support.ts';
import { samplePdf } from './support.ts';

let server: TestServer;
let withA1: { companyId: string; admin: Person };
let without: { companyId: string };

beforeAll(async () => {
  server = await startTestServer();
  withA1 = await createCompanyWithAdmin(server, 'Padaria Pão Quente Ltda');
  without = await createCompanyWithAdmin(server, 'Sem Certificado Ltda');
});
afterAll(async () => {
  await server?.stop();
});

function pdfsig(bytes: Uint8Array) {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'sede-a1-')), 'doc.pdf');
  writeFileSync(file, bytes);
  try {
    return execFileSync('pdfsig', [file], { encoding: 'utf8' });
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}

/** An e-CNPJ whose names are UTF8String with accents, as ICP-Brasil's are (makeA1's are PrintableString). */
function utf8A1(cnpj: string, name: string) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  cert.serialNumber = '7a00000001';
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const utf8 = (n: string, value: string) => ({ name: n, value, valueTagClass: forge.asn1.Type.UTF8 as unknown as forge.asn1.Class });
  cert.setSubject([{ name: 'countryName', value: 'BR' }, utf8('organizationName', 'ICP-Brasil'), utf8('commonName', `${name}:${cnpj}`)]);
  cert.setIssuer([{ name: 'countryName', value: 'BR' }, utf8('organizationName', 'ICP-Brasil'), utf8('commonName', 'AC Certificação Teste')]);
  cert.setExtensions([{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true }]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], 'senha', { algorithm: '3des' });
  return { pfx: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), password: 'senha' };
}

const summary = {
  title: 'Contrato',
  companyName: 'Padaria Pão Quente Ltda',
  documentSha256: 'b'.repeat(64),
  documentPages: 1,
  verificationCode: 'ABCD-EFGH-JK',
  verificationUrl: 'http://127.0.0.1/verificar/ABCD-EFGH-JK',
  signers: [{ name: 'Maria', email: 'maria@example.com', cpf: null, role: 'assinar' as const, signedAt: new Date(), signature: { text: 'Maria', imagePng: null } }],
  events: [{ kind: 'completed' as const, at: new Date(), signerName: null, ip: null, userAgent: null }],
};

describe("sealing with the company's A1 (decision 0592)", () => {
  it('seals with the A1 from the NFS-e settings when there is one (pdfsig: valid, the whole document, its name), else with the installation', async () => {
    const s = server.services;
    const tenant = (companyId: string) => ({ db: s.db, companyId });
    // A name with accents, as ICP-Brasil certificates carry them (UTF8String).
    const a1 = utf8A1(await companyCnpj(server, withA1.companyId), 'PADARIA PÃO QUENTE LTDA');
    expect((await uploadCertificate(server, withA1.admin, a1)).status).toBe(201);

    const cert = await sealingCertificate(s, tenant(withA1.companyId));
    expect(cert).toMatchObject({ source: 'company', label: 'PADARIA PÃO QUENTE LTDA' });
    const sealed = await finalPdf(s, tenant(withA1.companyId), await samplePdf(1), summary, new Date());
    const report = pdfsig(sealed);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toMatch(/Signer Certificate Common Name: PADARIA P.+O QUENTE LTDA:\d{14}/);
    const tampered = Buffer.from(sealed);
    // One byte inside the first page's content stream.
    const at = tampered.indexOf('stream', 0, 'latin1') + 12;
    tampered[at] = tampered[at]! ^ 0x01;
    expect(pdfsig(tampered)).not.toContain('Signature is Valid.');

    const fallback = await sealingCertificate(s, tenant(without.companyId));
    expect(fallback.source).not.toBe('company');
    expect(pdfsig(await finalPdf(s, tenant(without.companyId), await samplePdf(1), summary, new Date()))).toMatch(/Common Name: Sede - selo de documentos[\s\S]*Signature is Valid\./);
  });
});
