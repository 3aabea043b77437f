import { z } from 'zod';

/** The kinds of notification every area uses (issue 11 item 5); defaults in decision 0116. */
export const NOTIFICATION_KINDS = ['reminder', 'mention', 'assignment', 'due_date', 'alert'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, { title: string; description: string }> = {
  reminder: { title: 'Lembretes', description: 'Lembretes que você ou sua equipe agendaram.' },
  mention: { title: 'Menções', description: 'Quando alguém menciona você com @ em um comentário.' },
  assignment: { title: 'Atribuições', description: 'Quando uma tarefa, negócio ou conversa é atribuída a você.' },
  due_date: { title: 'Prazos', description: 'Tarefas e atividades que vencem em breve ou venceram.' },
  alert: { title: 'Alertas', description: 'Avisos do sistema: trabalhos concluídos, falhas, saldo.' },
};

/** What each kind does when the person never chose (decision 0116). */
export const NOTIFICATION_DEFAULTS: Record<NotificationKind, { inApp: boolean; email: boolean }> = {
  reminder: { inApp: true, email: false },
  mention: { inApp: true, email: true },
  assignment: { inApp: true, email: true },
  due_date: { inApp: true, email: true },
  alert: { inApp: true, email: false },
};

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS, { error: 'Tipo de notificação inválido.' });

export type NotificationItem = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string | null;
  link: string | null;
  entityType: string | null;
  entityId: string | null;
  readAt: string | null;
  createdAt: string;
};

export type NotificationPage = { items: NotificationItem[]; nextCursor: string | null };

export const notificationListQuerySchema = z.object({
  cursor: z.string().max(200, 'Cursor inválido.').optional(),
  limit: z.coerce.number({ error: 'Limite inválido.' }).int('Limite inválido.').min(1, 'Limite inválido.').max(50, 'O limite máximo é 50.').optional(),
  unread: z.enum(['1', '0', 'true', 'false'], { error: 'Filtro inválido.' }).optional(),
});

export const notificationIdSchema = z.uuid({ error: 'Notificação não encontrada.' });

export type NotificationPreference = { kind: NotificationKind; inApp: boolean; email: boolean };

export const notificationPreferencesSchema = z.object({
  preferences: z
    .array(z.object({ kind: notificationKindSchema, inApp: z.boolean({ error: 'Escolha sim ou não.' }), email: z.boolean({ error: 'Escolha sim ou não.' }) }), {
      error: 'Envie a lista de preferências.',
    })
    .min(1, 'Envie ao menos uma preferência.')
    .max(NOTIFICATION_KINDS.length, 'Preferências demais.'),
});
