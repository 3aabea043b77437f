/** What other modules read of quotes (billing from an accepted quote, decision 0546): a quote and its status as the client sees it. */
export { effectiveStatus, getQuote } from './service.ts';
