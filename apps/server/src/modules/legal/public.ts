/** What other modules may use of Jurídico: its contract entity and the check that a contract is the company's. */
export { CONTRACT_ENTITY, contractExists } from './contracts.ts';
