import { PROFILE_MESSAGES, type ProfileData, type ProfileView, type SaveProfileReply } from '@sede/shared/profile';
import type { Services } from '../../services.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import { logActivity } from '../../platform/activity.ts';
import { acceptInvitationIn, type AcceptResult } from '../invitations/public.ts';
import { withTransaction } from '@sede/db/transaction';

const PROFILE_SQL = `
SELECT u.email, p.first_name, p.last_name, p.phone, p.cpf, m.company_id,
       EXISTS (SELECT 1 FROM account a WHERE a.user_id = u.id AND a.provider_id = 'google') AS google_linked
  FROM "user" u
  JOIN profiles p ON p.id = u.id
  LEFT JOIN company_members m ON m.user_id = u.id AND m.company_id = p.company_id
 WHERE u.id = $1`;

export async function getProfile(s: Services, userId: string): Promise<ProfileView> {
  const { rows } = await s.pool.query(PROFILE_SQL, [userId]);
  const r = rows[0];
  if (!r) throw notFound('Perfil não encontrado');
  return {
    email: r.email,
    firstName: r.first_name ?? '',
    lastName: r.last_name ?? '',
    phone: r.phone,
    cpf: r.cpf,
    companyId: r.company_id,
    googleLinked: r.google_linked,
  };
}

const isCpfConflict = (e: unknown) =>
  (e as { code?: string; constraint?: string }).code === '23505' && (e as { constraint?: string }).constraint === 'profiles_cpf_key';

/**
 * Saves the profile. CPF uniqueness is the unique index's job (not a prior lookup), so of two
 * simultaneous saves of one CPF only one can win; the other gets 'CPF já Cadastrado'.
 * With an invitation token, the invitation is accepted in the same transaction: if it cannot
 * be accepted, nothing is saved (profile, name, activity line) and the answer says why, with
 * `step: 'invitation'` so the page can tell it apart from a failed save.
 */
export async function saveProfile(s: Services, viewer: Viewer, data: ProfileData, userAgent: string | null): Promise<SaveProfileReply> {
  const userId = viewer.user.id;
  let accepted: AcceptResult | null = null;
  try {
    accepted = await withTransaction(s.pool, async (tx) => {
      const { client, db } = tx;
      await client.query(
        `UPDATE profiles SET first_name = $2, last_name = $3, phone = $4, cpf = $5, updated_at = now() WHERE id = $1`,
        [userId, data.firstName, data.lastName, data.phone, data.cpf],
      );
      await client.query(
        `UPDATE "user" SET first_name = $2, last_name = $3, name = $4, updated_at = now() WHERE id = $1`,
        [userId, data.firstName, data.lastName, `${data.firstName} ${data.lastName}`],
      );
      await logActivity(db, { companyId: viewer.company?.id ?? null, userId, action: 'profile_updated', userAgent });
      if (!data.invitationToken) return null;
      try {
        return await acceptInvitationIn(tx, viewer.user, data.invitationToken, userAgent);
      } catch (e) {
        if (e instanceof AppError) throw new AppError(e.status, e.code, e.message, { ...e.details, step: 'invitation' });
        throw e;
      }
    });
  } catch (e) {
    if (isCpfConflict(e)) throw conflict(PROFILE_MESSAGES.cpfTaken, 'CPF_TAKEN');
    throw e;
  } finally {
    s.viewers.evictViewer(userId);
  }
  const invitation: SaveProfileReply['invitation'] = accepted ? { accepted: true, companyName: accepted.companyName, error: null } : null;
  return { profile: await getProfile(s, userId), invitation };
}
