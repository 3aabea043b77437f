import jsQR from 'jsqr';
import { parsePix } from 'pix-utils';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { emvText, newStaticTxid, qrSvg, staticBrCode } from '../../src/modules/finance-pix/br-code.ts';

/** CRC16/CCITT-FALSE (poly 0x1021, init 0xFFFF), the BR Code's field 63, written here independently of the library. */
function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const input = { pixKey: 'financeiro@padaria.com.br', amountCents: 1234_56, txid: newStaticTxid(), merchantName: 'Padaria Pão Quente de São Paulo Ltda', merchantCity: 'São Paulo' };

describe('static BR Code', () => {
  it('checks the CRC the way the Banco Central manual does', () => {
    // The manual's own example (Manual de Padrões para Iniciação do Pix, static key example).
    const manual = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***6304';
    expect(crc16(manual)).toBe('1D3D');
  });

  it('decodes to what was encoded, with a correct CRC', () => {
    const code = staticBrCode(input);
    expect(parsePix(code)).toMatchObject({
      type: 'STATIC',
      pixKey: 'financeiro@padaria.com.br',
      transactionAmount: 1234.56,
      txid: input.txid,
      merchantName: 'PADARIA PAO QUENTE DE SAO',
      merchantCity: 'SAO PAULO',
      countryCode: 'BR',
      transactionCurrency: '986',
    });
    expect(code).toMatch(/^000201/);
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    // One digit changed: the CRC no longer matches.
    const tampered = code.replace('1234.56', '1234.57');
    expect(tampered.slice(-4)).not.toBe(crc16(tampered.slice(0, -4)));
  });

  it('reads back from the rendered QR image', async () => {
    const code = staticBrCode({ ...input, amountCents: 5_00, pixKey: '+5511987654321' });
    const svg = await qrSvg(code);
    const { data, info } = await sharp(Buffer.from(svg), { density: 300 }).resize(480, 480).flatten({ background: '#ffffff' }).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const read = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(read?.data).toBe(code);
  });

  it('keeps the EMV text fields in ASCII capitals within their lengths; txids are 25 alphanumerics', () => {
    expect(emvText('  Açaí & Cia — São João  ', 25)).toBe('ACAI CIA SAO JOAO');
    expect(emvText('Ribeirão das Neves', 15)).toBe('RIBEIRAO DAS NE');
    expect(staticBrCode({ ...input, merchantCity: null })).toContain('6006BRASIL');
    const ids = new Set(Array.from({ length: 200 }, newStaticTxid));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{25}$/);
  });
});
