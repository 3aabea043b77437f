import type { Services } from '../../services.ts';
import { suppressionHash } from '../parties/public.ts';

/** The WhatsApp numbers (as `waNumber` gives them) whose phone hash is on the company's suppression list (a 'SAIR', decision 0301). */
export async function listedPhones(s: Services, companyId: string, numbers: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  const hashOf = new Map(numbers.map((n) => [suppressionHash(s, companyId, { phone: n }).hash, n]));
  const hashes = [...hashOf.keys()];
  for (let i = 0; i < hashes.length; i += 5000) {
    const { rows } = await s.pool.query<{ hash: string }>(`SELECT hash FROM suppression_list WHERE company_id = $1 AND hash = ANY($2)`, [companyId, hashes.slice(i, i + 5000)]);
    for (const r of rows) out.add(hashOf.get(r.hash)!);
  }
  return out;
}
