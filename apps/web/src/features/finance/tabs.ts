import { lazy } from 'react';
import { nfseTab } from '../finance-nfse/public.ts';

const overviewTab = () => import('./tabs/overview-tab.tsx');
// The default tab's code is asked for as this module runs (with the page's), not once the page has
// rendered its tabs: one round trip less before /financeiro shows its figures (decision 0761).
if (typeof window !== 'undefined' && window.location.pathname === '/financeiro' && !new URLSearchParams(window.location.search).get('aba')) void overviewTab();

/** The tabs of /financeiro, in order; `aba` in the URL names one (default: visão geral). */
export const FINANCE_TABS = [
  { value: 'visao-geral', label: 'Visão geral', component: lazy(overviewTab) },
  { value: 'contas-a-pagar', label: 'Contas a pagar', component: lazy(() => import('./tabs/payables-tab.tsx')) },
  { value: 'contas-a-receber', label: 'Contas a receber', component: lazy(() => import('./tabs/payables-tab.tsx')) },
  { value: 'inadimplencia', label: 'Inadimplência', component: lazy(() => import('./tabs/overdue-tab.tsx')) },
  { value: 'fluxo-de-caixa', label: 'Fluxo de caixa', component: lazy(() => import('./tabs/cash-flow-tab.tsx')) },
  { value: 'dre', label: 'DRE', component: lazy(() => import('./tabs/dre-tab.tsx')) },
  { value: 'extratos', label: 'Extratos e conciliação', component: lazy(() => import('./tabs/statements-tab.tsx')) },
  { value: 'cadastros', label: 'Cadastros', component: lazy(() => import('./tabs/registers-tab.tsx')) },
  { value: 'nota-fiscal', label: 'Nota fiscal', component: lazy(nfseTab) },
] as const;
