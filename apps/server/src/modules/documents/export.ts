import { AlignmentType, Document, ExternalHyperlink, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun, WidthType, type ParagraphChild } from 'docx';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { DocContent, DocNode } from '@sede/shared/documents/schemas';
import { drawTable } from './pdf-table.ts';

/** An image of the document, read from the platform's files by the caller (null when it is gone). */
export type ImageLoader = (src: string) => Promise<{ bytes: Buffer; mime: string } | null>;
type Loaded = { bytes: Buffer; type: 'png' | 'jpg' | 'gif'; width: number; height: number };

const MAX_IMAGE_WIDTH = 450; // points (PDF) and pixels (DOCX): the text column
const FILE_SRC = /^\/api\/files\/([0-9a-f-]{36})\/content$/i;
export const fileIdOfSrc = (src: string) => FILE_SRC.exec(src)?.[1] ?? null;

async function loadImages(content: DocContent, load: ImageLoader): Promise<Map<string, Loaded>> {
  const srcs = new Set<string>();
  const walk = (n: DocNode) => {
    if (n.type === 'image' && typeof n.attrs?.src === 'string') srcs.add(n.attrs.src);
    n.content?.forEach(walk);
  };
  content.content?.forEach(walk);
  const out = new Map<string, Loaded>();
  for (const src of srcs) {
    const file = await load(src);
    if (!file) continue;
    try {
      // PDF and DOCX take PNG and JPEG: anything else (WebP, GIF) is converted to PNG.
      const meta = await sharp(file.bytes).metadata();
      const ok = meta.format === 'png' || meta.format === 'jpeg';
      const bytes = ok ? file.bytes : await sharp(file.bytes).png().toBuffer();
      out.set(src, { bytes, type: meta.format === 'jpeg' ? 'jpg' : 'png', width: meta.width ?? 400, height: meta.height ?? 300 });
    } catch {
      // An unreadable image is left out; the text still exports.
    }
  }
  return out;
}

const fit = (img: Loaded) => {
  const scale = Math.min(1, MAX_IMAGE_WIDTH / img.width);
  return { width: Math.round(img.width * scale), height: Math.round(img.height * scale) };
};

// ——— DOCX ———

function runs(nodes: DocNode[] | undefined): ParagraphChild[] {
  const out: ParagraphChild[] = [];
  for (const n of nodes ?? []) {
    if (n.type === 'hardBreak') {
      out.push(new TextRun({ text: '', break: 1 }));
      continue;
    }
    if (n.type !== 'text' || !n.text) continue;
    const has = (t: string) => n.marks?.some((m) => m.type === t) ?? false;
    const link = n.marks?.find((m) => m.type === 'link')?.attrs?.href;
    const run = new TextRun({
      text: n.text,
      bold: has('bold'),
      italics: has('italic'),
      strike: has('strike'),
      underline: has('underline') || link ? {} : undefined,
      font: has('code') ? 'Courier New' : undefined,
      color: link ? '1D4ED8' : undefined,
    });
    out.push(typeof link === 'string' ? new ExternalHyperlink({ link, children: [run] }) : run);
  }
  return out;
}

const HEADINGS = [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4] as const;

function docxBlocks(nodes: DocNode[] | undefined, images: Map<string, Loaded>, depth = 0): Array<Paragraph | Table> {
  const out: Array<Paragraph | Table> = [];
  for (const n of nodes ?? []) {
    switch (n.type) {
      case 'heading':
        out.push(new Paragraph({ heading: HEADINGS[Math.min(Number(n.attrs?.level ?? 1), 4) - 1], children: runs(n.content) }));
        break;
      case 'paragraph':
        out.push(new Paragraph({ children: runs(n.content), indent: depth ? { left: depth * 360 } : undefined }));
        break;
      case 'bulletList':
      case 'orderedList':
        (n.content ?? []).forEach((item, i) => {
          const [first, ...rest] = item.content ?? [];
          const marker = n.type === 'bulletList' ? '• ' : `${Number(n.attrs?.start ?? 1) + i}. `;
          out.push(new Paragraph({ indent: { left: (depth + 1) * 360, hanging: 240 }, children: [new TextRun(marker), ...runs(first?.content)] }));
          out.push(...docxBlocks(rest, images, depth + 1));
        });
        break;
      case 'blockquote':
        for (const b of docxBlocks(n.content, images, depth + 1)) out.push(b);
        break;
      case 'codeBlock':
        out.push(new Paragraph({ children: [new TextRun({ text: (n.content ?? []).map((c) => c.text ?? '').join(''), font: 'Courier New' })] }));
        break;
      case 'horizontalRule':
        out.push(new Paragraph({ thematicBreak: true, children: [] }));
        break;
      case 'image': {
        const img = images.get(String(n.attrs?.src ?? ''));
        if (img) out.push(new Paragraph({ alignment: AlignmentType.CENTER, children: [new ImageRun({ type: img.type === 'jpg' ? 'jpg' : 'png', data: img.bytes, transformation: fit(img) })] }));
        break;
      }
      case 'table':
        out.push(
          new Table({
            width: { size: 100, type: WidthType.PERCENTAGE },
            rows: (n.content ?? []).map(
              (row) =>
                new TableRow({
                  children: (row.content ?? []).map((cell) => new TableCell({ children: docxBlocks(cell.content, images, 0).filter((b): b is Paragraph => b instanceof Paragraph) })),
                }),
            ),
          }),
        );
        break;
      default:
        if (n.content) out.push(...docxBlocks(n.content, images, depth));
    }
  }
  return out;
}

export async function toDocx(title: string, content: DocContent, load: ImageLoader): Promise<Buffer> {
  const images = await loadImages(content, load);
  const doc = new Document({
    title,
    creator: 'Sede',
    styles: { default: { document: { run: { font: 'Calibri', size: 22 } } } },
    sections: [{ children: [new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }), ...docxBlocks(content.content, images)] }],
  });
  return Packer.toBuffer(doc);
}

// ——— PDF ———

const SIZES = [20, 16, 13.5, 12];

export async function toPdf(title: string, content: DocContent, load: ImageLoader): Promise<Buffer> {
  const images = await loadImages(content, load);
  const pdf = new PDFDocument({ size: 'A4', margins: { top: 56, bottom: 56, left: 64, right: 64 }, info: { Title: title, Creator: 'Sede' } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => pdf.on('end', () => resolve(Buffer.concat(chunks))));
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;

  const inline = (nodes: DocNode[] | undefined, x: number, w: number, size: number, forceBold = false) => {
    const parts = (nodes ?? []).filter((n) => n.type === 'text' || n.type === 'hardBreak');
    if (!parts.length) {
      pdf.fontSize(size).text(' ', x, pdf.y, { width: w });
      return;
    }
    parts.forEach((n, i) => {
      const has = (t: string) => n.marks?.some((m) => m.type === t) ?? false;
      const bold = forceBold || has('bold');
      const italic = has('italic');
      const font = has('code') ? 'Courier' : bold && italic ? 'Helvetica-BoldOblique' : bold ? 'Helvetica-Bold' : italic ? 'Helvetica-Oblique' : 'Helvetica';
      const link = n.marks?.find((m) => m.type === 'link')?.attrs?.href;
      const text = n.type === 'hardBreak' ? '\n' : (n.text ?? '');
      // Explicit values: a continued fragment inherits any option it leaves undefined (a link would run on).
      const options = { width: w, continued: i < parts.length - 1, underline: has('underline') || typeof link === 'string', strike: has('strike'), link: typeof link === 'string' ? link : null };
      pdf
        .font(font)
        .fontSize(size)
        .fillColor(typeof link === 'string' ? '#1d4ed8' : '#0f172a');
      // The fragments after the first continue the line: pdfkit reads `text(s, undefined, undefined, options)` as no options at all (each fragment would start a new line).
      if (i === 0) pdf.text(text, x, pdf.y, options);
      else pdf.text(text, options);
    });
    pdf.fillColor('#0f172a');
  };

  const blocks = (nodes: DocNode[] | undefined, depth: number) => {
    const x = left + depth * 18;
    const w = width - depth * 18;
    for (const n of nodes ?? []) {
      switch (n.type) {
        case 'heading': {
          const level = Math.min(Number(n.attrs?.level ?? 1), 4);
          pdf.moveDown(0.6);
          inline(n.content, x, w, SIZES[level - 1]!, true);
          pdf.moveDown(0.3);
          break;
        }
        case 'paragraph':
          inline(n.content, x, w, 11);
          pdf.moveDown(0.4);
          break;
        case 'bulletList':
        case 'orderedList':
          (n.content ?? []).forEach((item, i) => {
            const marker = n.type === 'bulletList' ? '•' : `${Number(n.attrs?.start ?? 1) + i}.`;
            const y = pdf.y;
            pdf.font('Helvetica').fontSize(11).text(marker, x, y, { width: 16 });
            pdf.y = y;
            const [first, ...rest] = item.content ?? [];
            inline(first?.content, x + 18, w - 18, 11);
            pdf.moveDown(0.2);
            blocks(rest, depth + 1);
          });
          pdf.moveDown(0.2);
          break;
        case 'blockquote':
          blocks(n.content, depth + 1);
          break;
        case 'codeBlock':
          pdf.font('Courier').fontSize(9.5).text((n.content ?? []).map((c) => c.text ?? '').join(''), x, pdf.y, { width: w });
          pdf.moveDown(0.4);
          break;
        case 'horizontalRule':
          pdf.moveTo(x, pdf.y).lineTo(x + w, pdf.y).strokeColor('#cbd5e1').stroke();
          pdf.moveDown(0.6);
          break;
        case 'image': {
          const img = images.get(String(n.attrs?.src ?? ''));
          if (!img) break;
          const size = fit(img);
          if (pdf.y + size.height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
          pdf.image(img.bytes, x, pdf.y, { fit: [Math.min(size.width, w), size.height] });
          pdf.y += size.height + 8;
          break;
        }
        case 'table':
          drawTable(
            pdf,
            (n.content ?? []).map((row) =>
              (row.content ?? []).map((cell) => ({ header: cell.type === 'tableHeader', text: (cell.content ?? []).map((p) => (p.content ?? []).map((t) => t.text ?? '').join('')).join('\n') })),
            ),
            x,
            w,
          );
          pdf.x = x;
          pdf.moveDown(0.6);
          break;
        default:
          blocks(n.content, depth);
      }
    }
  };

  pdf.font('Helvetica-Bold').fontSize(22).fillColor('#0f172a').text(title, left, pdf.y, { width });
  pdf.moveDown(0.8);
  blocks(content.content, 0);
  pdf.end();
  return done;
}
