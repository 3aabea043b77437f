import type pg from 'pg';

/**
 * A hand-checked set of deals for /metricas (used by metrics.test.ts and e2e/crm-metrics.spec.ts),
 * written with SQL as the deals module would leave them: pipelines, stages, deals and their stage
 * history. Times are UTC instants chosen around month boundaries in America/Sao_Paulo (UTC−3).
 */
export type MetricsFixture = {
  p1: string;
  p2: string;
  s1: string;
  s2: string;
  s3: string;
  t1: string;
  deals: Record<string, string>;
};

export async function seedMetricsFixture(pool: pg.Pool, companyId: string, owners: { seller: string; admin: string }): Promise<MetricsFixture> {
  const q = async (text: string, params: unknown[]) => (await pool.query(text, params)).rows[0]?.id as string;
  const p1 = await q(`INSERT INTO crm_pipelines (company_id, name, position) VALUES ($1, 'Vendas', 0) RETURNING id`, [companyId]);
  const p2 = await q(`INSERT INTO crm_pipelines (company_id, name, position) VALUES ($1, 'Parcerias', 1) RETURNING id`, [companyId]);
  const stage = (pipeline: string, name: string, position: number, probability: number) =>
    q(`INSERT INTO crm_stages (company_id, pipeline_id, name, position, probability) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [companyId, pipeline, name, position, probability]);
  const s1 = await stage(p1, 'Prospecção', 0, 10);
  const s2 = await stage(p1, 'Proposta', 1, 50);
  const s3 = await stage(p1, 'Negociação', 2, 80);
  const t1 = await stage(p2, 'Contato', 0, 20);

  const deal = (d: { pipeline: string; stage: string; title: string; value: number; owner: string | null; source: string | null; status: string; createdAt: string; closedAt?: string }) =>
    q(
      `INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, owner_id, source, status, created_at, closed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [companyId, d.pipeline, d.stage, d.title, d.value, d.owner, d.source, d.status, d.createdAt, d.closedAt ?? null],
    );
  const move = (dealId: string, from: string | null, to: string, at: string) =>
    pool.query(`INSERT INTO deal_stage_history (company_id, deal_id, from_stage_id, to_stage_id, at) VALUES ($1, $2, $3, $4, $5)`, [companyId, dealId, from, to, at]);

  const { seller, admin } = owners;
  // Won on 31 Jan 23:30 in Brasília (1 Feb in UTC): January.
  const d1 = await deal({ pipeline: p1, stage: s3, title: 'Contrato anual', value: 100_000, owner: seller, source: 'site', status: 'won', createdAt: '2026-01-05T12:00:00Z', closedAt: '2026-02-01T02:30:00Z' });
  await move(d1, s1, s2, '2026-01-10T12:00:00Z');
  await move(d1, s2, s3, '2026-01-20T12:00:00Z');
  // Lost on 28 Feb 23:00 in Brasília (1 Mar in UTC): February.
  const d2 = await deal({ pipeline: p1, stage: s2, title: 'Consultoria', value: 50_000, owner: seller, source: 'site', status: 'lost', createdAt: '2026-01-02T12:00:00Z', closedAt: '2026-03-01T02:00:00Z' });
  await move(d2, s1, s2, '2026-01-15T12:00:00Z');
  // Won at 00:00 on 1 Mar in Brasília: March; straight from its first stage, no history.
  const d3 = await deal({ pipeline: p1, stage: s1, title: 'Licenças', value: 200_000, owner: admin, source: 'indicação', status: 'won', createdAt: '2026-02-01T10:00:00Z', closedAt: '2026-03-01T03:00:00Z' });
  // Open in Proposta; its creation is a history row from nothing.
  const d4 = await deal({ pipeline: p1, stage: s2, title: 'Implantação', value: 300_000, owner: admin, source: null, status: 'open', createdAt: '2026-02-10T12:00:00Z' });
  await move(d4, null, s1, '2026-02-10T12:00:00Z');
  await move(d4, s1, s2, '2026-02-20T12:00:00Z');
  // Open in Negociação since before the period: in the pipeline, not in the period's funnel.
  const d5 = await deal({ pipeline: p1, stage: s3, title: 'Renovação', value: 400_000, owner: seller, source: 'site', status: 'open', createdAt: '2025-12-01T12:00:00Z' });
  await move(d5, s1, s3, '2025-12-15T12:00:00Z');
  // The other pipeline, no owner.
  const d6 = await deal({ pipeline: p2, stage: t1, title: 'Parceria regional', value: 10_000, owner: null, source: null, status: 'open', createdAt: '2026-03-05T12:00:00Z' });
  // Won before the period: counts nowhere in it.
  const d7 = await deal({ pipeline: p1, stage: s3, title: 'Antigo', value: 70_000, owner: seller, source: 'site', status: 'won', createdAt: '2025-11-01T12:00:00Z', closedAt: '2025-12-20T12:00:00Z' });
  // Open in Prospecção, created in March.
  const d8 = await deal({ pipeline: p1, stage: s1, title: 'Piloto', value: 5_000, owner: seller, source: 'site', status: 'open', createdAt: '2026-03-10T12:00:00Z' });
  return { p1, p2, s1, s2, s3, t1, deals: { d1, d2, d3, d4, d5, d6, d7, d8 } };
}

/** Another company's deals in the same months, large enough to show if they ever counted. */
export async function seedForeignDeals(pool: pg.Pool, companyId: string, owner: string) {
  const q = async (text: string, params: unknown[]) => (await pool.query(text, params)).rows[0]?.id as string;
  const p = await q(`INSERT INTO crm_pipelines (company_id, name) VALUES ($1, 'Funil da Beta') RETURNING id`, [companyId]);
  const s = await q(`INSERT INTO crm_stages (company_id, pipeline_id, name, probability) VALUES ($1, $2, 'Etapa Beta', 90) RETURNING id`, [companyId, p]);
  for (const [status, closed] of [
    ['won', '2026-01-15T12:00:00Z'],
    ['lost', '2026-02-15T12:00:00Z'],
    ['open', null],
  ] as const) {
    const d = await q(
      `INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, owner_id, source, status, created_at, closed_at) VALUES ($1, $2, $3, 'Negócio Beta', 99999999, $4, 'site', $5, '2026-01-02T12:00:00Z', $6) RETURNING id`,
      [companyId, p, s, owner, status, closed],
    );
    await pool.query(`INSERT INTO deal_stage_history (company_id, deal_id, from_stage_id, to_stage_id, at) VALUES ($1, $2, NULL, $3, '2026-01-02T12:00:00Z')`, [companyId, d, s]);
  }
  return { pipelineId: p, stageId: s };
}
