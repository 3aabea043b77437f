import { hash, randomBytes } from 'node:crypto';
import type { ApiKeyKind } from '@sede/shared/platform/api-keys';

/**
 * An API key is 32 random bytes after a visible prefix (decision 0640): `sede_live_` for the keys
 * integrations keep secret, `sede_form_` for the ones a site's form carries in the page. Only its
 * SHA-256 is stored: 256 bits of randomness need no slow hash, and the lookup stays one index read.
 */
const PREFIXES: Record<ApiKeyKind, string> = { secret: 'sede_live_', form: 'sede_form_' };
const KEY_SHAPE = /^sede_(live|form)_[A-Za-z0-9_-]{43}$/;
const VISIBLE_CHARS = 8;

/** One-shot `crypto.hash` (no Hash object per call: a key's every call hashes its secret, decision 0774). */
export const hashSecret = (secret: string) => hash('sha256', secret, 'hex');

/** A new key: the secret (shown once), what identifies it on screen, and the hash that is kept. */
export function newSecret(kind: ApiKeyKind) {
  const secret = PREFIXES[kind] + randomBytes(32).toString('base64url');
  return { secret, prefix: secret.slice(0, PREFIXES[kind].length + VISIBLE_CHARS), hash: hashSecret(secret) };
}

/** Whether a bearer token has a key's shape (anything else is refused without a lookup). */
export const looksLikeKey = (token: string) => KEY_SHAPE.test(token);
