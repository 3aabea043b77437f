/** A table cell as the PDF draws it: its text, bold when it is a header. */
export type PdfCell = { text: string; header: boolean };

const PAD = 4;
const FONT_SIZE = 10;
/**
 * A row that does not fit the rest of the page moves whole to the next one only when it is short
 * (at most this share of a page); a taller one is split at the page's end, so no page is left
 * mostly blank (what Word does by default).
 */
const KEEP_WHOLE = 0.25;

/**
 * Draws a table at x with width w from the current position, across pages: rows kept whole when
 * short, split when tall, and the header row repeated at the top of each following page.
 */
export function drawTable(pdf: PDFKit.PDFDocument, rows: PdfCell[][], x: number, w: number) {
  const header = rows.length > 1 && rows[0]!.length > 0 && rows[0]!.every((c) => c.header) ? rows[0]! : null;
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  const pageHeight = pdf.page.height - pdf.page.margins.top - pdf.page.margins.bottom;
  const font = (cell: PdfCell) => pdf.font(cell.header ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
  const oneLine = font({ text: '', header: false }).currentLineHeight(true) + 2 * PAD;

  const layout = (cells: PdfCell[]) => {
    const cw = w / Math.max(cells.length, 1);
    const textHeight = (cell: PdfCell, text: string) => font(cell).heightOfString(text || ' ', { width: cw - 2 * PAD });
    const rowHeight = (texts: string[]) => Math.max(...texts.map((t, i) => textHeight(cells[i]!, t))) + 2 * PAD;
    const draw = (texts: string[], height: number) => {
      const top = pdf.y;
      texts.forEach((t, i) => font(cells[i]!).text(t || ' ', x + i * cw + PAD, top + PAD, { width: cw - 2 * PAD }));
      cells.forEach((_, i) => pdf.rect(x + i * cw, top, cw, height).strokeColor('#cbd5e1').stroke());
      pdf.y = top + height;
    };
    /** The longest start of the text (whole words) that fits the height, and the rest. */
    const fitting = (cell: PdfCell, text: string, height: number): [string, string] => {
      if (textHeight(cell, text) <= height) return [text, ''];
      const words = text.split(/(?<=\s)/);
      let lo = 0;
      let hi = words.length;
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (textHeight(cell, words.slice(0, mid).join('')) <= height) lo = mid;
        else hi = mid - 1;
      }
      return [words.slice(0, lo).join('').trimEnd(), words.slice(lo).join('')];
    };
    return { rowHeight, draw, fitting };
  };

  const newPage = () => {
    pdf.addPage();
    if (header) {
      const h = layout(header);
      const texts = header.map((c) => c.text);
      h.draw(texts, h.rowHeight(texts));
    }
  };

  rows.forEach((cells, index) => {
    const row = layout(cells);
    let texts = cells.map((c) => c.text);
    // Each pass draws the row, or part of it, or moves to a new page (which always fits a line).
    for (let guard = 0; guard < 1000; guard++) {
      const height = row.rowHeight(texts);
      const room = bottom() - pdf.y;
      if (height <= room) return row.draw(texts, height);
      if (height <= pageHeight * KEEP_WHOLE || room < oneLine || (header && index === 0)) {
        newPage();
        continue;
      }
      const parts = texts.map((t, i) => row.fitting(cells[i]!, t, room - 2 * PAD));
      if (parts.every(([now]) => !now)) {
        newPage();
        continue;
      }
      row.draw(
        parts.map(([now]) => now),
        room,
      );
      texts = parts.map(([, later]) => later);
      newPage();
    }
  });
}
