import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { schema } from '@sede/db/client';
import type { Insight, InsightKind } from '@sede/shared/crm/ai';
import { todayInBrazil } from '@sede/shared/platform/calendar';
import { notFound } from '../../http/errors.ts';
import type { DealTimelineInput } from '../../platform/ai/index.ts';
import type { Tenant } from '../../services.ts';

const D = schema.deals;
const A = schema.crmAiInsights;
const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const day = (d: Date) => d.toISOString().slice(0, 10);
const STATUS = { open: 'em aberto', won: 'ganho', lost: 'perdido' } as const;

export async function dealOf(t: Pick<Tenant, 'db' | 'companyId'>, id: string) {
  const [row] = await t.db.select().from(D).where(and(eq(D.companyId, t.companyId), eq(D.id, id)));
  if (!row) throw notFound('Negócio não encontrado.');
  return row;
}

/** The deal's timeline as the prompts read it: record, stage history, activities, comments, quotes (the latest 40 of each). */
export async function dealTimeline(t: Pick<Tenant, 'db' | 'companyId'>, dealId: string): Promise<DealTimelineInput> {
  const deal = await dealOf(t, dealId);
  const db = t.db;
  const [stage] = await db.select({ name: schema.crmStages.name }).from(schema.crmStages).where(eq(schema.crmStages.id, deal.stageId));
  const [pipeline] = await db.select({ name: schema.crmPipelines.name }).from(schema.crmPipelines).where(eq(schema.crmPipelines.id, deal.pipelineId));
  const org = deal.organizationId
    ? (await db.select({ name: schema.organizations.razaoSocial }).from(schema.organizations).where(and(eq(schema.organizations.companyId, t.companyId), eq(schema.organizations.id, deal.organizationId))))[0]
    : undefined;
  const person = deal.personId
    ? (await db.select({ name: schema.people.name }).from(schema.people).where(and(eq(schema.people.companyId, t.companyId), eq(schema.people.id, deal.personId))))[0]
    : undefined;
  const [H, T, C, Q] = [schema.dealStageHistory, schema.tasks, schema.comments, schema.crmQuotes];
  const fromStage = alias(schema.crmStages, 'from_stage');
  const toStage = alias(schema.crmStages, 'to_stage');
  // The deal's four histories at once: one round trip of latency instead of four.
  const [history, activities, comments, quotes] = await Promise.all([
    db.select({ at: H.at, from: fromStage.name, to: toStage.name }).from(H).leftJoin(fromStage, eq(fromStage.id, H.fromStageId)).leftJoin(toStage, eq(toStage.id, H.toStageId))
      .where(and(eq(H.companyId, t.companyId), eq(H.dealId, dealId))).orderBy(asc(H.at)).limit(40),
    db.select().from(T).where(and(eq(T.companyId, t.companyId), eq(T.entityType, 'deal'), eq(T.entityId, dealId))).orderBy(desc(T.createdAt)).limit(40),
    db.select({ body: C.body, at: C.createdAt, deletedAt: C.deletedAt }).from(C).where(and(eq(C.companyId, t.companyId), eq(C.entityType, 'deal'), eq(C.entityId, dealId))).orderBy(desc(C.createdAt)).limit(40),
    db.select().from(Q).where(and(eq(Q.companyId, t.companyId), eq(Q.dealId, dealId))).orderBy(desc(Q.createdAt)).limit(20),
  ]);
  return {
    titulo: deal.title,
    valor: brl.format(deal.valueCents / 100),
    situacao: STATUS[deal.status] + (deal.lostReason ? ` (motivo: ${deal.lostReason})` : ''),
    etapa: stage?.name ?? '—',
    funil: pipeline?.name ?? '—',
    origem: deal.source,
    organizacao: org?.name ?? null,
    contato: person?.name ?? null,
    previsaoFechamento: deal.expectedCloseDate,
    criadoEm: day(deal.createdAt),
    hoje: todayInBrazil(),
    etapas: history.map((h) => `${day(h.at)}: ${h.from ?? '(início)'} → ${h.to ?? '—'}`),
    atividades: activities
      .reverse()
      .map((a) => `${a.kind}: ${a.title}${a.dueDate ? ` (prazo ${a.dueDate})` : ''}${a.doneAt ? ` — concluída em ${day(a.doneAt)}` : ' — pendente'}${a.description ? `. ${a.description.slice(0, 300)}` : ''}`),
    comentarios: comments
      .filter((c) => !c.deletedAt)
      .reverse()
      // Mentions become plain names: `@[Nome](id)` → `@Nome`.
      .map((c) => `${day(c.at)}: ${c.body.replace(/@\[([^\]]+)\]\([^)]+\)/g, '@$1').slice(0, 500)}`),
    orcamentos: quotes.map((q) => `nº ${q.number}: ${brl.format(q.totalCents / 100)}, ${q.status}, válido até ${q.validUntil}`),
  };
}

type InsightRow = typeof A.$inferSelect & { createdByName: string | null };
const toInsight = (r: InsightRow): Insight =>
  ({ id: r.id, kind: r.kind, result: r.result, version: r.version, createdAt: r.createdAt.toISOString(), createdByName: r.createdByName }) as Insight;

export async function saveInsight(t: Tenant, dealId: string, kind: InsightKind, result: Record<string, unknown>, version: string, model: string): Promise<Insight> {
  const [row] = await t.db.insert(A).values({ companyId: t.companyId, dealId, kind, result, version, model, createdBy: t.actorId }).returning();
  const [u] = await t.db.select({ name: schema.user.name }).from(schema.user).where(eq(schema.user.id, t.actorId));
  return toInsight({ ...row!, createdByName: u?.name ?? null });
}

/** The latest insight of each kind and the history (newest first, 30 at most). */
export async function listInsights(t: Tenant, dealId: string) {
  await dealOf(t, dealId);
  const rows = await t.db
    .select({ insight: A, createdByName: schema.user.name })
    .from(A)
    .leftJoin(schema.user, eq(schema.user.id, A.createdBy))
    .where(and(eq(A.companyId, t.companyId), eq(A.dealId, dealId), inArray(A.kind, ['summary', 'next_step', 'lead_score'])))
    .orderBy(desc(A.createdAt), desc(A.id))
    .limit(30);
  const history = rows.map((r) => toInsight({ ...r.insight, createdByName: r.createdByName }));
  const latest: Partial<Record<InsightKind, Insight>> = {};
  for (const i of history) latest[i.kind] ??= i;
  return { latest, history };
}
