import { z } from 'zod';

/** The kinds of notification every area uses; defaults in decision 0116. */
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

export const notificationItemSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationItemSchema>;

export const notificationPageSchema = z.object({ items: z.array(notificationItemSchema), nextCursor: z.string().nullable() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationListQuerySchema = z.object({
  cursor: z.string().max(200, 'Cursor inválido.').optional(),
  limit: z.coerce.number({ error: 'Limite inválido.' }).int('Limite inválido.').min(1, 'Limite inválido.').max(50, 'O limite máximo é 50.').optional(),
  unread: z.enum(['1', '0', 'true', 'false'], { error: 'Filtro inválido.' }).optional(),
});

export const NOTIFICATION_NOT_FOUND = 'Notificação não encontrada.';

export const notificationPreferenceSchema = z.object({ kind: notificationKindSchema, inApp: z.boolean(), email: z.boolean() });
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;
export const notificationPreferencesViewSchema = z.object({ preferences: z.array(notificationPreferenceSchema) });
export const unreadCountSchema = z.object({ count: z.number().int() });
export const readAllSchema = z.object({ updated: z.number().int() });

export const notificationPreferencesSchema = z.object({
  preferences: z
    .array(z.object({ kind: notificationKindSchema, inApp: z.boolean({ error: 'Escolha sim ou não.' }), email: z.boolean({ error: 'Escolha sim ou não.' }) }), {
      error: 'Envie a lista de preferências.',
    })
    .min(1, 'Envie ao menos uma preferência.')
    .max(NOTIFICATION_KINDS.length, 'Preferências demais.'),
});
