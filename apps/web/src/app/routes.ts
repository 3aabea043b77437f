import { MANIFESTS } from './manifests.ts';
import type { RouteDef } from '../lib/feature.ts';

export type { FeatureManifest, NavEntry, NavIcon, RouteDef } from '../lib/feature.ts';

/** Every route of spec §2, from the feature manifests (app/manifests.ts). */
export const ROUTES: RouteDef[] = MANIFESTS.flatMap((m) => m.routes);

/** The browser tab's title for a page title. */
export const documentTitle = (title: string | undefined) => (title ? `${title} · Sede` : 'Sede');
