import { z } from 'zod';
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from '../text.ts';

/** The dev mailbox (decision 0072): every e-mail the app would have sent, when no SMTP is configured. */
export const DEV_MAILBOX_MESSAGES = { messageNotFound: 'Mensagem não encontrada' } as const;

/** GET /api/dev/mailbox?to=: an address to filter on, compared trimmed and in lower case. */
export const devMailboxQuerySchema = z.object({
  to: z
    .string()
    .optional()
    .transform((v) => v?.trim().toLowerCase() || undefined)
    .refine((v) => !v || !hasControlCharacters(v), CONTROL_CHARACTERS_MESSAGE),
});

export const mailMessageSchema = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), sentAt: z.string() });
export type MailMessage = z.infer<typeof mailMessageSchema>;
export const mailMessageListSchema = z.object({ messages: z.array(mailMessageSchema) });
