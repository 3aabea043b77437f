import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { eq, or, sql, type SQL } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import type { Viewer } from '../../platform/viewer.ts';

const { documents: D } = schema;

/** Admins see and manage every document of the company (decision 0281). */
export const isDocumentsAdmin = (viewer: Viewer) => canAny(grantsFor(viewer.membership), ['admin.read']);

/** The documents a person may see: the company's shared ones, their own, those shared with them; all for admins. */
export function visibleTo(viewer: Viewer): SQL | undefined {
  if (isDocumentsAdmin(viewer)) return undefined;
  const me = viewer.user.id;
  return or(
    eq(D.visibility, 'empresa'),
    eq(D.createdBy, me),
    sql`exists (select 1 from document_members m where m.document_id = ${D.id} and m.user_id = ${me})`,
  );
}

/** Who may rename, move, share and delete: the creator and the admins. Everyone who sees may edit the text. */
export const mayManage = (viewer: Viewer, doc: { createdBy: string | null }) => isDocumentsAdmin(viewer) || doc.createdBy === viewer.user.id;
