/** What other modules use of the CRM's contact tools. */
export { audienceWhere } from './service.ts';
