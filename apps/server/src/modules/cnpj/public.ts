/**
 * What other modules may use of the CNPJ lookup: this server's lookup, its answer as the API speaks
 * it, and the hook through which the imported Receita data becomes its first source (decision 0243).
 */
export { cnpjLookupFor, foundOrThrow } from './instance.ts';
export type { CnpjLookup } from './lookup-service.ts';
export { setLocalCnpjSource, type LocalCnpjRecord } from './local-source.ts';
