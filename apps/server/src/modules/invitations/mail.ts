import { INVITE_TTL_DAYS } from '@sede/shared/constants';
import { acceptInvitePath } from '@sede/shared/invitations';
import { roleLabel } from '@sede/shared/roles';
import { layout } from '../../platform/mail-templates.ts';

export type InvitationMailInput = {
  appUrl: string;
  token: string;
  email: string;
  role: string;
  companyName: string;
  inviterName: string | null;
};

/** The invitation e-mail: Portuguese, names the company and the inviter, links to /accept-invite. */
export function invitationEmail(i: InvitationMailInput) {
  const url = `${i.appUrl}${acceptInvitePath(i.token, i.email)}`;
  const inviter = i.inviterName?.trim() || 'Um administrador';
  const subject = `${inviter} convidou você para a equipe ${i.companyName} no Sede`;
  const lines = [
    'Olá!',
    `${inviter} convidou você para fazer parte da equipe ${i.companyName} no Sede, com a função ${roleLabel(i.role)}.`,
    `O convite vale por ${INVITE_TTL_DAYS} dias. Pelo link você terá acesso apenas aos dados da ${i.companyName}.`,
    'Se você não esperava este convite, pode ignorar esta mensagem.',
  ];
  return {
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\nAceitar convite: ${url}\n\n${lines[2]}\n\n${lines[3]}\n\nSede`,
    html: layout(subject, lines, { label: 'Aceitar convite', url }),
  };
}
