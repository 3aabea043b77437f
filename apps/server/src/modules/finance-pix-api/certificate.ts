import forge from 'node-forge';
import { day } from '@sede/shared/format';
import { PIX_API_MESSAGES as M } from '@sede/shared/finance/pix-api';
import { badRequest } from '../../http/errors.ts';
import { lfPem, type OpenedCertificate, openPfx, PfxError } from '../../platform/certificates/pfx.ts';

/**
 * The PSP's client certificate for mTLS (decision 0560). Banks hand it out as a PFX/P12 or as PEM
 * (certificate and private key, the key possibly encrypted); both are kept as one PFX, encrypted
 * at rest, so there is one way to open it. It is the bank's certificate, not an ICP-Brasil e-CNPJ:
 * no CNPJ check, only the password, the key and the validity.
 */
export type ClientCertificate = { pfx: Buffer; password: string; opened: OpenedCertificate };

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** A PEM bundle (certificate + key, in any order, key encrypted or not) as a PFX under `password`. */
function pemToPfx(text: string, password: string): Buffer {
  const blocks = text.match(/-----BEGIN ([A-Z0-9 ]+)-----[\s\S]+?-----END \1-----/g) ?? [];
  const certs: forge.pki.Certificate[] = [];
  let key: forge.pki.PrivateKey | null = null;
  for (const block of blocks) {
    if (/BEGIN CERTIFICATE/.test(block)) certs.push(forge.pki.certificateFromPem(block));
    else if (/BEGIN ENCRYPTED PRIVATE KEY/.test(block)) {
      key = forge.pki.decryptRsaPrivateKey(block, password);
      if (!key) throw new PfxError('password');
    } else if (/BEGIN (RSA )?PRIVATE KEY/.test(block)) {
      // A legacy PEM key with its own encryption header needs the password too.
      key = /Proc-Type: 4,ENCRYPTED/.test(block) ? forge.pki.decryptRsaPrivateKey(block, password) : forge.pki.privateKeyFromPem(block);
      if (!key) throw new PfxError('password');
    }
  }
  if (!certs.length) throw new PfxError('unreadable');
  if (!key) throw new PfxError('no-key');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, certs, password, { algorithm: '3des' });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

/**
 * Opens an upload (PFX or PEM) and checks it: the password, the private key, valid today.
 * Throws a 400 in Portuguese that says what to do.
 */
export function readClientCertificate(bytes: Uint8Array, password: string, now: number): ClientCertificate {
  const head = Buffer.from(bytes.subarray(0, 64)).toString('latin1');
  let pfx: Buffer;
  let opened: OpenedCertificate;
  try {
    pfx = head.includes('-----BEGIN') ? pemToPfx(Buffer.from(bytes).toString('utf8'), password) : Buffer.from(bytes);
    opened = openPfx(pfx, password);
  } catch (err) {
    const reason = err instanceof PfxError ? err.reason : 'unreadable';
    throw badRequest(reason === 'password' ? M.certWrongPassword : reason === 'no-key' ? M.certNoKey : M.certUnreadable, 'CERTIFICATE_INVALID');
  }
  if (opened.notAfter.getTime() < now) throw badRequest(M.certExpired(day(isoDay(opened.notAfter))), 'CERTIFICATE_EXPIRED');
  if (opened.notBefore.getTime() > now) throw badRequest(M.certNotYetValid(day(isoDay(opened.notBefore))), 'CERTIFICATE_INVALID');
  return { pfx, password, opened: { ...opened, certificatePem: lfPem(opened.certificatePem) } };
}
