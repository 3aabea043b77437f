import type { FeatureManifest } from '../../lib/feature.ts';

/** Electronic signature (decisions 0550–0555): envelopes in Jurídico, the signer's page and the public verification. */
export default {
  area: 'legal',
  routes: [
    { path: '/juridico/assinaturas', title: 'Assinaturas', access: ['legal.read'], layout: 'shell', page: () => import('./pages/esign-page.tsx') },
    { path: '/juridico/assinaturas/modelos/:templateId', title: 'Modelo de envelope', access: ['legal.read'], layout: 'shell', page: () => import('./pages/template-page.tsx') },
    { path: '/juridico/assinaturas/:envelopeId', title: 'Envelope', access: ['legal.read'], layout: 'shell', page: () => import('./pages/envelope-page.tsx') },
    { path: '/assinar/:token', title: 'Assinar documento', access: 'public', layout: 'focus', page: () => import('./pages/sign-page.tsx') },
    { path: '/verificar', title: 'Verificar documento', access: 'public', layout: 'focus', page: () => import('./pages/verify-page.tsx') },
    { path: '/verificar/:code', title: 'Verificar documento', access: 'public', layout: 'focus', page: () => import('./pages/verify-page.tsx') },
  ],
} satisfies FeatureManifest;
