import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { signXml, verifyXmlSignature } from '../../src/platform/certificates/xml-signature.ts';
import { buildDps, type DpsInput } from '../../src/modules/finance-nfse/dps.ts';
import { makeA1 } from '../support/test-certificates.ts';

const cert = makeA1({ cnpj: '12345678000195' });
const other = makeA1({ cnpj: '12345678000195' });
const input: DpsInput = {
  environment: 'restricted',
  issuedAt: new Date('2026-12-02T13:00:00Z'),
  competence: '2026-12-01',
  serie: '1',
  number: 42,
  municipalityCode: '3550308',
  provider: { cnpj: '12345678000195', municipalRegistration: '1234', regime: 'simples' },
  taker: { document: '11.222.333/0001-81', name: 'Cliente & Filhos <Ltda>', email: null },
  service: { code: '010101', description: 'Desenvolvimento', issRate: 2 },
  amountCents: 1500_00,
  ibsCbs: { cst: '000', classification: '000001' },
};

const field = (xml: string, name: string) => new DOMParser().parseFromString(xml, 'text/xml').getElementsByTagName(name)[0]?.textContent ?? null;

describe('DPS of the NFS-e Nacional', () => {
  it('carries the required fields of the national layout', () => {
    const { xml, id } = buildDps(input);
    expect(id).toBe('DPS355030821234567800019500001000000000000042');
    expect(id).toHaveLength(45);
    expect(xml).toContain(`<infDPS Id="${id}">`);
    expect(field(xml, 'tpAmb')).toBe('2');
    expect(field(xml, 'dhEmi')).toBe('2026-12-02T10:00:00-03:00');
    expect(field(xml, 'nDPS')).toBe('42');
    expect(field(xml, 'dCompet')).toBe('2026-12-01');
    expect(field(xml, 'opSimpNac')).toBe('3');
    expect(field(xml, 'CNPJ')).toBe('12345678000195');
    expect(field(xml, 'xNome')).toBe('Cliente & Filhos <Ltda>');
    expect(field(xml, 'cTribNac')).toBe('010101');
    expect(field(xml, 'vServ')).toBe('1500.00');
    expect(field(xml, 'pAliq')).toBe('2.00');
    expect(field(xml, 'cClassTrib')).toBe('000001');
    expect(buildDps({ ...input, environment: 'production', ibsCbs: null }).xml).not.toContain('IBSCBS');
  });

  it('is signed (enveloped, RSA-SHA256) so the signature verifies with the certificate', () => {
    const signed = signXml(buildDps(input).xml, cert, { signed: 'infDPS', into: 'DPS' });
    expect(signed).toContain('http://www.w3.org/2001/04/xmldsig-more#rsa-sha256');
    expect(signed).toMatch(/<Reference URI="#DPS\d{42}">/);
    expect(signed).toContain('<X509Certificate>');
    expect(verifyXmlSignature(signed, cert.certificatePem)).toBe(true);
    expect(verifyXmlSignature(signed, other.certificatePem)).toBe(false);
  });

  it('fails verification once the signed XML is tampered with', () => {
    const signed = signXml(buildDps(input).xml, cert, { signed: 'infDPS', into: 'DPS' });
    expect(verifyXmlSignature(signed.replace('<vServ>1500.00</vServ>', '<vServ>15.00</vServ>'), cert.certificatePem)).toBe(false);
    expect(verifyXmlSignature(buildDps(input).xml, cert.certificatePem)).toBe(false);
  });
});
