/** An SMTP reply's text: ASCII only (RFC 5321 replies carry no charset; accents arrive as mojibake). */
export const smtpText = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '?');
