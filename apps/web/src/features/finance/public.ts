/** What other features use of Financeiro: a receivable's 'Cobrar' dialog and reading one entry (billing from the CRM, decision 0546). */
export { ChargeDialog } from './components/charge/charge-dialog.tsx';
export { getEntry } from './api/get-entry.ts';
