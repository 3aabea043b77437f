import type { ComponentType } from 'react';
import { preloadable } from '../../lib/preloadable.tsx';
import { nfseTab } from '../finance-nfse/public.ts';

const overviewTab = () => import('./tabs/overview-tab.tsx');
// The default tab's code is asked for as this module runs (with the page's), not once the page has
// rendered its tabs: one round trip less before /financeiro shows its figures (decision 0761).
if (typeof window !== 'undefined' && window.location.pathname === '/financeiro' && !new URLSearchParams(window.location.search).get('aba')) void overviewTab();

/**
 * A tab's code, loaded when it is first shown, or before the page hydrates when it is the one at the
 * address (finance-page.tsx's `firstViewReady`, decision 0769): then it renders at once, without
 * suspending, and its markup from the server is hydrated with the page's.
 */
const tab = (load: () => Promise<{ default: ComponentType }>) => preloadable(() => load().then((m) => m.default));
const payables = tab(() => import('./tabs/payables-tab.tsx'));

/** The tabs of /financeiro, in order; `aba` in the URL names one (default: visão geral). */
export const FINANCE_TABS = [
  { value: 'visao-geral', label: 'Visão geral', code: tab(overviewTab) },
  { value: 'contas-a-pagar', label: 'Contas a pagar', code: payables },
  { value: 'contas-a-receber', label: 'Contas a receber', code: payables },
  { value: 'inadimplencia', label: 'Inadimplência', code: tab(() => import('./tabs/overdue-tab.tsx')) },
  { value: 'fluxo-de-caixa', label: 'Fluxo de caixa', code: tab(() => import('./tabs/cash-flow-tab.tsx')) },
  { value: 'dre', label: 'DRE', code: tab(() => import('./tabs/dre-tab.tsx')) },
  { value: 'extratos', label: 'Extratos e conciliação', code: tab(() => import('./tabs/statements-tab.tsx')) },
  { value: 'cadastros', label: 'Cadastros', code: tab(() => import('./tabs/registers-tab.tsx')) },
  { value: 'nota-fiscal', label: 'Nota fiscal', code: tab(nfseTab) },
] as const;
