import nodemailer from 'nodemailer';
import type { Database } from '@sede/db/client';
import { schema } from '@sede/db/client';
import type { Config } from './config.ts';

export type MailAttachment = { filename: string; content: Buffer; contentType?: string };
export type MailMessage = { to: string; subject: string; text: string; html: string; attachments?: MailAttachment[] };
export type Mailer = { send(message: MailMessage): Promise<void>; mode: 'smtp' | 'dev-mailbox' | 'disabled' };

/**
 * SMTP when SMTP_URL is set; otherwise, where the dev mailbox is allowed (cfg.devMailbox), every
 * message is kept in its table; otherwise the message is dropped with a log line that names
 * neither its link nor its body (docs/decisions/0072).
 */
export function createMailer(cfg: Config, db: Database): Mailer {
  if (cfg.SMTP_URL) {
    const transport = nodemailer.createTransport(cfg.SMTP_URL);
    return {
      mode: 'smtp',
      async send(m) {
        await transport.sendMail({ from: cfg.MAIL_FROM, to: m.to, subject: m.subject, text: m.text, html: m.html, attachments: m.attachments });
      },
    };
  }
  if (!cfg.devMailbox) {
    return {
      mode: 'disabled',
      async send(m) {
        console.warn(`[mail] e-mail não entregue (SMTP_URL não configurado): "${m.subject}" para ${m.to}`);
      },
    };
  }
  return {
    mode: 'dev-mailbox',
    async send(m) {
      // The dev mailbox keeps no bytes: it names the attachments at the end of the text.
      const attached = m.attachments?.length ? `\n\nAnexos: ${m.attachments.map((a) => `${a.filename} (${a.content.length} bytes)`).join(', ')}` : '';
      await db.insert(schema.devMailbox).values({ to: m.to.toLowerCase(), subject: m.subject, text: m.text + attached, html: m.html });
    },
  };
}
