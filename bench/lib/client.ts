import pg from 'pg';
import { createDb } from '@sede/db/client';
import { seedCompany, type SeedCompany } from '../../apps/server/test/support/seed.ts';

export type Mail = { to: string; subject: string; text: string };

const linkIn = (m: Mail) => /https?:\/\/\S+/.exec(m.text)?.[0];

/** The newest dev-mailbox message to `to` that `matches` (polls: some mail is queued). */
export async function devMail(baseUrl: string, to: string, matches: (m: Mail) => boolean, tries = 100, everyMs = 50): Promise<Mail> {
  for (let i = 0; i < tries; i++) {
    const box = (await (await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to.toLowerCase())}`)).json()) as { messages: Mail[] };
    const found = box.messages.find(matches);
    if (found) return found;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  throw new Error(`no such e-mail to ${to}`);
}

/** Signs up through the API, confirms through the dev mailbox, signs in: the Cookie header. */
export async function signUpConfirmed(baseUrl: string, email: string, password = 'segredo123'): Promise<string> {
  // better-auth refuses POSTs without an Origin in production: send the server's own.
  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(body) });
  const up = await fetch(`${baseUrl}/api/auth/sign-up/email`, json({ email, password, name: 'Bench Sede', firstName: 'Bench', lastName: 'Sede', callbackURL: '/email-confirmed' }));
  if (!up.ok) throw new Error(`sign-up ${email}: ${up.status} ${await up.text()}`);
  const mail = await devMail(baseUrl, email, (m) => Boolean(linkIn(m)?.includes('verify-email'))).catch(() => null);
  if (!mail) throw new Error(`no confirmation e-mail for ${email}`);
  const url = new URL(linkIn(mail)!);
  await fetch(`${baseUrl}${url.pathname}${url.search}`, { redirect: 'manual' });
  const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, json({ email, password }));
  if (!signIn.ok) throw new Error(`sign-in ${email}: ${signIn.status} ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.includes('session_token='));
  if (!cookie) throw new Error(`sign-in ${email} set no session cookie`);
  return cookie;
}

export function sqlClient(connection: string | pg.PoolConfig) {
  // Idle connections stay until close(): an idle timer per connection would read as a timer a plug-in left open.
  const pool = new pg.Pool({ ...(typeof connection === 'string' ? { connectionString: connection } : connection), max: 4, idleTimeoutMillis: 0 });
  pool.on('error', () => {});
  const db = createDb(pool);
  const sql = async <T = Record<string, any>>(query: string, params: unknown[] = []) => (await pool.query(query, params)).rows as T[];
  const userId = async (email: string) => (await sql<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [email.toLowerCase()]))[0]!.id;
  return {
    sql,
    /** The same database through Drizzle (for plug-ins that call server code in-process, e.g. runPaidAction). */
    db,
    /** A company whose admin is the signed-up person with this e-mail, through the shared seed. */
    seedCompany: async (adminEmail: string, opts: Omit<SeedCompany, 'adminUserId'> = {}) => seedCompany(db, { ...opts, adminUserId: await userId(adminEmail) }),
    close: () => pool.end(),
  };
}
