/**
 * What other modules use of comments and tasks: creating a task (an activity) on an entity, with
 * the same checks, assignment notification and live announcement as `POST /api/tasks`. Pass a
 * tenant whose `db` is a transaction to create several at once (each runs in a savepoint).
 */
export { createTask, type TaskInput } from './service.ts';
/**
 * An area keeping further assignees of its tasks (projects' `project_tasks.assignee_ids`)
 * registers them in its `start`, so that 'Minhas tarefas', editing from it and the due-date
 * reminders count every assignee (decision 0305).
 */
export { registerTaskAssignees, type TaskAssigneeSource } from './service.ts';

// The public API (modules/api-v1, decision 0646) serves the same tasks, seen as the key's creator sees them.
export { getTask, tasksPage, updateTask, type TaskPageQuery } from './service.ts';
