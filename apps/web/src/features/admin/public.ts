/** What other features may use of Administração: the company's members (the getting-started panel counts them). */
export { membersQueryOptions } from './api/list-members.ts';
