/** What Financeiro uses of the NFS-e: the 'Nota fiscal' tab and a receivable's note. */
export { EntryInvoice } from './components/entry-invoice.tsx';
export { nfseTab } from './tab.ts';
