import { pdfBytes } from '../../platform/pdf.ts';
import { campaignRates, type CampaignDetail } from '@sede/shared/marketing/campaigns';
import { CHANNEL_LABELS, PIECE_STATUS_LABELS } from '@sede/shared/marketing/constants';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const int = new Intl.NumberFormat('pt-BR');
const pct = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 2 });
const money = (cents: number | null) => (cents === null ? '-' : brl.format(cents / 100));
const count = (n: number | null) => (n === null ? '-' : int.format(n));
const day = (iso: string | null) => (iso ? iso.slice(0, 10).split('-').reverse().join('/') : '-');
const dateTime = (iso: string) => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone: 'America/Sao_Paulo' }).format(new Date(iso));

/**
 * The finished campaign's one-page report for the client (decision 0341): results with their
 * rates, budget against spend, the pieces by channel as bars, the pieces and what was learned.
 * The standard fonts write WinAnsi only: '-' and '·', never an em dash.
 */
export function campaignReportPdf(agency: string, c: CampaignDetail): Promise<Buffer> {
  return pdfBytes({ size: 'A4', margin: 44, info: { Title: `Relatório da campanha ${c.name}`, Author: agency } }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    const bottom = doc.page.height - doc.page.margins.bottom;

    doc.font('Helvetica').fontSize(9).fillColor('#555').text(`${agency} · Relatório de campanha`, { width });
    doc.moveDown(0.3).font('Helvetica-Bold').fontSize(18).fillColor('#111').text(c.name, { width });
    doc.font('Helvetica').fontSize(10).fillColor('#333').text(`Cliente: ${c.clientName} · Período: ${day(c.startsOn)} a ${day(c.endsOn)}${c.finishedAt ? ` · Concluída em ${dateTime(c.finishedAt)}` : ''}`, { width });
    if (c.goal) doc.moveDown(0.4).text(`Objetivo: ${c.goal}`, { width });
    doc.moveDown(0.8);

    // Results: six boxes in two rows.
    const { ctr, costPerLeadCents } = campaignRates(c);
    const boxes: Array<[string, string]> = [
      ['Alcance', count(c.reach)],
      ['Cliques', count(c.clicks)],
      ['Taxa de cliques', ctr === null ? '-' : pct.format(ctr)],
      ['Leads', count(c.leads)],
      ['Investimento', `${money(c.spendCents)}${c.budgetCents !== null ? ` de ${money(c.budgetCents)}` : ''}`],
      ['Custo por lead', money(costPerLeadCents)],
    ];
    const boxW = (width - 16) / 3;
    const boxH = 48;
    const top = doc.y;
    boxes.forEach(([label, value], i) => {
      const x = left + (i % 3) * (boxW + 8);
      const y = top + Math.floor(i / 3) * (boxH + 8);
      doc.roundedRect(x, y, boxW, boxH, 4).fillColor('#f3f4f6').fill();
      doc.fillColor('#555').font('Helvetica').fontSize(8).text(label, x + 8, y + 8, { width: boxW - 16 });
      doc.fillColor('#111').font('Helvetica-Bold').fontSize(13).text(value, x + 8, y + 22, { width: boxW - 16 });
    });
    doc.x = left;
    doc.y = top + 2 * (boxH + 8) + 6;

    // Pieces by channel, as bars.
    if (c.byChannel.length) {
      doc.fillColor('#111').font('Helvetica-Bold').fontSize(11).text(`Peças por canal (${c.pieces}, ${c.published} publicadas)`, left, doc.y, { width });
      doc.moveDown(0.3);
      const max = Math.max(...c.byChannel.map((b) => b.pieces));
      for (const b of c.byChannel) {
        const y = doc.y;
        doc.font('Helvetica').fontSize(9).fillColor('#333').text(CHANNEL_LABELS[b.channel] ?? b.channel, left, y, { width: 80 });
        const barW = Math.max(2, ((width - 130) * b.pieces) / max);
        doc.rect(left + 86, y + 1, barW, 9).fillColor('#2563eb').fill();
        doc.fillColor('#333').text(String(b.pieces), left + 92 + barW, y, { width: 40 });
        doc.x = left;
        doc.y = y + 14;
      }
      doc.moveDown(0.6);
    }

    // The pieces, as many as fit above the summary.
    if (c.piecesList.length) {
      doc.fillColor('#111').font('Helvetica-Bold').fontSize(11).text('Peças', left, doc.y, { width });
      doc.moveDown(0.2);
      const reserve = c.summary ? 110 : 30;
      let shown = 0;
      for (const p of c.piecesList) {
        if (doc.y + 14 > bottom - reserve) break;
        const line = `${day(p.scheduledAt)} · ${CHANNEL_LABELS[p.channel] ?? p.channel} · ${p.title} · ${PIECE_STATUS_LABELS[p.status] ?? p.status}`;
        doc.font('Helvetica').fontSize(9).fillColor('#333').text(line, left, doc.y, { width, lineBreak: false, ellipsis: true });
        shown++;
      }
      if (shown < c.piecesList.length) doc.fillColor('#666').fontSize(8).text(`e mais ${c.piecesList.length - shown} peças.`, left, doc.y, { width });
      doc.moveDown(0.6);
    }

    if (c.summary) {
      doc.fillColor('#111').font('Helvetica-Bold').fontSize(11).text('Resumo e aprendizados', left, doc.y, { width });
      doc.font('Helvetica').fontSize(9.5).fillColor('#333').text(c.summary, left, doc.y, { width, height: Math.max(20, bottom - doc.y - 16), ellipsis: true });
    }
    // The footer sits in the bottom margin: without the margin pdfkit would start a second page for it.
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(7).fillColor('#888').text(`Gerado em ${dateTime(new Date().toISOString())} pelo Sede.`, left, bottom + 14, { width, lineBreak: false });
  });
}
