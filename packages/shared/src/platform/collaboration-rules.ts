/**
 * Comments and tasks (decisions 0130–0132): the limits, pt-BR messages, task kinds and the
 * mention syntax, free of zod so a page that shows comments or tasks does not download the
 * schemas' library with them (decision 0749). collaboration.ts re-exports all of it.
 */

export const COMMENT_MAX_LENGTH = 10_000;
export const TASK_TITLE_MAX_LENGTH = 200;
export const TASK_DESCRIPTION_MAX_LENGTH = 5_000;
export const COMMENTS_PAGE_SIZE = 50;

export const COLLABORATION_MESSAGES = {
  commentEmpty: 'Escreva o comentário.',
  commentTooLong: `O comentário pode ter no máximo ${COMMENT_MAX_LENGTH.toLocaleString('pt-BR')} caracteres.`,
  commentNotFound: 'Comentário não encontrado.',
  commentForbidden: 'Só quem escreveu o comentário ou um administrador pode alterá-lo.',
  mentionOutsider: 'Só é possível mencionar pessoas da sua empresa.',
  tooManyMentions: 'Mencione no máximo 20 pessoas por comentário.',
  taskNotFound: 'Tarefa não encontrada.',
  taskTitle: 'Informe o título da tarefa.',
  taskTitleTooLong: `O título pode ter no máximo ${TASK_TITLE_MAX_LENGTH} caracteres.`,
  taskDescriptionTooLong: `A descrição pode ter no máximo ${TASK_DESCRIPTION_MAX_LENGTH.toLocaleString('pt-BR')} caracteres.`,
  taskDueDate: 'Data de vencimento inválida (use AAAA-MM-DD).',
  taskKind: 'Tipo de tarefa inválido.',
  assigneeOutsider: 'O responsável precisa ser uma pessoa da sua empresa.',
  taskForbidden: 'Só quem criou a tarefa, o responsável ou um administrador pode alterá-la.',
  taskDeleteForbidden: 'Só quem criou a tarefa ou um administrador pode excluí-la.',
  entityBoth: 'Informe o tipo de registro e o registro juntos (entityType e entityId).',
  unknownEntity: 'Tipo de registro desconhecido.',
  entityNotFound: 'Registro não encontrado.',
  cursor: 'Cursor inválido.',
} as const;

export const TASK_KINDS = {
  task: 'Tarefa',
  call: 'Ligação',
  meeting: 'Reunião',
  email: 'E-mail',
  whatsapp: 'WhatsApp',
  note: 'Anotação',
} as const;
export type TaskKind = keyof typeof TASK_KINDS;
export const TASK_KIND_KEYS = Object.keys(TASK_KINDS) as [TaskKind, ...TaskKind[]];

export const MY_TASK_SCOPES = ['today', 'overdue', 'upcoming', 'done'] as const;
export type MyTaskScope = (typeof MY_TASK_SCOPES)[number];

/** `@[Nome](userId)`: how a mention is written in a comment's body. */
export const MENTION_TOKEN = /@\[([^\]\n]{1,100})\]\(([A-Za-z0-9_-]{1,100})\)/g;

/** The distinct user ids mentioned in a body, in order. */
export function mentionedUserIds(body: string): string[] {
  const ids = new Set<string>();
  for (const m of body.matchAll(MENTION_TOKEN)) ids.add(m[2]!);
  return [...ids];
}

/** The text of a mention token for a person. Brackets in the name are dropped. */
export const mentionToken = (name: string, userId: string) => `@[${name.replace(/[[\]()\n]/g, '').trim() || 'pessoa'}](${userId})`;

/** A body split into text and mentions, for rendering. */
export function splitMentions(body: string): Array<{ text: string } | { name: string; userId: string }> {
  const out: Array<{ text: string } | { name: string; userId: string }> = [];
  let last = 0;
  for (const m of body.matchAll(MENTION_TOKEN)) {
    if (m.index > last) out.push({ text: body.slice(last, m.index) });
    out.push({ name: m[1]!, userId: m[2]! });
    last = m.index + m[0].length;
  }
  if (last < body.length) out.push({ text: body.slice(last) });
  return out;
}
