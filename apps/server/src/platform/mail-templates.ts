/** Portuguese e-mails, each with a plain-text and an HTML body. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function layout(title: string, paragraphs: string[], action?: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#1d4ed8;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none;display:inline-block;font-weight:600">${escapeHtml(action.label)}</a></p>
       <p style="margin:0 0 16px;font-size:13px;color:#555;overflow-wrap:anywhere">Se o botão não funcionar, copie e cole este endereço no navegador:<br><a href="${escapeHtml(action.url)}" style="color:#1d4ed8;overflow-wrap:anywhere;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  return `<!doctype html><html lang="pt-BR"><body style="font-family:Inter,Arial,sans-serif;color:#111;background:#f6f7f9;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border:1px solid #e5e7eb;border-radius:12px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>${body}${button}
<p style="margin:24px 0 0;font-size:12px;color:#777">Sede — gestão da sua empresa</p></div></body></html>`;
}

const greeting = (firstName?: string) => (firstName ? `Olá, ${firstName}!` : 'Olá!');

export function verificationEmail({ url, firstName }: { url: string; firstName?: string }) {
  const subject = 'Confirme seu e-mail no Sede';
  const lines = [greeting(firstName), 'Para ativar sua conta no Sede, confirme seu endereço de e-mail.', 'Se você não criou uma conta, ignore esta mensagem.'];
  return {
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\nConfirmar e-mail: ${url}\n\n${lines[2]}\n\nSede`,
    html: layout(subject, lines, { label: 'Confirmar e-mail', url }),
  };
}

export function resetPasswordEmail({ url, firstName }: { url: string; firstName?: string }) {
  const subject = 'Redefinição de senha do Sede';
  const lines = [greeting(firstName), 'Recebemos um pedido para redefinir a senha da sua conta. O link vale por 1 hora.', 'Se você não pediu, ignore esta mensagem: sua senha continua a mesma.'];
  return {
    subject,
    text: `${lines[0]}\n\n${lines[1]}\n\nRedefinir senha: ${url}\n\n${lines[2]}\n\nSede`,
    html: layout(subject, lines, { label: 'Redefinir senha', url }),
  };
}
