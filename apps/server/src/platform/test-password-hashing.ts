import { randomBytes, scrypt, timingSafeEqual, type BinaryLike, type ScryptOptions } from 'node:crypto';

/**
 * Under NODE_ENV=test only (platform/auth.ts): better-auth's own scrypt and `salt:key` format at
 * N = 2^10 instead of 2^14. A test run signs up and signs in thousands of accounts; at full cost
 * each one was a fifth of a second of one core (decision 0439). Production never takes this path.
 */
const COST = { N: 1024, r: 16, p: 1 } as const;
const KEY_LENGTH = 64;

const derive = (password: string, salt: BinaryLike, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key))));

export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${salt}:${(await derive(password, salt, COST)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    const [salt, key] = hash.split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    return timingSafeEqual(await derive(password, salt, COST), expected);
  },
};
