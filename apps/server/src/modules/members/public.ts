/** What other modules may use of members: adding a membership inside the caller's transaction. */
export { addMembership } from './service.ts';
