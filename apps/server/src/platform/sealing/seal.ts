import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import type { PDFDocument } from 'pdf-lib';
import type { SealingCertificate } from './certificate.ts';
import { PemSigner } from './pem-signer.ts';

export type SealInfo = { reason: string; location: string; contact: string; signingTime: Date };

/**
 * Seals a PDF being built with pdf-lib (decision 0553): a PAdES signature field (ETSI.CAdES.detached,
 * invisible) over the whole file, so any reader shows whether a byte changed after it.
 */
export async function sealPdf(pdfDoc: PDFDocument, certificate: SealingCertificate, info: SealInfo): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc,
    reason: info.reason,
    contactInfo: info.contact,
    name: certificate.label,
    location: info.location,
    signingTime: info.signingTime,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
    signatureLength: 16_384,
    appName: 'Sede',
  });
  const unsigned = Buffer.from(await pdfDoc.save({ useObjectStreams: false }));
  return new SignPdf().sign(unsigned, new PemSigner(certificate), info.signingTime);
}
