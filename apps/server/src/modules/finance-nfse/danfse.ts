import { cnpj, dateTime, document, money } from '@sede/shared/format';
import { NFSE_ENVIRONMENT_LABELS, type NfseEnvironment } from '@sede/shared/finance/nfse';
import { pdfBytes } from '../../platform/pdf.ts';

export type DanfseInput = {
  environment: NfseEnvironment;
  accessKey: string;
  serie: string;
  number: number;
  issuedAt: Date;
  competence: string;
  provider: { name: string; cnpj: string; municipalRegistration: string | null };
  taker: { name: string; document: string };
  service: { code: string; description: string; issRate: number };
  amountCents: number;
};

/** The DANFSe (the auxiliary document of the NFS-e Nacional) in A4: identification, parties, service and values. */
export function danfsePdf(i: DanfseInput): Promise<Buffer> {
  return pdfBytes({ size: 'A4', margin: 48, info: { Title: `DANFSe nº ${i.number} — ${i.provider.name}`, Author: i.provider.name } }, (doc) => {
    const section = (title: string) => {
      doc.moveDown(0.8).font('Helvetica-Bold').fontSize(10).fillColor('#334155').text(title.toUpperCase());
      doc.moveTo(48, doc.y + 2).lineTo(547, doc.y + 2).strokeColor('#cbd5e1').stroke();
      doc.moveDown(0.4).font('Helvetica').fontSize(10).fillColor('#0f172a');
    };
    const line = (label: string, value: string) => doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    doc.font('Helvetica-Bold').fontSize(16).text('DANFSe — Documento Auxiliar da NFS-e');
    doc.font('Helvetica').fontSize(10).fillColor('#475569').text('Nota Fiscal de Serviço eletrônica — padrão nacional');
    if (i.environment !== 'production') doc.moveDown(0.3).fillColor('#b91c1c').font('Helvetica-Bold').text(`${NFSE_ENVIRONMENT_LABELS[i.environment]}: sem valor fiscal`);
    doc.fillColor('#0f172a');
    section('Identificação');
    line('Chave de acesso', i.accessKey);
    line('Número da DPS', `${i.number} (série ${i.serie})`);
    line('Emissão', dateTime(i.issuedAt));
    line('Competência', i.competence.split('-').reverse().join('/'));
    section('Prestador');
    line('Razão social', i.provider.name);
    line('CNPJ', cnpj(i.provider.cnpj));
    if (i.provider.municipalRegistration) line('Inscrição municipal', i.provider.municipalRegistration);
    section('Tomador');
    line('Nome', i.taker.name);
    line(i.taker.document.length === 11 ? 'CPF' : 'CNPJ', document(i.taker.document));
    section('Serviço');
    line('Código de tributação nacional', i.service.code);
    doc.text(i.service.description);
    section('Valores');
    line('Valor do serviço', money(i.amountCents));
    line('Alíquota do ISS', `${i.service.issRate.toFixed(2).replace('.', ',')}%`);
    line('ISS', money(Math.round((i.amountCents * i.service.issRate) / 100)));
  });
}
