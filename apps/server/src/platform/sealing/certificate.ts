import { eq } from 'drizzle-orm';
import forge from 'node-forge';
import { schema } from '@sede/db/client';
import type { Services, Tenant } from '../../services.ts';
import { companyCertificate } from '../certificates/store.ts';
import { serverState } from '../module.ts';
import { decryptSecret, encryptSecret } from '../secret-box.ts';

/** A key and its certificate as PEM, the shape every sealing certificate has (the installation's, a company's A1). */
export type SealingCertificate = { keyPem: string; certPem: string; chainPem?: string[]; label: string; source?: 'company' | 'installation' };

const INSTALLATION = 'installation';

/**
 * A self-signed certificate for sealing documents (RSA 2048, 10 years, digitalSignature and
 * nonRepudiation): the installation's own when the company has no ICP-Brasil A1 (decision 0553).
 */
export function generateSealingCertificate(commonName: string, now = new Date()): SealingCertificate {
  const keys = forge.pki.rsa.generateKeyPair(2048);
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now.getTime() + 10 * 365 * 86_400_000);
  // ASCII only: forge re-encodes a UTF8String name it parsed back from the P12, and the signature's issuer then no longer matches.
  const subject = [
    { name: 'commonName', value: commonName.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^\x20-\x7e]/g, '-') },
    { name: 'organizationName', value: 'Sede' },
    { name: 'countryName', value: 'BR' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(keys.privateKey, forge.md.sha256.create());
  return { keyPem: forge.pki.privateKeyToPem(keys.privateKey), certPem: forge.pki.certificateToPem(cert), label: commonName };
}

/** A PKCS#12 bundle of the certificate (what @signpdf's P12 signer reads), protected by `passphrase`. */
export function toP12(c: SealingCertificate, passphrase: string): Buffer {
  const key = forge.pki.privateKeyFromPem(c.keyPem);
  const chain = [c.certPem, ...(c.chainPem ?? [])].map((pem) => forge.pki.certificateFromPem(pem));
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, chain, passphrase, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
}

/** The installation's certificate: made once (the first seal), kept encrypted in the database, reused by every instance. */
async function installationCertificate(s: Services): Promise<SealingCertificate> {
  const T = schema.sealingCertificates;
  const read = async () => {
    const [row] = await s.db.select().from(T).where(eq(T.id, INSTALLATION));
    return row ? (JSON.parse(decryptSecret(s, row.encrypted)) as SealingCertificate) : null;
  };
  const found = await read();
  if (found) return found;
  const made = generateSealingCertificate(`Sede - selo de documentos (${new URL(s.cfg.appUrl).host})`);
  // Two instances racing: the first row wins and both use it.
  await s.db.insert(T).values({ id: INSTALLATION, encrypted: encryptSecret(s, JSON.stringify(made)) }).onConflictDoNothing();
  return (await read()) ?? made;
}

/** The installation's certificate, read once per process (decision 0553). */
function installation(s: Services): Promise<SealingCertificate> {
  const cache = serverState(s, 'sealing.installation', () => ({ pending: null as Promise<SealingCertificate> | null }));
  // A failed read (the database away) is not kept: the next seal tries again.
  cache.pending ??= installationCertificate(s).catch((err) => {
    cache.pending = null;
    throw err;
  });
  return cache.pending;
}

/** 'EMPRESA LTDA:12345678000190' → 'EMPRESA LTDA': the name a PDF reader shows as who sealed. */
function commonNameOf(subject: string) {
  const cn = (/CN=([^,]+)/.exec(subject)?.[1] ?? subject).replace(/:\d{11,14}$/, '').trim();
  // forge keeps a UTF8String's bytes undecoded: 'PÃ\x83O' is 'PÃO'.
  try {
    return forge.util.decodeUtf8(cn);
  } catch {
    return cn;
  }
}

/**
 * The certificate that seals a company's documents (decisions 0553, 0592): the company's
 * ICP-Brasil A1 from the NFS-e settings (platform/certificates, decision 0540) when it has one
 * valid now, else the installation's own.
 */
export async function sealingCertificate(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>): Promise<SealingCertificate> {
  const a1 = await companyCertificate(s, tenant).catch((err) => {
    // An unreadable A1 (a changed server secret) never blocks a signature: the installation's seals instead.
    console.error('[sealing] company certificate not readable:', (err as Error).message);
    return null;
  });
  const now = s.clock.now();
  if (a1 && a1.notBefore.getTime() <= now && a1.notAfter.getTime() > now)
    return { keyPem: a1.privateKeyPem, certPem: a1.certificatePem, chainPem: a1.chainPem, label: commonNameOf(a1.subject), source: 'company' };
  return installation(s);
}
