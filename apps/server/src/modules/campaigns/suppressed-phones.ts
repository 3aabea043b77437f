import { sql } from 'drizzle-orm';
import type { Services, Tenant } from '../../services.ts';
import { suppressionHash } from '../parties/public.ts';

/** The WhatsApp numbers (as `waNumber` gives them) whose phone hash is on the company's suppression list (a 'SAIR', decision 0301). */
export async function listedPhones(s: Services, t: Pick<Tenant, 'db' | 'companyId'>, numbers: string[]): Promise<Set<string>> {
  const hashOf = new Map(numbers.map((n) => [suppressionHash(s, t.companyId, { phone: n }).hash, n]));
  return new Set([...(await listedHashes(t, [...hashOf.keys()]))].map((hash) => hashOf.get(hash)!));
}

/** Which of these hashes (of an e-mail or a number) are on the company's suppression list, 5,000 at a time. */
export async function listedHashes(t: Pick<Tenant, 'db' | 'companyId'>, hashes: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < hashes.length; i += 5000) {
    const { rows } = await t.db.execute<{ hash: string }>(sql`SELECT hash FROM suppression_list WHERE company_id = ${t.companyId} AND hash = ANY(${sql.param(hashes.slice(i, i + 5000))}::text[])`);
    for (const r of rows) out.add(r.hash);
  }
  return out;
}
