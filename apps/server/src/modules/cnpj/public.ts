/** What other modules may use of the CNPJ lookup: this server's lookup and its answer as the API speaks it. */
export { cnpjLookupFor, foundOrThrow } from './instance.ts';
export type { CnpjLookup } from './lookup-service.ts';
