import type { FeatureManifest } from '../../lib/feature.ts';

/**
 * The department areas before their contents exist: one placeholder page each. When an area
 * gets its own feature folder, its routes and nav entry move to that folder's manifest.
 */
export default {
  routes: [],
  nav: ['comercial', 'marketing', 'financeiro', 'rh', 'juridico', 'projetos', 'documentacao'],
} satisfies FeatureManifest;
