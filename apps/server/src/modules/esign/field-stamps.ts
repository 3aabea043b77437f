import { type PDFDocument, type PDFFont, type PDFImage, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { FieldType } from '@sede/shared/esign/fields';
import { winAnsi } from './certificate-page.ts';

/** A filled field, ready to print: where, what, and the signer's signature for assinatura and rubrica. */
export type FieldStamp = {
  type: FieldType;
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
  allPages: boolean;
  value: string | null;
  signature: { text: string | null; imagePng: Uint8Array | null };
};

const INK = rgb(0.05, 0.1, 0.35);

/** 'Maria da Conceição Araújo' → 'MCA': the rubrica of a typed signature. */
export const initialsOf = (text: string) =>
  text
    .split(/\s+/)
    .filter((w) => w.length > 2 || /^[A-ZÀ-Ý]/.test(w))
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 4) || text.slice(0, 2);

/** The largest size (≤ 14 pt, ≥ 4 pt) at which `text` fits the box. */
function fitSize(font: PDFFont, text: string, w: number, h: number) {
  let size = Math.min(14, h * 0.8);
  while (size > 4 && font.widthOfTextAtSize(text, size) > w * 0.96) size -= 0.5;
  return Math.max(size, 4);
}

function drawText(page: PDFPage, font: PDFFont, raw: string, r: { x: number; y: number; w: number; h: number }) {
  const text = winAnsi(font, raw);
  const size = fitSize(font, text, r.w, r.h);
  page.drawText(text, { x: r.x + r.w * 0.02, y: r.y + (r.h - size * 0.75) / 2, size, font, color: INK });
}

/**
 * Prints the signers' fields on the original's pages (decision 0590), before the certificate of
 * completion is appended and the whole is sealed. Positions are fractions of the page's visible
 * box from its top-left corner, as the editor placed them over pdf.js's rendering.
 */
export async function stampFields(doc: PDFDocument, stamps: FieldStamp[]) {
  if (!stamps.length) return;
  const pages = doc.getPages();
  const [font, script] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.TimesRomanItalic)]);
  const images = new Map<Uint8Array, PDFImage>();
  for (const f of stamps) {
    const targets = f.allPages ? pages : pages.slice(f.page - 1, f.page);
    for (const page of targets) {
      const box = page.getCropBox();
      const r = { x: box.x + f.x * box.width, y: box.y + box.height - (f.y + f.h) * box.height, w: f.w * box.width, h: f.h * box.height };
      if (f.type === 'assinatura' || f.type === 'rubrica') {
        const png = f.signature.imagePng;
        if (png) {
          let image = images.get(png);
          if (!image) images.set(png, (image = await doc.embedPng(png)));
          const scale = Math.min(r.w / image.width, r.h / image.height);
          const [w, h] = [image.width * scale, image.height * scale];
          page.drawImage(image, { x: r.x + (r.w - w) / 2, y: r.y + (r.h - h) / 2, width: w, height: h });
        } else if (f.signature.text) drawText(page, script, f.type === 'rubrica' ? initialsOf(f.signature.text) : f.signature.text, r);
        page.drawLine({ start: { x: r.x, y: r.y }, end: { x: r.x + r.w, y: r.y }, thickness: 0.5, color: INK });
      } else if (f.type === 'checkbox') {
        const side = Math.min(r.w, r.h);
        page.drawRectangle({ x: r.x, y: r.y + (r.h - side) / 2, width: side, height: side, borderColor: INK, borderWidth: 0.8 });
        if (f.value === 'true') drawText(page, font, 'X', { x: r.x + side * 0.12, y: r.y + (r.h - side) / 2, w: side, h: side });
      } else if (f.value) drawText(page, font, f.value, r);
    }
  }
}
