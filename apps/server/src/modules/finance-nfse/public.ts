/** What other modules use of the NFS-e (billing from a quote or deal, decision 0546): issue a receivable's note and send it, read its latest note. */
export { issueInvoice } from './issue.ts';
export { deliverAfterIssue } from './deliver.ts';
export { latestInvoiceRow } from './invoices.ts';
// The public API (modules/api-v1, decision 0648): the note as the receivable's panel shows it.
export { toInvoice } from './invoices.ts';
// …and cancelled (decision 0655).
export { cancelInvoice } from './cancel.ts';
