/**
 * What other modules use of comments and tasks: creating a task (an activity) on an entity, with
 * the same checks, assignment notification and live announcement as `POST /api/tasks`. Pass a
 * tenant whose `db` is a transaction to create several at once (each runs in a savepoint).
 */
export { createTask, type TaskInput } from './service.ts';
