/**
 * What other modules use of the CRM's contact tools: the lists (prospecting sends leads to one,
 * decision 0207) and a list's or segment's audience (campaigns, decision 0250).
 */
export { addListMembers, audienceWhere, createList, getList } from './service.ts';
