import { z } from 'zod';
import { patchBody } from '../patch.ts';
import { docContentSchema } from '../documents/schemas.ts';
import { richTextToPlain } from '../platform/rich-text.ts';
import { safeText } from '../text.ts';

/**
 * Projects (decisions 0270–0274): projects, their board's columns and tasks, the dashboard.
 * Request schemas shared by the web's forms and the server (`/api/projects`), pt-BR messages,
 * response types. A project task is a platform task (`tasks`, decision 0131) plus its board
 * fields (decision 0270).
 */

export const PROJECTS_MESSAGES = {
  projectNotFound: 'Projeto não encontrado.',
  columnNotFound: 'Coluna não encontrada.',
  taskNotFound: 'Tarefa não encontrada.',
  nameRequired: 'Informe o nome do projeto.',
  nameTooLong: 'O nome do projeto pode ter no máximo 120 caracteres.',
  descriptionTooLong: 'A descrição pode ter no máximo 5.000 caracteres.',
  taskDescriptionTooLong: 'A descrição da tarefa pode ter no máximo 20.000 caracteres.',
  statusInvalid: 'Situação inválida: planejado, em andamento, pausado, concluído ou cancelado.',
  dateInvalid: 'Data inválida: use o formato AAAA-MM-DD.',
  datesOrder: 'A data de término não pode ser anterior à de início.',
  idInvalid: 'Identificador inválido.',
  memberInvalid: 'Cada membro, responsável ou pessoa designada precisa ser membro da empresa.',
  tooManyMembers: 'Um projeto pode ter no máximo 100 membros.',
  organizationInvalid: 'Cliente não encontrado.',
  templateInvalid: 'Modelo de projeto desconhecido.',
  columnNameRequired: 'Informe o nome da coluna.',
  columnNameTooLong: 'O nome da coluna pode ter no máximo 60 caracteres.',
  tooManyColumns: 'Um quadro pode ter no máximo 20 colunas.',
  lastColumn: 'O quadro precisa de ao menos uma coluna.',
  columnOrderInvalid: 'Envie todas as colunas do quadro, cada uma uma vez, na nova ordem.',
  moveToRequired: 'Esta coluna tem tarefas: escolha para qual coluna movê-las.',
  moveToSameColumn: 'Escolha uma coluna diferente da que será excluída.',
  titleRequired: 'Informe o título da tarefa.',
  titleTooLong: 'O título pode ter no máximo 200 caracteres.',
  priorityInvalid: 'Prioridade inválida: baixa, média, alta ou urgente.',
  labelInvalid: 'Cada etiqueta pode ter de 1 a 40 caracteres.',
  tooManyLabels: 'Uma tarefa pode ter no máximo 20 etiquetas.',
  tooManyAssignees: 'Uma tarefa pode ter no máximo 10 pessoas designadas.',
  checklistInvalid: 'Cada item da lista de verificação pode ter de 1 a 200 caracteres.',
  tooManyChecklist: 'A lista de verificação pode ter no máximo 100 itens.',
  neighbourInvalid: 'A posição de destino mudou. Atualize o quadro e tente de novo.',
  tooManyTasks: 'Um projeto pode ser criado com no máximo 200 tarefas.',
  briefRequired: 'Descreva o projeto em poucas linhas (de 20 a 4.000 caracteres).',
  requestIdInvalid: 'Identificador da solicitação inválido.',
  cursorInvalid: 'Página inválida. Recarregue o quadro.',
  limitInvalid: 'O tamanho da página deve ser entre 1 e 500.',
  queryTooLong: 'A busca pode ter no máximo 100 caracteres.',
  dueFilterInvalid: 'Filtro de prazo inválido.',
} as const;
const M = PROJECTS_MESSAGES;

export const PROJECT_STATUSES = ['planejado', 'em_andamento', 'pausado', 'concluido', 'cancelado'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planejado: 'Planejado',
  em_andamento: 'Em andamento',
  pausado: 'Pausado',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

export const TASK_PRIORITIES = ['baixa', 'media', 'alta', 'urgente'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export const TASK_PRIORITY_LABELS: Record<TaskPriority, string> = { baixa: 'Baixa', media: 'Média', alta: 'Alta', urgente: 'Urgente' };

export const MAX_COLUMNS = 20;
export const MAX_TASK_TITLE = 200;
/** The rich description's JSON (marks and structure around at most 20,000 characters of text). */
export const MAX_TASK_DESCRIPTION_JSON = 200_000;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID_RE.test(v);

const uuid = (message: string) => z.string({ error: message }).regex(UUID_RE, message);
const isoDate = z
  .string({ error: M.dateInvalid })
  .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateInvalid)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && v >= '1900-01-01' && v <= '2999-12-31';
  }, M.dateInvalid);
const trimmed = (max: number, required: string, tooLong: string) =>
  safeText({ error: required })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, required).max(max, tooLong));
const name = trimmed(120, M.nameRequired, M.nameTooLong);
const description = safeText({ multiline: true }).pipe(z.string().max(5000, M.descriptionTooLong));
const taskDescription = safeText({ multiline: true }).pipe(z.string().max(20_000, M.taskDescriptionTooLong));
/**
 * A task's description as rich text (decision 0422): the documents' shape check, its plain text
 * (what is stored beside it) within the description's limits, and a bound on the JSON itself.
 */
const taskDescriptionDoc = docContentSchema.superRefine((doc, ctx) => {
  if (JSON.stringify(doc).length > MAX_TASK_DESCRIPTION_JSON) return ctx.addIssue({ code: 'custom', message: M.taskDescriptionTooLong });
  const plain = taskDescription.safeParse(richTextToPlain(doc));
  if (!plain.success) ctx.addIssue({ code: 'custom', message: plain.error.issues[0]?.message ?? M.taskDescriptionTooLong });
});
const status = z.enum(PROJECT_STATUSES, { error: M.statusInvalid });
const memberId = safeText({ error: M.memberInvalid }).pipe(z.string().min(1, M.memberInvalid).max(100, M.memberInvalid));
const members = z.array(memberId, { error: M.memberInvalid }).max(100, M.tooManyMembers);
const columnName = trimmed(60, M.columnNameRequired, M.columnNameTooLong);
const taskTitle = trimmed(MAX_TASK_TITLE, M.titleRequired, M.titleTooLong);
const priority = z.enum(TASK_PRIORITIES, { error: M.priorityInvalid });
const label = safeText({ error: M.labelInvalid })
  .transform((v) => v.trim())
  .pipe(z.string().min(1, M.labelInvalid).max(40, M.labelInvalid));
const labels = z
  .array(label, { error: M.labelInvalid })
  .max(20, M.tooManyLabels)
  .transform((l) => [...new Set(l)]);
const assignees = z
  .array(memberId, { error: M.memberInvalid })
  .max(10, M.tooManyAssignees)
  .transform((l) => [...new Set(l)]);
export const checklistItemSchema = z.object({
  id: safeText({ error: M.checklistInvalid }).pipe(z.string().min(1, M.checklistInvalid).max(40, M.checklistInvalid)),
  text: trimmed(200, M.checklistInvalid, M.checklistInvalid),
  done: z.boolean({ error: M.checklistInvalid }),
});
const checklist = z.array(checklistItemSchema, { error: M.checklistInvalid }).max(100, M.tooManyChecklist);

const datesInOrder = (v: { startDate?: string | null; endDate?: string | null }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;

/** A task proposed by a template or by the AI brief, reviewed before creation. */
export const proposedTaskSchema = z.object({
  title: taskTitle,
  description: taskDescription.optional(),
  priority: priority.optional(),
  /** Index of the column (0 = the first). */
  column: z.number().int().min(0).max(MAX_COLUMNS - 1).optional(),
});
export type ProposedTask = z.infer<typeof proposedTaskSchema>;

export const projectCreateSchema = z
  .object({
    name,
    description: description.optional(),
    organizationId: uuid(M.organizationInvalid).nullable().optional(),
    ownerId: memberId.nullable().optional(),
    memberIds: members.optional(),
    startDate: isoDate.nullable().optional(),
    endDate: isoDate.nullable().optional(),
    status: status.optional(),
    /** A built-in template's key: its columns and tasks. */
    template: z.string({ error: M.templateInvalid }).max(60, M.templateInvalid).optional(),
    /** Columns (e.g. from the AI brief); default: the template's, or the standard ones. */
    columns: z.array(columnName).min(1, M.lastColumn).max(MAX_COLUMNS, M.tooManyColumns).optional(),
    /** Tasks reviewed by the person (from a template or the AI brief). */
    tasks: z.array(proposedTaskSchema).max(200, M.tooManyTasks).optional(),
  })
  .refine(datesInOrder, { message: M.datesOrder, path: ['endDate'] });
export type ProjectCreateInput = z.input<typeof projectCreateSchema>;

export const projectUpdateSchema = patchBody(z
  .object({
    name: name.optional(),
    description: description.optional(),
    organizationId: uuid(M.organizationInvalid).nullable().optional(),
    ownerId: memberId.nullable().optional(),
    memberIds: members.optional(),
    startDate: isoDate.nullable().optional(),
    endDate: isoDate.nullable().optional(),
    status: status.optional(),
  })
  .refine(datesInOrder, { message: M.datesOrder, path: ['endDate'] }));
export type ProjectUpdateInput = z.input<typeof projectUpdateSchema>;

export const projectListQuerySchema = z.object({
  status: status.optional(),
  q: safeText().pipe(z.string().max(100, M.queryTooLong)).optional(),
  ownerId: memberId.optional(),
  organizationId: uuid(M.organizationInvalid).optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuerySchema>;

export const briefSchema = z.object({
  brief: safeText({ multiline: true, error: M.briefRequired })
    .transform((v) => v.trim())
    .pipe(z.string().min(20, M.briefRequired).max(4000, M.briefRequired)),
  requestId: uuid(M.requestIdInvalid),
});

/** What the AI answers for a brief (validated against the model's JSON). */
export const briefProposalSchema = z.object({
  nome: z.string(),
  colunas: z.array(z.string()),
  tarefas: z.array(z.object({ titulo: z.string(), descricao: z.string(), prioridade: z.enum(TASK_PRIORITIES), coluna: z.number().int() })),
});
export type BriefProposalRaw = z.infer<typeof briefProposalSchema>;
export const columnCreateSchema = z.object({ name: columnName, isDone: z.boolean().optional() });
export const columnUpdateSchema = patchBody(z.object({ name: columnName.optional(), isDone: z.boolean().optional() }));
export const columnOrderSchema = z.object({ columnIds: z.array(uuid(M.columnOrderInvalid), { error: M.columnOrderInvalid }).min(1, M.columnOrderInvalid).max(MAX_COLUMNS, M.columnOrderInvalid) });
export const columnDeleteQuerySchema = z.object({ moveTo: uuid(M.columnNotFound).optional() });

export const taskCreateSchema = z.object({
  title: taskTitle,
  description: taskDescription.optional(),
  /** Rich text; when given, `description` is its plain text. */
  descriptionDoc: taskDescriptionDoc.nullable().optional(),
  columnId: uuid(M.columnNotFound).optional(),
  assigneeIds: assignees.optional(),
  dueDate: isoDate.nullable().optional(),
  priority: priority.optional(),
  labels: labels.optional(),
  checklist: checklist.optional(),
});
export type TaskCreateInput = z.input<typeof taskCreateSchema>;
export const taskUpdateSchema = patchBody(z.object({
  title: taskTitle.optional(),
  description: taskDescription.optional(),
  descriptionDoc: taskDescriptionDoc.nullable().optional(),
  assigneeIds: assignees.optional(),
  dueDate: isoDate.nullable().optional(),
  priority: priority.optional(),
  labels: labels.optional(),
  checklist: checklist.optional(),
}));
export type TaskUpdateInput = z.input<typeof taskUpdateSchema>;
export const taskMoveSchema = z.object({
  columnId: uuid(M.columnNotFound),
  prevId: uuid(M.neighbourInvalid).nullable().optional(),
  nextId: uuid(M.neighbourInvalid).nullable().optional(),
});
export type TaskMoveInput = z.input<typeof taskMoveSchema>;

export const DUE_FILTERS = ['overdue', 'week', 'none'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
export const boardQuerySchema = z.object({
  assigneeId: memberId.optional(),
  label: label.optional(),
  priority: priority.optional(),
  due: z.enum(DUE_FILTERS, { error: M.dueFilterInvalid }).optional(),
  limit: z.coerce.number({ error: M.limitInvalid }).int(M.limitInvalid).min(1, M.limitInvalid).max(500, M.limitInvalid).default(100),
});
export type BoardFilters = Omit<z.infer<typeof boardQuerySchema>, 'limit'>;
export const columnPageQuerySchema = boardQuerySchema.extend({ cursor: z.string().max(200, M.cursorInvalid) });

// ---- responses (the routes' contracts; the types are derived from them) ----

const personSchema = z.object({ id: z.string(), name: z.string() });
export type Person = z.infer<typeof personSchema>;
export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(PROJECT_STATUSES),
  organization: z.object({ id: z.string(), name: z.string() }).nullable(),
  owner: personSchema.nullable(),
  members: z.array(personSchema),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  taskCount: z.number(),
  doneCount: z.number(),
  /** 0–100, from the tasks done. */
  progress: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.object({ projects: z.array(projectSchema) });
export type ChecklistItem = z.infer<typeof checklistItemSchema>;
export const taskCardSchema = z.object({
  id: z.string(),
  columnId: z.string(),
  position: z.number(),
  title: z.string(),
  priority: z.enum(TASK_PRIORITIES),
  labels: z.array(z.string()),
  assignees: z.array(personSchema),
  dueDate: z.string().nullable(),
  doneAt: z.string().nullable(),
  checklistDone: z.number(),
  checklistTotal: z.number(),
});
export type TaskCard = z.infer<typeof taskCardSchema>;
/** `descriptionDoc`: the description as rich text; null when it is plain (written before, or rewritten elsewhere since). */
export const taskDetailSchema = taskCardSchema.extend({
  projectId: z.string(),
  description: z.string(),
  descriptionDoc: docContentSchema.nullable(),
  checklist: z.array(checklistItemSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  startedAt: z.string().nullable(),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;
export const columnSchema = z.object({ id: z.string(), name: z.string(), position: z.number(), isDone: z.boolean() });
export type Column = z.infer<typeof columnSchema>;
export const columnListSchema = z.object({ columns: z.array(columnSchema) });
export const columnDeletedSchema = z.object({ moved: z.number() });
export const boardColumnSchema = columnSchema.extend({ count: z.number(), items: z.array(taskCardSchema), nextCursor: z.string().nullable() });
export type BoardColumn = z.infer<typeof boardColumnSchema>;
export const boardSchema = z.object({ project: projectSchema, columns: z.array(boardColumnSchema), labels: z.array(z.string()) });
export type Board = z.infer<typeof boardSchema>;
export const columnPageSchema = z.object({ items: z.array(taskCardSchema), nextCursor: z.string().nullable() });
export type ColumnPage = z.infer<typeof columnPageSchema>;
export const taskMovedSchema = z.object({ id: z.string(), columnId: z.string(), position: z.number(), doneAt: z.string().nullable() });
export type TaskMoved = z.infer<typeof taskMovedSchema>;

export const dashboardSchema = z.object({
  project: z.object({ id: z.string(), name: z.string() }),
  byColumn: z.array(z.object({ columnId: z.string(), name: z.string(), isDone: z.boolean(), count: z.number() })),
  byAssignee: z.array(z.object({ id: z.string().nullable(), name: z.string(), open: z.number(), done: z.number() })),
  overdue: z.array(z.object({ id: z.string(), title: z.string(), dueDate: z.string(), assignees: z.array(z.string()) })),
  overdueCount: z.number(),
  burnUp: z.array(z.object({ date: z.string(), created: z.number(), done: z.number() })),
  cycleTime: z.object({ count: z.number(), averageDays: z.number().nullable(), medianDays: z.number().nullable(), p85Days: z.number().nullable() }),
  total: z.number(),
  done: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

export const briefResultSchema = z.object({
  proposal: z.object({
    name: z.string(),
    columns: z.array(z.string()),
    tasks: z.array(z.object({ title: z.string(), description: z.string(), priority: z.enum(TASK_PRIORITIES), column: z.number() })),
  }),
  charged: z.number(),
  balance: z.number(),
});
export type BriefResult = z.infer<typeof briefResultSchema>;
export type BriefProposal = BriefResult['proposal'];

const templateSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  columns: z.array(z.string()),
  tasks: z.array(proposedTaskSchema),
});
export type Template = z.infer<typeof templateSchema>;
export const templateListSchema = z.object({ templates: z.array(templateSchema) });
