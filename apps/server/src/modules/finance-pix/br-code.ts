import { randomInt } from 'node:crypto';
import { createStaticPix, hasError } from 'pix-utils';
import QRCode from 'qrcode';

/**
 * The static Pix BR Code (EMV merchant-presented payload, Manual de Padrões para Iniciação do Pix)
 * of a charge: key, amount, txid and CRC16 through pix-utils; its QR drawn by qrcode as SVG.
 */

const TXID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** A static BR Code's txid: at most 25 alphanumerics (field 62-05). */
export const STATIC_TXID_LENGTH = 25;

export function newStaticTxid(): string {
  let id = '';
  for (let i = 0; i < STATIC_TXID_LENGTH; i++) id += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return id;
}

/** The EMV fields take ASCII upper case without accents, within their lengths. */
export const emvText = (value: string, max: number) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .,-]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trim();

export type StaticBrCodeInput = { pixKey: string; amountCents: number; txid: string; merchantName: string; merchantCity: string | null };

export function staticBrCode(input: StaticBrCodeInput): string {
  const pix = createStaticPix({
    pixKey: input.pixKey,
    merchantName: emvText(input.merchantName, 25) || 'EMPRESA',
    // The city is mandatory in the payload; a company without one on file is said to be in Brazil.
    merchantCity: emvText(input.merchantCity ?? '', 15) || 'BRASIL',
    transactionAmount: input.amountCents / 100,
    txid: input.txid,
  });
  if (hasError(pix)) throw new Error(`pix-utils: ${pix.message}`);
  return pix.throwIfError().toBRCode();
}

/** The QR code of a payload as an SVG document (medium error correction, a quiet zone of 2 modules). */
export const qrSvg = (payload: string) => QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
