import { type PDFFont, type PDFPage, type PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { EVENT_LABELS, type EnvelopeEventKind, SIGNER_ROLE_LABELS, type SignerRole } from '@sede/shared/esign/schemas';
import { formatCpf } from '@sede/shared/cpf';

export type CompletionSigner = { name: string; email: string; cpf: string | null; role: SignerRole; signedAt: Date | null; signature: { text: string | null; imagePng: Uint8Array | null } };
export type CompletionEvent = { kind: EnvelopeEventKind; at: Date; signerName: string | null; ip: string | null; userAgent: string | null };
export type CompletionSummary = {
  title: string;
  companyName: string;
  documentSha256: string;
  documentPages: number;
  verificationCode: string;
  verificationUrl: string;
  signers: CompletionSigner[];
  events: CompletionEvent[];
};

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const GREY = rgb(0.35, 0.35, 0.4);

/** Brasília time as a person reads it on paper: '02/12/2026 10:04:05 (horário de Brasília)'. */
const BRASILIA_TIME = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
export const brasiliaTime = (d: Date) => `${BRASILIA_TIME.format(d).replace(',', '')} (horário de Brasília)`;

/** The standard fonts speak WinAnsi only: anything else (an emoji in a name) is printed as '?', never a failed seal. */
export const winAnsi = (font: PDFFont, text: string) =>
  [...text.replace(/[\r\n\t]+/g, ' ')].map((ch) => { try { font.encodeText(ch); return ch; } catch { return '?'; } }).join('');

/** Lines of at most `width` points at `size`, broken at spaces (and inside words too long for a line). */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) { line = candidate; continue; }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Appends the certificate of completion (decision 0552) to the original: the document's SHA-256,
 * the verification code, every signer with their signature, every event with time, address and
 * browser. As many pages as it takes.
 */
export async function appendCertificatePages(doc: PDFDocument, summary: CompletionSummary): Promise<number> {
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const oblique = await doc.embedFont(StandardFonts.HelveticaOblique);
  const width = A4[0] - 2 * MARGIN;
  let page: PDFPage = doc.addPage(A4);
  let pages = 1;
  let y = A4[1] - MARGIN;
  const room = (h: number) => {
    if (y - h >= MARGIN) return;
    page = doc.addPage(A4);
    pages++;
    y = A4[1] - MARGIN;
  };
  const text = (value: string, o: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; indent?: number } = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? 9.5;
    for (const line of wrap(font, winAnsi(font, value), size, width - (o.indent ?? 0))) {
      room(size + 4);
      page.drawText(line, { x: MARGIN + (o.indent ?? 0), y: y - size, size, font, color: o.color ?? rgb(0.07, 0.07, 0.1) });
      y -= size + 4;
    }
  };
  const gap = (h: number) => { y -= h; };
  const rule = () => { room(8); page.drawLine({ start: { x: MARGIN, y: y - 3 }, end: { x: A4[0] - MARGIN, y: y - 3 }, thickness: 0.5, color: rgb(0.8, 0.8, 0.85) }); y -= 10; };
  const section = (title: string) => { rule(); text(title, { font: bold, size: 13 }); gap(2); };

  text('Certificado de conclusão', { font: bold, size: 18 });
  gap(4);
  text(`Documento: ${summary.title}`, { font: bold, size: 11 });
  text(`Enviado por: ${summary.companyName}`);
  text(`Páginas do documento original: ${summary.documentPages}`);
  text(`SHA-256 do documento original: ${summary.documentSha256}`, { size: 8.5 });
  text(`Código de verificação: ${summary.verificationCode}`, { font: bold });
  text(`Verifique em ${summary.verificationUrl}`, { color: GREY });
  gap(8);
  section('Signatários');
  for (const s of summary.signers) {
    room(70);
    text(`${s.name} — ${SIGNER_ROLE_LABELS[s.role]}`, { font: bold, size: 10.5 });
    text(`E-mail: ${s.email}${s.cpf ? ` · CPF: ${formatCpf(s.cpf)}` : ''}`, { indent: 10 });
    if (s.signedAt) text(`${s.role === 'aprovar' ? 'Aprovou' : 'Assinou'} em ${brasiliaTime(s.signedAt)}`, { indent: 10 });
    else text('Recebeu cópia do documento assinado.', { indent: 10, color: GREY });
    if (s.signature.imagePng) {
      const image = await doc.embedPng(s.signature.imagePng);
      const h = 36;
      const w = Math.min(180, (image.width / image.height) * h);
      room(h + 6);
      page.drawImage(image, { x: MARGIN + 10, y: y - h, width: w, height: h });
      y -= h + 6;
    } else if (s.signature.text) {
      text(s.signature.text, { font: oblique, size: 16, indent: 10 });
    }
    gap(6);
  }
  section('Eventos');
  for (const e of summary.events) {
    room(40);
    text(`${brasiliaTime(e.at)} — ${EVENT_LABELS[e.kind]}${e.signerName ? `: ${e.signerName}` : ''}`, { font: bold, size: 9 });
    if (e.ip || e.userAgent) text(`IP ${e.ip ?? '—'} · ${e.userAgent ?? 'navegador não informado'}`, { size: 8, indent: 10, color: GREY });
  }
  gap(8);
  rule();
  text(
    'Assinaturas eletrônicas válidas entre as partes (MP 2.200-2/2001, art. 10, § 2º; Lei 14.063/2020). Este PDF está selado digitalmente: qualquer alteração após o selo invalida a assinatura digital exibida pelo leitor de PDF.',
    { size: 8, color: GREY },
  );
  return pages;
}
