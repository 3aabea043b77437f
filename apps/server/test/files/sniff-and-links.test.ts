import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createLinkToken, linkKey, verifyLinkToken } from '../../src/platform/files/links.ts';
import { sniffType } from '../../src/platform/files/sniff.ts';
import { mp4Bytes, pdfBytes, pngBytes } from './support.ts';

/** Unit tests (no server): the type comes from the bytes, and link tokens. */
describe('sniffType', () => {
  it('decides by content, not by name', async () => {
    expect(await sniffType(await pngBytes(4, 4), 'foto.pdf', 'image')).toEqual({ ok: true, mime: 'image/png' });
    expect(await sniffType(pdfBytes(), 'x.png', 'document')).toEqual({ ok: true, mime: 'application/pdf' });
    expect(await sniffType(mp4Bytes(4096), 'video.mov', 'video')).toEqual({ ok: true, mime: 'video/mp4' });
    expect(await sniffType(pdfBytes(), 'x.pdf', 'image')).toEqual({ ok: false, reason: 'type' });
  });

  it('refuses executables whatever the name or the kind', async () => {
    const elf = readFileSync(process.execPath).subarray(0, 8192);
    for (const kind of ['image', 'document', 'audio', 'video'] as const) {
      expect(await sniffType(elf, 'relatorio.pdf', kind)).toEqual({ ok: false, reason: 'executable' });
    }
    const pe = Buffer.alloc(1024);
    pe.write('MZ', 0);
    pe.writeUInt32LE(0x80, 0x3c);
    pe.write('PE\0\0', 0x80, 'latin1');
    expect(await sniffType(pe, 'planilha.xlsx', 'document')).toEqual({ ok: false, reason: 'executable' });
    expect(await sniffType(Buffer.from('#!/usr/bin/env node\nconsole.log(1)\n'), 'a.txt', 'document')).toEqual({ ok: false, reason: 'executable' });
  });

  it('text formats: text bytes and a .csv/.txt name; binary bytes named .csv are refused', async () => {
    expect(await sniffType(Buffer.from('a;b\r\n1;2\r\n'), 'dados.CSV', 'document')).toEqual({ ok: true, mime: 'text/csv' });
    expect(await sniffType(Buffer.from('Olá, mundo\n', 'latin1'), 'nota.txt', 'document')).toEqual({ ok: true, mime: 'text/plain' });
    expect(await sniffType(Buffer.from([0x00, 0x01, 0x02, 0x41]), 'dados.csv', 'document')).toEqual({ ok: false, reason: 'type' });
    expect(await sniffType(Buffer.from('a;b\n'), 'dados.doc', 'document')).toEqual({ ok: false, reason: 'type' });
    expect(await sniffType(Buffer.from('a;b\n'), 'dados.csv', 'image')).toEqual({ ok: false, reason: 'type' });
  });
});

describe('link tokens', () => {
  const key = linkKey('segredo-do-servidor-segredo-do-servidor');
  const id = '3f2b8a62-4c1d-4e5f-9a7b-0c1d2e3f4a5b';

  it('round-trips the file id and the expiry (to the second)', () => {
    const expires = new Date(Date.now() + 3600_000);
    const check = verifyLinkToken(key, createLinkToken(key, id, expires));
    expect(check).toEqual({ ok: true, fileId: id, expiresAt: new Date(Math.floor(expires.getTime() / 1000) * 1000) });
  });

  it('expired → expired; changed id, expiry, signature or key → invalid', () => {
    const token = createLinkToken(key, id, new Date(Date.now() + 3600_000));
    expect(verifyLinkToken(key, token, Date.now() + 2 * 3600_000)).toEqual({ ok: false, reason: 'expired' });
    const [, exp, mac] = token.split('.');
    expect(verifyLinkToken(key, `${id.replace('3f', '4f')}.${exp}.${mac}`).ok).toBe(false);
    expect(verifyLinkToken(key, `${id}.${(Number.parseInt(exp!, 36) + 1).toString(36)}.${mac}`).ok).toBe(false);
    // One character of the signature changed (replacing the last with 'A' changed nothing when it already was one: 1 run in 16).
    const tampered = mac!.slice(0, -1) + (mac!.endsWith('A') ? 'B' : 'A');
    expect(tampered).not.toBe(mac);
    expect(verifyLinkToken(key, `${id}.${exp}.${tampered}`).ok).toBe(false);
    expect(verifyLinkToken(linkKey('outro-segredo-outro-segredo-outro-segredo'), token)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLinkToken(key, '')).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyLinkToken(key, 'a.b.c.d')).toEqual({ ok: false, reason: 'invalid' });
  });
});
