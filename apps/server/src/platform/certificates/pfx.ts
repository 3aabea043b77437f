import forge from 'node-forge';

/** What a PFX holds once opened: the key and chain as PEM, and the facts people read. */
export type OpenedCertificate = {
  privateKeyPem: string;
  certificatePem: string;
  /** The issuers after the certificate, as found in the PFX (may be empty). */
  chainPem: string[];
  subject: string;
  cnpj: string | null;
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
};

export class PfxError extends Error {
  constructor(readonly reason: 'password' | 'unreadable' | 'no-key') {
    super(reason);
  }
}

/** ICP-Brasil's otherName for the CNPJ of an e-CNPJ (DOC-ICP-04), DER-encoded. */
const ICP_CNPJ_OID_DER = '\x06\x05\x60\x4c\x01\x03\x03';

/** forge writes PEM with CRLF; Node's crypto and xml-crypto expect LF. */
export const lfPem = (pem: string) => pem.replace(/\r\n/g, '\n');

const describe = (attrs: forge.pki.CertificateField[]) =>
  attrs
    .map((a) => `${a.shortName ?? a.name ?? a.type}=${String(a.value)}`)
    .reverse()
    .join(', ');

/** The CNPJ of an e-CNPJ: the otherName 2.16.76.1.3.3 of its alternative names, else the CN's ':<14 digits>' suffix. */
function cnpjOf(cert: forge.pki.Certificate): string | null {
  const san = cert.getExtension('subjectAltName') as { value?: string } | null;
  const raw = san?.value ?? '';
  const at = raw.indexOf(ICP_CNPJ_OID_DER);
  if (at >= 0) {
    const digits = /\d{14}/.exec(raw.slice(at + ICP_CNPJ_OID_DER.length, at + ICP_CNPJ_OID_DER.length + 40));
    if (digits) return digits[0];
  }
  const cn = String(cert.subject.getField('CN')?.value ?? '');
  return /:(\d{14})$/.exec(cn)?.[1] ?? null;
}

/**
 * Opens an A1 certificate (PKCS#12) with its password: the end-entity certificate is the one whose
 * public key matches the private key; the others are its chain. Throws PfxError.
 */
export function openPfx(bytes: Uint8Array, password: string): OpenedCertificate {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')));
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
    } catch (err) {
      throw /password|MAC/i.test(String((err as Error).message)) ? new PfxError('password') : new PfxError('unreadable');
    }
  } catch (err) {
    if (err instanceof PfxError) throw err;
    throw new PfxError('unreadable');
  }
  const keyBag = [...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []), ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? [])].find(
    (b) => b.key,
  );
  if (!keyBag?.key) throw new PfxError('no-key');
  const key = keyBag.key as forge.pki.rsa.PrivateKey;
  const certs = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? []).map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c);
  const own = certs.find((c) => (c.publicKey as forge.pki.rsa.PublicKey).n?.equals(key.n));
  if (!own) throw new PfxError('no-key');
  return {
    privateKeyPem: lfPem(forge.pki.privateKeyToPem(key)),
    certificatePem: lfPem(forge.pki.certificateToPem(own)),
    chainPem: certs.filter((c) => c !== own).map((c) => lfPem(forge.pki.certificateToPem(c))),
    subject: describe(own.subject.attributes),
    cnpj: cnpjOf(own),
    issuer: describe(own.issuer.attributes),
    serialNumber: own.serialNumber,
    notBefore: own.validity.notBefore,
    notAfter: own.validity.notAfter,
  };
}
