import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { isIsoDate, previousBusinessDay } from './calendar.ts';
import { safeText } from '../text.ts';
import { COLLABORATION_MESSAGES, COMMENT_MAX_LENGTH, MY_TASK_SCOPES, TASK_DESCRIPTION_MAX_LENGTH, TASK_KIND_KEYS, TASK_TITLE_MAX_LENGTH } from './collaboration-rules.ts';

export * from './collaboration-rules.ts';

/**
 * Comments with @mentions and tasks on any entity (decisions 0130–0132): request schemas,
 * pt-BR messages and response types shared by the server and the web.
 */

export const entityTypeSchema = z
  .string({ error: 'Informe o tipo de registro (entityType).' })
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'Tipo de registro inválido.');
export const entityIdSchema = z.string({ error: 'Informe o registro (entityId).' }).regex(/^[A-Za-z0-9_.:-]{1,100}$/, 'Registro inválido.');

const commentBody = safeText({ multiline: true, error: COLLABORATION_MESSAGES.commentEmpty })
  .pipe(z.string().max(COMMENT_MAX_LENGTH, COLLABORATION_MESSAGES.commentTooLong))
  .transform((v) => v.trim())
  .pipe(z.string().min(1, COLLABORATION_MESSAGES.commentEmpty));

export const commentTargetSchema = z.object({ entityType: entityTypeSchema, entityId: entityIdSchema });
export const commentListQuerySchema = commentTargetSchema.extend({ cursor: z.string().max(200).optional() });
export const commentCreateSchema = z.object({ body: commentBody });
export const commentUpdateSchema = z.object({ body: commentBody });
export const mentionableQuerySchema = z.object({ q: safeText().pipe(z.string().max(100)).optional() });

const dueDate = z
  .string({ error: COLLABORATION_MESSAGES.taskDueDate })
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && isIsoDate(v), COLLABORATION_MESSAGES.taskDueDate);
const title = safeText({ error: COLLABORATION_MESSAGES.taskTitle })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, COLLABORATION_MESSAGES.taskTitle).max(TASK_TITLE_MAX_LENGTH, COLLABORATION_MESSAGES.taskTitleTooLong));
const description = safeText({ multiline: true }).pipe(z.string().max(TASK_DESCRIPTION_MAX_LENGTH, COLLABORATION_MESSAGES.taskDescriptionTooLong));
const userId = z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, COLLABORATION_MESSAGES.assigneeOutsider);

export const taskCreateSchema = z
  .object({
    title,
    description: description.optional(),
    kind: z.enum(TASK_KIND_KEYS, { error: COLLABORATION_MESSAGES.taskKind }).optional(),
    assigneeId: userId.nullable().optional(),
    dueDate: dueDate.nullable().optional(),
    entityType: entityTypeSchema.optional(),
    entityId: entityIdSchema.optional(),
  })
  .refine((v) => (v.entityType === undefined) === (v.entityId === undefined), COLLABORATION_MESSAGES.entityBoth);

export const taskUpdateSchema = patchBody(z.object({
  title: title.optional(),
  description: description.optional(),
  kind: z.enum(TASK_KIND_KEYS, { error: COLLABORATION_MESSAGES.taskKind }).optional(),
  assigneeId: userId.nullable().optional(),
  dueDate: dueDate.nullable().optional(),
  done: z.boolean({ error: 'done deve ser verdadeiro ou falso.' }).optional(),
}));

export const myTasksQuerySchema = z.object({
  scope: z.enum(MY_TASK_SCOPES, { error: 'Escolha: today, overdue, upcoming ou done.' }).default('today'),
});
export const entityTasksQuerySchema = commentTargetSchema;

// ——— answers (the routes' contracts; the types are derived from them) ———

const person = z.object({ id: z.string(), name: z.string() });

export const commentSchema = z.object({
  id: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  author: person.nullable(),
  body: z.string(),
  mentions: z.array(z.string()),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  /** Only the author edits; the author or an admin deletes (decision 0130). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;
export const commentPageSchema = z.object({ comments: z.array(commentSchema), nextCursor: z.string().nullable() });
export type CommentPage = z.infer<typeof commentPageSchema>;
export const mentionableSchema = z.object({ userId: z.string(), name: z.string() });
export type Mentionable = z.infer<typeof mentionableSchema>;
export const mentionableListSchema = z.object({ people: z.array(mentionableSchema) });

export const taskContextSchema = z.object({ kind: z.string(), name: z.string(), path: z.string().nullable() });
export type TaskContext = z.infer<typeof taskContextSchema>;
export const taskSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  kind: z.enum(TASK_KIND_KEYS),
  assignee: person.nullable(),
  dueDate: z.string().nullable(),
  /** Due before today (America/Sao_Paulo, a due date on a day off rolls to the next business day) and not done. */
  overdue: z.boolean(),
  doneAt: z.string().nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  /** Where the task lives, named ('Projeto', 'Reforma da loja', its page): in 'Minhas tarefas' only, when the area names it (decision 0423). */
  context: taskContextSchema.nullable().optional(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Task = z.infer<typeof taskSchema>;
export const taskListSchema = z.object({ tasks: z.array(taskSchema) });
export type TaskList = z.infer<typeof taskListSchema>;

/**
 * The days of 'Minhas tarefas' (decision 0131). A due date on a day off rolls to the next
 * business day, so: overdue = due on or before the last business day before today; today =
 * due after that up to today (on Monday, Saturday's and Sunday's tasks are today's, not late);
 * upcoming = due after today, or without a date.
 */
export function myTaskBounds(today: string): { lastOverdue: string; today: string } {
  return { lastOverdue: previousBusinessDay(today), today };
}

/** Whether a task due on `dueDate` and not done is late on `today`. */
export const isTaskOverdue = (dueDate: string | null, doneAt: string | null, today: string) =>
  !doneAt && dueDate !== null && dueDate <= myTaskBounds(today).lastOverdue;
