/**
 * What other modules use of the CRM's contact tools: the lists (prospecting sends leads to one,
 * issue 14) and a list's or segment's audience (campaigns, issue 15).
 */
export { addListMembers, audienceWhere, createList, getList } from './service.ts';
