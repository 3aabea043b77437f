import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links to a file for people outside the company (decision 0112): the token carries the
 * file id and its expiry, signed with HMAC-SHA256 under a key derived from the server's auth
 * secret. Nothing is stored: a link cannot be listed, and it dies with its expiry or its file.
 */
export type LinkCheck = { ok: true; fileId: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The links' own key: HMAC(secret, purpose), so a token is never a valid signature of anything else. */
export const linkKey = (secret: string) => createHmac('sha256', secret).update('sede:file-links:v1').digest();

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function createLinkToken(key: Buffer, fileId: string, expiresAt: Date): string {
  const payload = `${fileId}.${Math.floor(expiresAt.getTime() / 1000).toString(36)}`;
  return `${payload}.${sign(key, payload)}`;
}

export function verifyLinkToken(key: Buffer, token: string, now = Date.now()): LinkCheck {
  const parts = token.split('.');
  if (parts.length !== 3) return { ok: false, reason: 'invalid' };
  const [fileId, exp, mac] = parts as [string, string, string];
  if (!UUID.test(fileId) || !/^[0-9a-z]{1,10}$/.test(exp)) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(sign(key, `${fileId}.${exp}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'invalid' };
  const expiresAt = new Date(Number.parseInt(exp, 36) * 1000);
  if (expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  return { ok: true, fileId, expiresAt };
}
