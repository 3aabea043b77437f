import { constants, createPrivateKey, type KeyObject, privateEncrypt } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { SealingCertificate } from './certificate.ts';

/**
 * forge keeps a UTF8String name's bytes undecoded when it parses a certificate and encodes them
 * again when it writes the signer's issuer: 'PÃO' comes out double-encoded and no reader finds the
 * certificate (pdfsig: 'Unknown Validation Failure'). ICP-Brasil certificates carry UTF8String
 * names with accents, so the names are decoded once here (decision 0592). The certificate itself
 * is embedded from its original bytes (forge keeps its tbsCertificate).
 */
function parsed(pem: string): forge.pki.Certificate {
  const cert = forge.pki.certificateFromPem(pem);
  for (const attr of [...cert.issuer.attributes, ...cert.subject.attributes]) {
    if ((attr.valueTagClass as unknown as number) === forge.asn1.Type.UTF8 && typeof attr.value === 'string') {
      try {
        attr.value = forge.util.decodeUtf8(attr.value);
      } catch {
        // not UTF-8 after all: left as it is
      }
    }
  }
  return cert;
}

/** DER of a SHA-256 DigestInfo without its 32 bytes of digest (RFC 8017 §9.2, note 1). */
const SHA256_DIGEST_INFO = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * The RSA step of the signature done by Node's OpenSSL instead of forge's JavaScript (decision
 * 0720): forge builds the CMS structure and digests the attributes, this key signs their digest
 * with RSASSA-PKCS1-v1_5 — the same deterministic bytes, ~1 ms instead of tens on the event loop.
 */
export function nativeRsaKey(key: KeyObject) {
  return {
    sign: (md: forge.md.MessageDigest) => {
      const digest = Buffer.from(md.digest().getBytes(), 'binary');
      return privateEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, Buffer.concat([SHA256_DIGEST_INFO, digest])).toString('binary');
    },
  };
}

/**
 * A detached CMS signature (SHA-256, authenticated content type, signing time and digest — the
 * order EU validators expect) with the key and certificate chain as PEM: what @signpdf's P12
 * signer does, without the round trip through a PKCS#12 and with UTF8String names kept right.
 */
export class PemSigner extends Signer {
  constructor(private readonly certificate: SealingCertificate) {
    super();
  }

  async sign(pdfBuffer: Buffer, signingTime?: Date): Promise<Buffer> {
    const key = nativeRsaKey(createPrivateKey(this.certificate.keyPem)) as unknown as forge.pki.rsa.PrivateKey;
    const own = parsed(this.certificate.certPem);
    const p7 = forge.pkcs7.createSignedData();
    p7.content = forge.util.createBuffer(pdfBuffer.toString('binary'));
    p7.addCertificate(own);
    for (const pem of this.certificate.chainPem ?? []) p7.addCertificate(parsed(pem));
    p7.addSigner({
      key,
      certificate: own,
      digestAlgorithm: forge.pki.oids.sha256!,
      authenticatedAttributes: [
        { type: forge.pki.oids.contentType!, value: forge.pki.oids.data },
        { type: forge.pki.oids.signingTime!, value: (signingTime ?? new Date()) as unknown as string },
        { type: forge.pki.oids.messageDigest! },
      ],
    });
    p7.sign({ detached: true });
    return Buffer.from(forge.asn1.toDer(p7.toAsn1()).getBytes(), 'binary');
  }
}
