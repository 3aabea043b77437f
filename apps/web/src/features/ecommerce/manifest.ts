import type { FeatureManifest } from '../../lib/feature.ts';

/** E-commerce (decision 0680): stores, their orders and one order; the page the store sends the person back to after approving Sede. */
export default {
  area: 'ecommerce',
  routes: [
    { path: '/ecommerce', title: 'E-commerce', access: ['ecommerce.read'], layout: 'shell', page: () => import('./pages/ecommerce-page.tsx') },
    { path: '/ecommerce/pedidos/:id', title: 'Pedido', access: ['ecommerce.read'], layout: 'shell', page: () => import('./pages/order-page.tsx') },
    { path: '/ecommerce/conectar/:provider', title: 'Conectar loja', access: ['ecommerce.manage'], layout: 'shell', page: () => import('./pages/connect-page.tsx') },
  ],
} satisfies FeatureManifest;
