import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { serverState } from '../../platform/module.ts';
import { authSecret } from '../../platform/secret.ts';
import type { Services } from '../../services.ts';

/**
 * Keys derived from the server's secret (BETTER_AUTH_SECRET or DATA_DIR/auth-secret), the way
 * the suppression hashes derive theirs: never stored in the database (decision 0251).
 */
const keyOf = (s: Services, purpose: string) =>
  serverState(s, `campaigns.key.${purpose}`, () => createHmac('sha256', authSecret(s.cfg.dataDir, s.cfg.BETTER_AUTH_SECRET)).update(`sede:campaigns:${purpose}:v1`).digest());

/** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function encryptSecret(s: Services, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(s, 'smtp'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(s: Services, stored: string): string {
  const [v, iv, tag, data] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('segredo em formato desconhecido');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(s, 'smtp'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/**
 * A recipient's token (open pixel, clicks, unsubscribe, VERP bounce address): its id in hex and
 * 80 bits of HMAC, 52 lower-case hex characters (safe in an e-mail's local part). A forged or
 * altered token is refused before any database read.
 */
export function recipientToken(s: Services, recipientId: string): string {
  const hex = recipientId.replaceAll('-', '').toLowerCase();
  return hex + createHmac('sha256', keyOf(s, 'token')).update(hex).digest('hex').slice(0, 20);
}

export function recipientFromToken(s: Services, token: string): string | null {
  if (!/^[0-9a-f]{52}$/.test(token)) return null;
  const hex = token.slice(0, 32);
  const expected = Buffer.from(recipientToken(s, hex).slice(32));
  if (!timingSafeEqual(expected, Buffer.from(token.slice(32)))) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
