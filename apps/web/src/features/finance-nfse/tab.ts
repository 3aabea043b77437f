/** The 'Nota fiscal' tab's code, fetched when the tab opens. */
export const nfseTab = () => import('./components/nfse-tab.tsx');
