import { z } from 'zod';
import { MARKETING_MESSAGES as M } from './constants.ts';

/** Marking an organization of the platform as a client the team serves (the company itself always is one). */
export const clientCreateSchema = z.object({ organizationId: z.uuid({ error: 'Escolha uma organização cadastrada.' }) });

export type ClientSummary = {
  id: string;
  /** The company's own id when it is the company itself. */
  organizationId: string | null;
  isOwn: boolean;
  name: string;
  archived: boolean;
};
export const CLIENT_MESSAGES = {
  notFound: M.clientNotFound,
  exists: 'Esta organização já é uma empresa cliente do marketing.',
  organizationNotFound: 'Organização não encontrada.',
} as const;
