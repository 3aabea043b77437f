import type { z } from 'zod';
import type { EnvelopeView, envelopeCreateSchema } from '@sede/shared/esign/schemas';
import { serverState } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';
import { createEnvelope } from './envelopes.ts';

/**
 * Envelopes started from another module's record (decision 0591): the CRM's quote today. The
 * module hands over the PDF and who signs; esign never reads the module's tables, and the module
 * hears of the completion through the handler it registered for its entity.
 */
export type EnvelopeSource = { entity: string; id: string; options?: Record<string, unknown> };
export type CompletedEnvelope = { envelopeId: string; sourceId: string; options: Record<string, unknown>; signedPdf: { name: string; bytes: Uint8Array }; completedAt: Date };
type Handler = (s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, done: CompletedEnvelope) => Promise<void>;

const handlers = (s: Services) => serverState(s, 'esign.source-handlers', () => new Map<string, Handler>());

/** The module that owns `entity` hears here when an envelope it started is signed by everyone. */
export function onEnvelopeCompleted(s: Services, entity: string, handler: Handler) {
  handlers(s).set(entity, handler);
}

/** Runs the source's handler after the envelope was sealed and stored; a failing handler is logged, never undoes the signature. */
export async function notifySource(s: Services, tenant: Pick<Tenant, 'db' | 'companyId'>, source: { entity: string | null; id: string | null; options: Record<string, unknown> | null }, done: Omit<CompletedEnvelope, 'sourceId' | 'options'>) {
  if (!source.entity || !source.id) return;
  const handler = handlers(s).get(source.entity);
  if (!handler) return;
  try {
    await handler(s, tenant, { ...done, sourceId: source.id, options: source.options ?? {} });
  } catch (err) {
    console.error(`[esign] completion of ${source.entity} ${source.id} not applied:`, (err as Error).message);
  }
}

/** A draft envelope from another module's PDF, sent at once or after its fields are placed (decision 0760): the caller checked its own permission on the record. */
export async function createEnvelopeFromPdf(
  s: Services,
  tenant: Tenant,
  input: z.output<typeof envelopeCreateSchema>,
  pdf: { name: string; bytes: Uint8Array },
  source: EnvelopeSource,
): Promise<EnvelopeView> {
  return createEnvelope(s, tenant, { ...input, contract: null }, { pdf, source });
}
