import { NOTIFICATION_KIND_LABELS, type NotificationKind } from '@sede/shared/platform/notifications';
import { layout } from '../../platform/mail-templates.ts';

/** The e-mail of one notification (the in-app title and body, a button to the app). */
export function notificationEmail({ appUrl, kind, title, body, link, firstName }: { appUrl: string; kind: NotificationKind; title: string; body: string | null; link: string | null; firstName?: string | null }) {
  const subject = `${title} · Sede`;
  const url = `${appUrl.replace(/\/$/, '')}${link ?? '/'}`;
  const footer = `Você recebe este e-mail porque ativou "${NOTIFICATION_KIND_LABELS[kind].title}" por e-mail. Para mudar, acesse Meu perfil › Notificações.`;
  const lines = [firstName ? `Olá, ${firstName}!` : 'Olá!', title, ...(body ? [body] : []), footer];
  return {
    subject,
    text: `${lines.slice(0, -1).join('\n\n')}\n\nAbrir no Sede: ${url}\n\n${footer}\n\nSede`,
    html: layout(title, lines, { label: 'Abrir no Sede', url }),
  };
}
