import type { FeatureManifest } from '../../lib/feature.ts';

/** The canvas workspace (decisions 0295–0298, 0311): the company's whiteboards, drawn with Excalidraw. */
export default {
  area: 'documents',
  routes: [{ path: '/canvas-workspace', title: 'Canvas', access: 'signed-in', layout: 'shell', page: () => import('./pages/canvas-page.tsx') }],
} satisfies FeatureManifest;
