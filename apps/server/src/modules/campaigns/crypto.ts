import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../platform/secret-box.ts';
import type { Services } from '../../services.ts';

/**
 * A recipient's token (open pixel, clicks, unsubscribe, VERP bounce address): its id in hex and
 * 80 bits of HMAC, 52 lower-case hex characters (safe in an e-mail's local part). A forged or
 * altered token is refused before any database read.
 */
export function recipientToken(s: Services, recipientId: string): string {
  const hex = recipientId.replaceAll('-', '').toLowerCase();
  return hex + createHmac('sha256', derivedKey(s, 'token')).update(hex).digest('hex').slice(0, 20);
}

export function recipientFromToken(s: Services, token: string): string | null {
  if (!/^[0-9a-f]{52}$/.test(token)) return null;
  const hex = token.slice(0, 32);
  const expected = Buffer.from(recipientToken(s, hex).slice(32));
  if (!timingSafeEqual(expected, Buffer.from(token.slice(32)))) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
