import { createPrivateKey, type KeyObject } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * The parsed key and the KeyInfo of a certificate, kept per PEM: parsing them on every signature
 * was half of its time (the 30 ms p95 target of bench/nfse.bench.ts). A few companies sign at once; the
 * oldest entry goes past SIGNERS_MAX.
 */
const SIGNERS_MAX = 200;
const signers = new Map<string, { privateKey: KeyObject; keyInfo: string }>();
function signer(key: { privateKeyPem: string; certificatePem: string }) {
  const id = key.privateKeyPem + key.certificatePem;
  let found = signers.get(id);
  if (!found) {
    const base64 = key.certificatePem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
    found = { privateKey: createPrivateKey(key.privateKeyPem), keyInfo: `<X509Data><X509Certificate>${base64}</X509Certificate></X509Data>` };
    if (signers.size >= SIGNERS_MAX) signers.delete(signers.keys().next().value!);
    signers.set(id, found);
  }
  return found;
}

/**
 * An enveloped XMLDSig (RSA-SHA256, C14N, the certificate in KeyInfo) of the element `signed`
 * (referenced by its Id), appended to the element `into`: the form of the NFS-e Nacional and
 * NF-e documents.
 */
export function signXml(xml: string, key: { privateKeyPem: string; certificatePem: string }, where: { signed: string; into: string }): string {
  const { privateKey, keyInfo } = signer(key);
  const sig = new SignedXml({ privateKey: privateKey as unknown as string, getKeyInfoContent: () => keyInfo, signatureAlgorithm: RSA_SHA256, canonicalizationAlgorithm: C14N });
  sig.addReference({ xpath: `//*[local-name(.)='${where.signed}']`, transforms: [ENVELOPED, C14N], digestAlgorithm: SHA256 });
  sig.computeSignature(xml, { location: { reference: `//*[local-name(.)='${where.into}']`, action: 'append' } });
  return sig.getSignedXml();
}

/** True when the document's (first) signature verifies with `certificatePem` (never the certificate the document carries). */
export function verifyXmlSignature(xml: string, certificatePem: string): boolean {
  try {
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const signature = doc.getElementsByTagNameNS(DSIG_NS, 'Signature')[0];
    if (!signature) return false;
    const sig = new SignedXml({ publicCert: certificatePem, getCertFromKeyInfo: () => null });
    sig.loadSignature(signature as unknown as Node);
    return sig.checkSignature(xml);
  } catch {
    return false;
  }
}
