/** What other modules read of quotes (billing from an accepted quote, decision 0546): a quote and its status as the client sees it. */
export { effectiveStatus, getQuote } from './service.ts';
// The public API (modules/api-v1, decision 0645) serves the same catalogue and quotes.
export { answerQuote, createProduct, createQuote, deleteQuote, getProduct, productsPage, quotesPage, updateProduct, updateQuote } from './service.ts';
