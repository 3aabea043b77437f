import type { Services } from '../../services.ts';
import { serverState } from '../module.ts';

/** Who is looking: the person of an open page and their company. */
export type LiveViewer = { userId: string; companyId: string; role: string | null };

/** Whether a member may see this entity (e.g. 'only its owner'); the company was already checked. */
export type LiveVisibility = (viewer: LiveViewer, id: string) => boolean | Promise<boolean>;

const registry = (s: Services) => serverState(s, 'platform.live-entities', () => new Map<string, LiveVisibility>());

/**
 * An entity type whose changes not every member of the company may see. Without one, any
 * member of the company is told (the page still asks the API, which checks again).
 * Register in the module's `start`.
 */
export function registerLiveEntity(s: Services, entity: string, visible: LiveVisibility) {
  registry(s).set(entity, visible);
}

export const liveVisibility = (s: Services, entity: string): LiveVisibility | undefined => registry(s).get(entity);
