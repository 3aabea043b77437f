import { and, eq, isNull } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { JobContext } from '../../platform/jobs/run.ts';
import type { Services } from '../../services.ts';
import { cnpjLookupFor } from '../cnpj/public.ts';

const O = schema.organizations;
/** How long to wait when every provider is rate limited (their local budgets refill per minute). */
export const ENRICH_RATE_LIMIT_WAIT_MS = 20_000;
/** At most this many waits per run; what is left keeps the data the import gave it. */
const MAX_WAITS = 6;

const clip = (v: string | null | undefined, max = 200) => (v ? v.slice(0, max) : null);

/**
 * Enriches the organizations an import created from a CNPJ (decision 0158): one lookup at a
 * time through the server's one CNPJ lookup — its cache, its per-provider token buckets and its
 * back-off after a 429 — so an import of thousands of CNPJs never trips the public providers'
 * limits. Only empty fields are filled; a razão social that was just the CNPJ is replaced.
 */
export async function runEnrichment(s: Services, ctx: JobContext<{ organizationIds: string[] }>, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))) {
  const t = ctx.tenant;
  const lookup = cnpjLookupFor(s);
  const ids = ctx.input.organizationIds;
  let enriched = 0;
  let waits = 0;
  for (let i = 0; i < ids.length; i++) {
    const [org] = await t.db
      .select()
      .from(O)
      .where(and(eq(O.id, ids[i]!), eq(O.companyId, t.companyId), isNull(O.deletedAt)));
    if (!org?.cnpj) continue;
    const result = await lookup.lookup(org.cnpj);
    if (result.status === 'error' && result.reason === 'rate_limited' && waits < MAX_WAITS) {
      waits++;
      ctx.progress({ message: 'Aguardando o limite das consultas de CNPJ…' });
      await wait(ENRICH_RATE_LIMIT_WAIT_MS);
      i--;
      continue;
    }
    if (result.status !== 'found') continue;
    const r = result.company;
    await t.db
      .update(O)
      .set({
        razaoSocial: org.razaoSocial === org.cnpj || !org.razaoSocial ? r.razao_social.slice(0, 300) || org.razaoSocial : org.razaoSocial,
        nomeFantasia: org.nomeFantasia ?? clip(r.nome_fantasia, 300),
        email: org.email ?? clip(r.email?.toLowerCase() ?? null, 320),
        phone: org.phone ?? (r.telefone && /^\d{10,11}$/.test(r.telefone) ? r.telefone : null),
        logradouro: org.logradouro ?? clip(r.logradouro),
        numero: org.numero ?? clip(r.numero, 20),
        bairro: org.bairro ?? clip(r.bairro),
        municipio: org.municipio ?? clip(r.municipio),
        uf: org.uf ?? (r.uf && /^[A-Z]{2}$/.test(r.uf) ? r.uf : null),
        cep: org.cep ?? (r.cep && /^\d{8}$/.test(r.cep) ? r.cep : null),
        updatedAt: new Date(),
      })
      .where(and(eq(O.id, org.id), eq(O.companyId, t.companyId)));
    enriched++;
    ctx.progress({ stage: 'Completando empresas pelo CNPJ', done: i + 1, total: ids.length });
  }
  return { enriched };
}
