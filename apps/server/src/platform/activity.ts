import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@sede/db/client';
import { schema } from '@sede/db/client';
import type { ActivityAction } from '@sede/shared/activity';

export type ActivityInput = {
  companyId: string | null;
  userId: string | null;
  /** The API key that acted (decision 0640), when one did. */
  apiKeyId?: string | null;
  action: ActivityAction;
  details?: Record<string, unknown>;
  userAgent?: string | null;
};

/**
 * log_user_activity: one line in the company's activity log (admin area). Call it inside the
 * transaction of the change it describes, so a rolled-back change leaves no line behind.
 */
export async function logActivity(db: DbOrTx, entry: ActivityInput): Promise<void> {
  await db.insert(schema.activityLog).values({
    companyId: entry.companyId,
    userId: entry.userId,
    apiKeyId: entry.apiKeyId ?? null,
    action: entry.action,
    details: entry.details ?? {},
    userAgent: entry.userAgent?.slice(0, 500) ?? null,
  });
}

/** update_last_login + the 'login' line, for every new session (sign-in, confirmation, Google). */
export async function recordSignIn(db: DbOrTx, session: { userId: string; userAgent?: string | null }): Promise<void> {
  await db.execute(sql`
    WITH p AS (
      UPDATE profiles SET last_login_at = now() WHERE id = ${session.userId} RETURNING id
    )
    INSERT INTO activity_log (company_id, user_id, action, details, user_agent)
    SELECT m.company_id, ${session.userId}, 'login', '{}'::jsonb, ${session.userAgent?.slice(0, 500) ?? null}
      FROM (SELECT 1) one
      LEFT JOIN profiles pr ON pr.id = ${session.userId}
      LEFT JOIN company_members m ON m.user_id = pr.id AND m.company_id = pr.company_id`);
}
