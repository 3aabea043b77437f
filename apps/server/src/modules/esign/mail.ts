import { layout } from '../../platform/mail-templates.ts';
import type { MailMessage } from '../../platform/mail.ts';
import type { SignerRole } from '@sede/shared/esign/schemas';
import { day } from '@sede/shared/format';

type Mail = Omit<MailMessage, 'to'>;
const compose = (subject: string, lines: string[], action?: { label: string; url: string }): Mail => ({
  subject,
  text: `${lines.join('\n\n')}${action ? `\n\n${action.label}: ${action.url}` : ''}\n\nSede`,
  html: layout(subject, lines, action),
});

/** The signing link (decision 0551): who asks, what, until when; the link is the signer's alone. */
export function signingLinkEmail(o: { signerName: string; companyName: string; title: string; message: string | null; role: SignerRole; expiresOn: string; url: string }): Mail {
  const verb = o.role === 'aprovar' ? 'aprovar' : o.role === 'testemunha' ? 'assinar como testemunha' : 'assinar';
  const lines = [`Olá, ${o.signerName}!`, `${o.companyName} pede que você ${verb} o documento "${o.title}".`];
  if (o.message) lines.push(`Mensagem: ${o.message}`);
  lines.push(`O link vale até ${day(o.expiresOn)} e é só seu: não o encaminhe. Para confirmar sua identidade, enviaremos um código para este e-mail.`);
  return compose(`${o.companyName} pede sua assinatura: ${o.title}`, lines, { label: o.role === 'aprovar' ? 'Revisar e aprovar' : 'Revisar e assinar', url: o.url });
}

export function signingCodeEmail(o: { signerName: string; title: string; code: string; minutes: number }): Mail {
  return compose(`Seu código para assinar: ${o.code}`, [
    `Olá, ${o.signerName}!`,
    `Seu código de confirmação para o documento "${o.title}" é ${o.code}.`,
    `Ele vale por ${o.minutes} minutos. Se você não pediu este código, ignore esta mensagem.`,
  ]);
}

/** To every signer and copy recipient: the sealed PDF attached and where anyone can verify it. */
export function completedEmail(o: { name: string; title: string; role: SignerRole; verifyUrl: string; code: string }): Mail {
  return compose(`Documento assinado: ${o.title}`, [
    `Olá, ${o.name}!`,
    `Todas as assinaturas do documento "${o.title}" foram concluídas. O PDF assinado e selado segue em anexo${o.role === 'receber_copia' ? ' (você recebe uma cópia)' : ''}.`,
    `Código de verificação: ${o.code}. Qualquer pessoa pode conferir a autenticidade do documento pelo endereço abaixo.`,
  ], { label: 'Verificar documento', url: o.verifyUrl });
}

