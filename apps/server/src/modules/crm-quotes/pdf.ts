import { pdfBytes } from '../../platform/pdf.ts';
import { formatCnpj } from '@sede/shared/cnpj';
import { formatQuantity, type Quote } from '@sede/shared/crm/quotes';
import { phoneText, type QuoteClient } from './client.ts';

export type PdfCompany = { name: string; fantasia: string | null; cnpj: string; address: string | null; city: string | null; state: string | null; cep: string | null; phone: string | null; email: string | null };

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const money = (cents: number) => brl.format(cents / 100);
const dateBr = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

/**
 * The quote's PDF in the company's name (decision 0160): header, client (organization and contact, decision 0404), items, totals, validity and conditions.
 * The standard fonts write WinAnsi only: no em dash or minus sign in the text (they vanish), '·' and '-' instead.
 */
export function quotePdf(
  company: PdfCompany,
  quote: Pick<Quote, 'number' | 'validUntil' | 'conditions' | 'notes' | 'items' | 'subtotalCents' | 'discountCents' | 'totalCents' | 'createdAt' | 'dealTitle'>,
  client: QuoteClient,
): Promise<Buffer> {
  return pdfBytes({ size: 'A4', margin: 48, info: { Title: `Orçamento nº ${quote.number} — ${company.name}`, Author: company.name } }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;

    doc.font('Helvetica-Bold').fontSize(16).text(company.name, { width });
    doc.font('Helvetica').fontSize(9).fillColor('#444');
    if (company.fantasia) doc.text(company.fantasia);
    doc.text(`CNPJ ${formatCnpj(company.cnpj)}`);
    const place = [company.address, [company.city, company.state].filter(Boolean).join('/'), company.cep ? `CEP ${company.cep}` : null].filter(Boolean).join(' · ');
    if (place) doc.text(place, { width });
    const contact = [phoneText(company.phone), company.email].filter(Boolean).join(' · ');
    if (contact) doc.text(contact);
    doc.moveDown(1.2).fillColor('#000');

    doc.font('Helvetica-Bold').fontSize(14).text(`Orçamento nº ${quote.number}`);
    doc.font('Helvetica').fontSize(10);
    doc.text(`Emitido em ${dateBr(quote.createdAt)} · Válido até ${dateBr(quote.validUntil)}`);
    doc.text(`Referente a: ${quote.dealTitle}`);
    doc.moveDown(0.8);
    if (client.organization.length || client.contact) {
      doc.font('Helvetica-Bold').fontSize(10).text('Cliente', { width });
      doc.font('Helvetica').fontSize(10);
      for (const line of client.organization) doc.text(line, { width });
      if (client.contact) doc.text(`${client.organization.length ? 'A/C: ' : ''}${client.contact}`, { width });
      doc.moveDown();
    }

    // Items table.
    const cols = [
      { title: 'Descrição', w: width * 0.4, align: 'left' as const },
      { title: 'Qtd.', w: width * 0.1, align: 'right' as const },
      { title: 'Un.', w: width * 0.08, align: 'left' as const },
      { title: 'Preço unit.', w: width * 0.14, align: 'right' as const },
      { title: 'Desconto', w: width * 0.12, align: 'right' as const },
      { title: 'Total', w: width * 0.16, align: 'right' as const },
    ];
    const row = (cells: string[], bold = false) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      const heights = cells.map((cell, i) => doc.heightOfString(cell, { width: cols[i]!.w - 6 }));
      const h = Math.max(...heights) + 6;
      if (doc.y + h > doc.page.height - doc.page.margins.bottom) doc.addPage();
      const y = doc.y;
      let x = left;
      cells.forEach((cell, i) => {
        doc.text(cell, x + 3, y + 3, { width: cols[i]!.w - 6, align: cols[i]!.align });
        x += cols[i]!.w;
      });
      doc.moveTo(left, y + h).lineTo(left + width, y + h).strokeColor('#ccc').lineWidth(0.5).stroke();
      doc.x = left;
      doc.y = y + h;
    };
    row(cols.map((c) => c.title), true);
    for (const item of quote.items) {
      row([item.description, formatQuantity(item.quantityMilli), item.unit, money(item.unitPriceCents), item.discountCents ? money(item.discountCents) : '-', money(item.totalCents)]);
    }
    doc.moveDown();

    const totalLine = (label: string, value: string, bold = false) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 12 : 10);
      doc.text(`${label}: ${value}`, left, doc.y, { width, align: 'right' });
    };
    totalLine('Subtotal', money(quote.subtotalCents));
    if (quote.discountCents) totalLine('Desconto', `- ${money(quote.discountCents)}`);
    totalLine('Total', money(quote.totalCents), true);
    doc.moveDown(1.5);

    if (quote.conditions) {
      doc.font('Helvetica-Bold').fontSize(10).text('Condições de pagamento', left, doc.y, { width });
      doc.font('Helvetica').fontSize(10).text(quote.conditions, { width });
      doc.moveDown();
    }
    if (quote.notes) {
      doc.font('Helvetica-Bold').fontSize(10).text('Observações', left, doc.y, { width });
      doc.font('Helvetica').fontSize(10).text(quote.notes, { width });
      doc.moveDown();
    }
    doc.font('Helvetica').fontSize(8).fillColor('#666').text(`Este orçamento é válido até ${dateBr(quote.validUntil)}.`, left, doc.y, { width });
  });
}
