import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '@sede/db/client';
import type { BoardFilters, DealCard, DealContact, NextActivity } from '@sede/shared/crm/deals';

/**
 * The board's hand-tuned statements (decision 0151): a column's page walks the index
 * (company_id, pipeline_id, stage_id, status, position, id); the first load of every column is
 * one statement (a LATERAL page per stage); the next open activity of each card comes from the
 * platform's tasks in the same statement (no N+1).
 */

export type CardRow = {
  id: string;
  title: string;
  value_cents: string | number;
  stage_id: string;
  position: number;
  owner_id: string | null;
  tags: string[];
  status: 'open' | 'won' | 'lost';
  organization_name: string | null;
  owner_name: string | null;
  next_activity: NextActivity | null;
};

export const toCard = (r: CardRow): DealCard => ({
  id: r.id,
  title: r.title,
  valueCents: Number(r.value_cents),
  stageId: r.stage_id,
  position: Number(r.position),
  organizationName: r.organization_name,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  tags: r.tags ?? [],
  nextActivity: r.next_activity,
  status: r.status,
});

/** `%q%` for ILIKE, the pattern characters escaped. */
export const contains = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The filters as SQL on `d` (deals) and `o` (its organization). */
export function filterSql(f: BoardFilters, actorId: string): SQL {
  const parts: SQL[] = [];
  if (f.owner === 'me') parts.push(sql`d.owner_id = ${actorId}`);
  else if (f.owner === 'none') parts.push(sql`d.owner_id IS NULL`);
  else if (f.owner) parts.push(sql`d.owner_id = ${f.owner}`);
  if (f.tag) parts.push(sql`d.tags @> ARRAY[${f.tag}]::text[]`);
  if (f.source) parts.push(sql`lower(d.source) = lower(${f.source})`);
  if (f.q) {
    const like = contains(f.q);
    parts.push(sql`(d.title ILIKE ${like} OR o.razao_social ILIKE ${like} OR o.nome_fantasia ILIKE ${like})`);
  }
  if (!parts.length) return sql`TRUE`;
  return sql.join(parts, sql` AND `);
}

/** The board's status filter on `d` (decision 0403): open by default; 'all' every status. */
export const boardStatusSql = (status: BoardFilters['status']) => (status === 'all' ? sql`TRUE` : sql`d.status = ${status ?? 'open'}`);

const CARD_COLUMNS = sql`d.id, d.title, d.value_cents, d.stage_id, d.position, d.owner_id, d.tags, d.status,
  COALESCE(NULLIF(o.nome_fantasia, ''), o.razao_social) AS organization_name,
  COALESCE(NULLIF(trim(concat_ws(' ', pr.first_name, pr.last_name)), ''), NULLIF(u.name, ''), u.email) AS owner_name,
  na.next_activity`;

/** A card's organization, owner and next open activity (the board's, the lists' and the detail's). */
export const CARD_JOINS = sql`LEFT JOIN organizations o ON o.id = d.organization_id AND o.deleted_at IS NULL
  LEFT JOIN "user" u ON u.id = d.owner_id
  LEFT JOIN profiles pr ON pr.id = d.owner_id
  LEFT JOIN LATERAL (
    SELECT json_build_object('id', t.id, 'title', t.title, 'kind', t.kind, 'dueDate', t.due_date) AS next_activity
    FROM tasks t
    WHERE t.company_id = d.company_id AND t.entity_type = 'deal' AND t.entity_id = d.id::text AND t.done_at IS NULL
    ORDER BY t.due_date ASC NULLS LAST, t.created_at ASC
    LIMIT 1
  ) na ON TRUE`;

/** One column's page of cards (open by default), after the (position, id) cursor. */
export async function columnPage(
  db: DbOrTx,
  p: { companyId: string; actorId: string; pipelineId: string; stageId: string; filters: BoardFilters; after: [number, string] | null; limit: number },
): Promise<CardRow[]> {
  const after = p.after ? sql`AND (d.position, d.id) > (${p.after[0]}::double precision, ${p.after[1]}::uuid)` : sql``;
  const res = await db.execute(sql`
    SELECT ${CARD_COLUMNS}
    FROM deals d ${CARD_JOINS}
    WHERE d.company_id = ${p.companyId} AND d.pipeline_id = ${p.pipelineId} AND d.stage_id = ${p.stageId} AND ${boardStatusSql(p.filters.status)}
      AND ${filterSql(p.filters, p.actorId)} ${after}
    ORDER BY d.position, d.id
    LIMIT ${p.limit + 1}`);
  return res.rows as unknown as CardRow[];
}

type FirstPagesParams = { companyId: string; actorId: string; pipelineId: string; filters: BoardFilters; limit: number };

/** The statement of `firstPages` (the benchmark EXPLAINs it). */
export function firstPagesSql(p: FirstPagesParams): SQL {
  return sql`
    SELECT c.*
    FROM crm_stages s
    CROSS JOIN LATERAL (
      SELECT ${CARD_COLUMNS}
      FROM deals d ${CARD_JOINS}
      WHERE d.company_id = ${p.companyId} AND d.pipeline_id = ${p.pipelineId} AND d.stage_id = s.id AND ${boardStatusSql(p.filters.status)}
        AND ${filterSql(p.filters, p.actorId)}
      ORDER BY d.position, d.id
      LIMIT ${p.limit + 1}
    ) c
    WHERE s.company_id = ${p.companyId} AND s.pipeline_id = ${p.pipelineId}`;
}

/** The first page of every stage of a pipeline, in one statement. */
export async function firstPages(db: DbOrTx, p: FirstPagesParams): Promise<CardRow[]> {
  const res = await db.execute(firstPagesSql(p));
  return res.rows as unknown as CardRow[];
}

type TotalsParams = { companyId: string; actorId: string; pipelineId: string; filters: BoardFilters };

/** The statement of `columnTotals`. */
export function columnTotalsSql(p: TotalsParams): SQL {
  const needsOrg = Boolean(p.filters.q);
  return sql`
    SELECT d.stage_id, count(*) AS count, COALESCE(sum(d.value_cents), 0) AS sum_cents
    FROM deals d ${needsOrg ? sql`LEFT JOIN organizations o ON o.id = d.organization_id AND o.deleted_at IS NULL` : sql``}
    WHERE d.company_id = ${p.companyId} AND d.pipeline_id = ${p.pipelineId} AND ${boardStatusSql(p.filters.status)} AND ${filterSql(p.filters, p.actorId)}
    GROUP BY d.stage_id`;
}

/** Count and sum of the deals per stage (open by default), with the same filters. */
export async function columnTotals(db: DbOrTx, p: TotalsParams): Promise<Array<{ stage_id: string; count: string | number; sum_cents: string | number }>> {
  const res = await db.execute(columnTotalsSql(p));
  return res.rows as unknown as Array<{ stage_id: string; count: string; sum_cents: string }>;
}

/** One deal as a card (after a write). */
export async function cardById(db: DbOrTx, companyId: string, id: string): Promise<CardRow | null> {
  const res = await db.execute(sql`SELECT ${CARD_COLUMNS} FROM deals d ${CARD_JOINS} WHERE d.company_id = ${companyId} AND d.id = ${id}`);
  return (res.rows[0] as unknown as CardRow | undefined) ?? null;
}

export type DetailRow = CardRow & {
  pipeline_id: string;
  organization_id: string | null;
  person_id: string | null;
  person_name: string | null;
  source: string | null;
  expected_close_date: string | null;
  won_reason: string | null;
  won_note: string | null;
  contacts: DealContact[] | null;
  lost_reason: string | null;
  lost_note: string | null;
  closed_at: Date | string | null;
  custom_fields: Record<string, unknown>;
  stage_entered_at: Date | string;
  created_by: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

/** One deal with its names, or null (not this company's). */
export async function dealDetail(db: DbOrTx, companyId: string, id: string): Promise<DetailRow | null> {
  const res = await db.execute(sql`
    SELECT ${CARD_COLUMNS}, d.pipeline_id, d.organization_id, d.person_id, pe.name AS person_name, d.source,
      d.expected_close_date::text AS expected_close_date, d.won_reason, d.won_note, d.lost_reason, d.lost_note, d.closed_at, d.custom_fields,
      d.stage_entered_at, d.created_by, d.created_at, d.updated_at,
      (SELECT json_agg(json_build_object('id', cp.id, 'name', cp.name, 'email', cp.emails[1], 'phone', cp.phones[1]) ORDER BY dp.position)
         FROM deal_people dp JOIN people cp ON cp.id = dp.person_id AND cp.deleted_at IS NULL
         WHERE dp.company_id = d.company_id AND dp.deal_id = d.id) AS contacts
    FROM deals d ${CARD_JOINS}
    LEFT JOIN people pe ON pe.id = d.person_id AND pe.deleted_at IS NULL
    WHERE d.company_id = ${companyId} AND d.id = ${id}`);
  return (res.rows[0] as unknown as DetailRow | undefined) ?? null;
}
