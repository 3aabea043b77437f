import { generateKeyPairSync, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { lfPem } from '../../src/platform/certificates/pfx.ts';

export type TestCertificate = { pfx: Buffer; password: string; certificatePem: string; privateKeyPem: string };

const keyPair = () => {
  // Node makes the RSA key (fast); forge wraps it in the X.509 and the PKCS#12.
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const key = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e) };
};

let serial = 1;

/** ICP-Brasil's otherName 2.16.76.1.3.3 (the e-CNPJ's CNPJ) as the SAN's raw DER. */
function icpCnpjAltName(cnpj: string) {
  const { asn1 } = forge;
  const otherName = asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer('2.16.76.1.3.3').getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, cnpj)]),
  ]);
  return asn1.toDer(asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [otherName])).getBytes();
}

/**
 * A test-only A1 e-CNPJ (never a real one): RSA 2048, self-issued by a fake "AC Teste", the
 * CNPJ in the CN (NAME:CNPJ) and, unless `cnInName` is false, in the ICP-Brasil otherName.
 */
export function makeA1(o: { cnpj?: string | null; name?: string; password?: string; notBefore?: Date; notAfter?: Date; withKey?: boolean; cnInName?: boolean } = {}): TestCertificate {
  const { key, publicKey } = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = (0x10000000 + serial++).toString(16); // DER INTEGER: no leading zero byte
  cert.validity.notBefore = o.notBefore ?? new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = o.notAfter ?? new Date(Date.now() + 365 * 86_400_000);
  const name = o.name ?? 'EMPRESA TESTE LTDA';
  const cn = o.cnpj && o.cnInName !== false ? `${name}:${o.cnpj}` : name;
  cert.setSubject([{ name: 'countryName', value: 'BR' }, { name: 'organizationName', value: 'ICP-Brasil' }, { name: 'commonName', value: cn }]);
  cert.setIssuer([{ name: 'countryName', value: 'BR' }, { name: 'organizationName', value: 'ICP-Brasil' }, { name: 'commonName', value: 'AC Teste Sede' }]);
  const extensions: object[] = [{ name: 'basicConstraints', cA: false }, { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true }];
  if (o.cnpj) extensions.push({ id: '2.5.29.17', value: icpCnpjAltName(o.cnpj) });
  cert.setExtensions(extensions);
  cert.sign(key, forge.md.sha256.create());
  const password = o.password ?? 'senha-de-teste';
  const p12 = forge.pkcs12.toPkcs12Asn1(o.withKey === false ? null : key, [cert], password, { algorithm: '3des' });
  return {
    pfx: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'),
    password,
    certificatePem: lfPem(forge.pki.certificateToPem(cert)),
    privateKeyPem: lfPem(forge.pki.privateKeyToPem(key)),
  };
}

/** A TLS server certificate for 127.0.0.1 and its PEM (the fake's; the client trusts it through a CA file). */
export function makeServerTls(): { key: string; cert: string } {
  const { key, publicKey } = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  // A subject of its own: a client trusting several fakes' certificates finds each by its name.
  const unique = randomBytes(8).toString('hex');
  cert.serialNumber = `01${unique}`;
  cert.validity.notBefore = new Date(Date.now() - 86_400_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 86_400_000);
  const attrs = [
    { name: 'commonName', value: '127.0.0.1' },
    { name: 'organizationName', value: `Fake ${unique}` },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'basicConstraints', cA: true }, { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  cert.sign(key, forge.md.sha256.create());
  return { key: lfPem(forge.pki.privateKeyToPem(key)), cert: lfPem(forge.pki.certificateToPem(cert)) };
}
