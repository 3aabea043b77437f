import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const RSA_SHA256 = 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const DSIG_NS = 'http://www.w3.org/2000/09/xmldsig#';

/**
 * An enveloped XMLDSig (RSA-SHA256, C14N, the certificate in KeyInfo) of the element `signed`
 * (referenced by its Id), appended to the element `into`: the form of the NFS-e Nacional and
 * NF-e documents.
 */
export function signXml(xml: string, key: { privateKeyPem: string; certificatePem: string }, where: { signed: string; into: string }): string {
  const sig = new SignedXml({ privateKey: key.privateKeyPem, publicCert: key.certificatePem, signatureAlgorithm: RSA_SHA256, canonicalizationAlgorithm: C14N });
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
