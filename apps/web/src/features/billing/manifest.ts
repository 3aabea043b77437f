import type { FeatureManifest } from '../../lib/feature.ts';

const plans = () => import('./pages/plans-page.tsx');

export default {
  routes: [
    { path: '/plans', title: 'Planos', access: 'signed-in', layout: 'shell', page: plans },
    { path: '/planos', title: 'Planos', access: 'signed-in', layout: 'shell', page: plans },
    { path: '/comprar-moedas', title: 'Comprar moedas', access: 'signed-in', layout: 'shell', page: () => import('./pages/buy-coins-page.tsx') },
    { path: '/billing', title: 'Assinatura e pagamentos', access: 'signed-in', layout: 'shell', page: () => import('./pages/billing-page.tsx') },
  ],
} satisfies FeatureManifest;
