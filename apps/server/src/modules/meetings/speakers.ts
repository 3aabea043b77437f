import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { MEETING_MESSAGES as M, type MeetingAnalysisResult } from '@sede/shared/meetings/schemas';
import { badRequest, conflict, notFound } from '../../http/errors.ts';
import { announce } from '../../platform/live/announce.ts';
import type { Tenant } from '../../services.ts';
import { matchMember, talkTime } from './analysis.ts';
import { companyMembers, MEETING_ENTITY } from './service.ts';

const { analyses: A } = schema;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A person names the speakers of a done analysis ('Falante 1' → 'Ana', decision 0381): the
 * transcript, the talk-time (recomputed: two speakers given one name become one), the participants
 * and the next steps' owners (matched to a member again) all say the new name. One row, locked.
 */
export async function renameSpeakers(tenant: Tenant, analysisId: string, input: { names: { from: string; to: string }[] }): Promise<void> {
  if (!UUID.test(analysisId)) throw notFound(M.analysisNotFound);
  const members = await companyMembers(tenant);
  await tenant.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: A.status, result: A.result, subjectId: A.subjectId })
      .from(A)
      .where(and(eq(A.id, analysisId), eq(A.companyId, tenant.companyId), eq(A.kind, 'meeting')))
      .for('update');
    if (!row) throw notFound(M.analysisNotFound);
    const r = row.result as MeetingAnalysisResult | null;
    if (row.status !== 'done' || !r) throw conflict(M.analysisNotDone, 'ANALYSIS_NOT_DONE');
    const present = new Set(r.transcript.map((x) => x.speaker));
    if (input.names.some((n) => !present.has(n.from))) throw badRequest(M.speakerNotFound, 'SPEAKER_NOT_FOUND');
    const to = new Map(input.names.map((n) => [n.from, n.to]));
    const rename = (name: string) => to.get(name) ?? name;
    const transcript = r.transcript.map((x) => ({ ...x, speaker: rename(x.speaker) }));
    const tt = talkTime(transcript);
    const result: MeetingAnalysisResult = {
      ...r,
      transcript,
      talkTime: tt.rows,
      participants: r.participants.map((p) => ({ ...p, name: rename(p.name) })).filter((p, i, all) => all.findIndex((q) => q.name === p.name) === i),
      nextSteps: r.nextSteps.map((n) => {
        if (!n.owner || !to.has(n.owner)) return n;
        const owner = rename(n.owner);
        const m = matchMember(owner, members);
        return { ...n, owner, ownerUserId: m?.userId ?? null, ownerMember: m?.name ?? null };
      }),
    };
    await tx
      .update(A)
      .set({ result, updatedAt: sql`now()` })
      .where(and(eq(A.id, analysisId), eq(A.companyId, tenant.companyId)));
    await announce(tx, { companyId: tenant.companyId, entity: MEETING_ENTITY, id: row.subjectId, action: 'analysis' });
  });
}
