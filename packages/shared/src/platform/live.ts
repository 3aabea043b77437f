/** The 'entity' event of GET /api/events: ids only, never bodies (decision 0115). */
export type LiveEntityEvent = { entity: string; id: string; action?: string };

/** The entity types the platform itself announces. */
export const LIVE_NOTIFICATION = 'notification';
export const LIVE_JOB = 'job';
