import type { Transaction } from '@sede/db/client';
import { serverState } from '../../platform/module.ts';
import type { Services, Tenant } from '../../services.ts';

/**
 * What areas add to a person's LGPD export and erasure (decision 0126): an area that keeps more
 * about a person (activities, messages, files) registers, in its module's `start`, a part of the
 * export and a step of the erasure. Erasure steps run inside the erasure's transaction: one that
 * throws rolls the whole erasure back (nothing erased half-way).
 */
export type PersonExportPart = (tenant: Tenant, personId: string) => Promise<unknown>;
export type PersonErasureStep = (tx: Transaction, tenant: Tenant, personId: string) => Promise<void>;

type Hooks = { exportParts: Map<string, PersonExportPart>; erasureSteps: PersonErasureStep[] };
export const personHooks = (s: Services) => serverState<Hooks>(s, 'parties.personHooks', () => ({ exportParts: new Map(), erasureSteps: [] }));

/** Adds `key` (e.g. 'crm') to the JSON export of a person, with what `part` returns. */
export const addPersonExportPart = (s: Services, key: string, part: PersonExportPart) => void personHooks(s).exportParts.set(key, part);

/** Runs `step` in every erasure of a person, before the person's row goes. */
export const addPersonErasureStep = (s: Services, step: PersonErasureStep) => void personHooks(s).erasureSteps.push(step);
