import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { Services } from '../services.ts';
import { serverState } from './module.ts';
import { authSecret } from './secret.ts';

/**
 * A key derived from the server's secret (BETTER_AUTH_SECRET or DATA_DIR/auth-secret) for one
 * purpose, never stored in the database (decision 0251). The labels still say 'campaigns', where
 * the first secrets (SMTP passwords) were kept: changing them would lock every stored secret.
 */
export const derivedKey = (s: Services, purpose: string) =>
  serverState(s, `campaigns.key.${purpose}`, () => createHmac('sha256', authSecret(s.cfg.dataDir, s.cfg.BETTER_AUTH_SECRET)).update(`sede:campaigns:${purpose}:v1`).digest());

/** A company's secret at rest (an SMTP password, a WhatsApp token): AES-256-GCM, "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function encryptSecret(s: Services, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', derivedKey(s, 'smtp'), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
}

export function decryptSecret(s: Services, stored: string): string {
  const [v, iv, tag, data] = stored.split('.');
  if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('segredo em formato desconhecido');
  const decipher = createDecipheriv('aes-256-gcm', derivedKey(s, 'smtp'), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
