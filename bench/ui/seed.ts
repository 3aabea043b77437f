import { company, seed as seedDeals } from '../crm/board.ts';
import { seedPeople } from '../crm/contacts.ts';
import { seedEntries } from '../finance/entries.ts';
import type { BenchContext } from '../types.ts';

export const SIZES = {
  deals: Number(process.env.BENCH_UI_DEALS ?? 1_000),
  people: Number(process.env.BENCH_UI_PEOPLE ?? 100_000),
  /** Two payables for each receivable: 150,000 entries are 100,000 payables. */
  payables: Number(process.env.BENCH_UI_PAYABLES ?? 100_000),
  materials: Number(process.env.BENCH_UI_MATERIALS ?? 5_000),
};

const api = async <T>(ctx: BenchContext, cookie: string, path: string): Promise<T> => {
  const res = await fetch(`${ctx.baseUrl}/api${path}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

/** `n` materials of the company's own library (image files without bytes or thumbnails: the list, not the pictures, is measured). */
async function seedMaterials(ctx: BenchContext, cookie: string, companyId: string, n: number) {
  const { clients } = await api<{ clients: Array<{ id: string; isOwn: boolean }> }>(ctx, cookie, '/marketing/clients');
  const clientId = clients.find((c) => c.isOwn)!.id;
  await ctx.sql(
    `WITH m AS (SELECT gen_random_uuid() AS id, gen_random_uuid() AS file_id, g FROM generate_series(1, $3::int) g),
          f AS (INSERT INTO files (id, company_id, entity_type, entity_id, kind, name, mime, size, storage_key, sha256, created_at)
                SELECT file_id, $1, 'marketing_material', id::text, 'image', 'Foto ' || g || '.jpg', 'image/jpeg', 100000 + g * 37, 'bench/' || file_id, md5(g::text), now() - (g || ' minutes')::interval FROM m)
     INSERT INTO marketing_materials (company_id, id, client_id, file_id, tags, created_at)
     SELECT $1, id, $2, file_id, ARRAY[(ARRAY['logo','campanha','produto'])[1 + g % 3]], now() - (g || ' minutes')::interval FROM m`,
    [companyId, clientId, n],
  );
}

/** One company holding the four big screens' data; its admin's cookie. */
export async function seedBigScreens(ctx: BenchContext) {
  const c = await company(ctx, `ui.${Date.now()}`);
  const started = performance.now();
  await seedDeals(ctx, c, SIZES.deals, Math.round(SIZES.deals / 5));
  await seedPeople(ctx, c.companyId, SIZES.people, 'Pessoa');
  await api(ctx, c.cookie, '/finance/registers');
  const [{ id: categoryId }] = await ctx.sql<{ id: string }>("SELECT id FROM fin_categories WHERE company_id = $1 AND name = 'Aluguel e condomínio'", [c.companyId]);
  await seedEntries(ctx, c.companyId, categoryId!, Math.round(SIZES.payables * 1.5));
  await seedMaterials(ctx, c.cookie, c.companyId, SIZES.materials);
  for (const table of ['deals', 'tasks', 'organizations', 'people', 'fin_entries', 'files', 'marketing_materials']) await ctx.sql(`VACUUM ANALYZE ${table}`);
  return { ...c, seedMs: performance.now() - started };
}
