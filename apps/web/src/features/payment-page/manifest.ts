import type { FeatureManifest } from '../../lib/feature.ts';

/** The payment page of a receivable (decision 0532): opened by the customer from the link, without an account. */
export default {
  routes: [{ path: '/pagar/:token', title: 'Pagamento', access: 'public', layout: 'focus', page: () => import('./pages/payment-page.tsx') }],
} satisfies FeatureManifest;
