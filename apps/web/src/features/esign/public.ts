/** What other features use of electronic signature: the 'Novo envelope' dialog (Jurídico starts one from a contract). */
export { type ContractSource, NewEnvelopeDialog } from './components/new-envelope-dialog.tsx';
