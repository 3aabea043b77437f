import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { generateSignedCookie, getSignedCookie } from 'hono/cookie';

/**
 * A browser that has signed in to an account with its password (decision 0353): a signed,
 * HTTP-only cookie (hono's HMAC-SHA256 signed cookies) holding a random device id and the
 * accounts (a hash of each e-mail) it signed in to. A locked account still lets such a device
 * try its password, counted on its own, so a stranger failing on purpose cannot lock the owner out.
 */
export const DEVICE_COOKIE = 'sede_device';
const MAX_ACCOUNTS = 5;
const ONE_YEAR = 365 * 24 * 60 * 60;

const accountHash = (email: string) => createHash('sha256').update(email).digest('base64url').slice(0, 16);

export function createDeviceTrust(authSecret: string, secure: boolean) {
  const key = createHmac('sha256', authSecret).update('sede:trusted-device:v1').digest();
  const read = async (c: Context): Promise<{ id: string; accounts: string[] } | null> => {
    const value = await getSignedCookie(c, key, DEVICE_COOKIE).catch(() => false);
    if (typeof value !== 'string' || !value) return null;
    const [id, list = ''] = value.split(':');
    return id ? { id, accounts: list.split(',').filter(Boolean) } : null;
  };
  return {
    /** The device id when this browser has signed in to the account before, else null. */
    async knownDevice(c: Context, email: string): Promise<string | null> {
      const device = await read(c);
      return device?.accounts.includes(accountHash(email)) ? device.id : null;
    },
    /** The Set-Cookie value that adds the account to this browser (a new browser gets an id). */
    async remember(c: Context, email: string): Promise<string> {
      const device = (await read(c)) ?? { id: randomBytes(16).toString('base64url'), accounts: [] };
      const hash = accountHash(email);
      const accounts = [hash, ...device.accounts.filter((a) => a !== hash)].slice(0, MAX_ACCOUNTS);
      return generateSignedCookie(DEVICE_COOKIE, `${device.id}:${accounts.join(',')}`, key, { path: '/api/auth', httpOnly: true, secure, sameSite: 'Lax', maxAge: ONE_YEAR });
    },
  };
}
