import { and, eq } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { MEETING_MESSAGES as M, type MeetingAnalysisResult } from '@sede/shared/meetings/schemas';
import { TASK_TITLE_MAX_LENGTH, type Task } from '@sede/shared/platform/collaboration';
import { badRequest, conflict } from '../../http/errors.ts';
import { getAnalysis } from '../../platform/analysis/index.ts';
import type { Services, Tenant } from '../../services.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { createTask } from '../collaboration/public.ts';
import { getMeeting } from './service.ts';

const { meetingStepTasks: ST } = schema;

/**
 * The person confirmed next steps of a done analysis: each becomes an activity (a platform task
 * of kind 'task' on `deal/<id>`, assigned to the member the owner was mapped to, else to whoever
 * confirms), all in one transaction; a step becomes an activity once (decision 0233).
 */
export async function confirmSteps(s: Services, tenant: Tenant, viewer: Viewer, analysisId: string, steps: number[]): Promise<Task[]> {
  const analysis = await getAnalysis<MeetingAnalysisResult>(tenant, 'meeting', analysisId, M.analysisNotFound);
  if (analysis.status !== 'done' || !analysis.result) throw conflict(M.analysisNotDone, 'ANALYSIS_NOT_DONE');
  const meeting = await getMeeting(tenant, analysis.subjectId);
  const all = analysis.result.nextSteps;
  const wanted = [...new Set(steps)].sort((a, b) => a - b);
  if (wanted.some((i) => i >= all.length)) throw badRequest(M.stepIndex, 'VALIDATION_ERROR');
  return tenant.db.transaction(async (tx) => {
    const done = new Set(
      (await tx.select({ i: ST.stepIndex }).from(ST).where(and(eq(ST.companyId, tenant.companyId), eq(ST.analysisId, analysis.id)))).map((r) => r.i),
    );
    const todo = wanted.filter((i) => !done.has(i));
    if (!todo.length) throw conflict(M.nothingToCreate, 'STEPS_ALREADY_CREATED');
    const created: Task[] = [];
    for (const i of todo) {
      const step = all[i]!;
      const description = [`Próximo passo da reunião "${meeting.title}".`, step.owner && !step.ownerUserId ? `Responsável citado: ${step.owner}.` : null].filter(Boolean).join(' ');
      // The transaction stands in for the tenant's db: createTask's own transaction becomes a savepoint.
      const task = await createTask(s, { ...tenant, db: tx as unknown as Tenant['db'] }, viewer, {
        title: step.description.slice(0, TASK_TITLE_MAX_LENGTH),
        description,
        kind: 'task',
        assigneeId: step.ownerUserId ?? tenant.actorId,
        dueDate: step.dueDate,
        entityType: 'deal',
        entityId: meeting.dealId,
      });
      await tx.insert(ST).values({ companyId: tenant.companyId, meetingId: meeting.id, analysisId: analysis.id, stepIndex: i, taskId: task.id, createdBy: tenant.actorId || null });
      created.push(task);
    }
    return created;
  });
}
