import { canAny, grantsFor } from '@sede/shared/registry/permissions';
import { forbidden } from '../../http/errors.ts';
import { registerEntity } from '../../platform/entities.ts';
import type { Services } from '../../services.ts';
import { visiblePieceOf } from './access.ts';
import { PIECE_FILE_ENTITY, piecePath } from './review-service.ts';

/**
 * A creative's files (images, videos) and comments hang on the piece (decision 0330): whoever
 * reads Marketing and may see the piece's client.
 */
export async function startReview(s: Services) {
  registerEntity(s, PIECE_FILE_ENTITY, {
    canSee: async (tenant, id, viewer) => {
      if (!canAny(grantsFor(viewer.membership), ['marketing.read'])) throw forbidden();
      try {
        await visiblePieceOf(tenant, id);
        return true;
      } catch {
        return false;
      }
    },
    path: piecePath,
  });
}
