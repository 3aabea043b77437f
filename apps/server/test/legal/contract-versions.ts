import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import PDFDocument from 'pdfkit';

/**
 * A real-looking service contract as a DOCX (one paragraph per clause, as Word saves it) and as
 * a PDF laid out here the way a word processor prints it: narrow justified lines, words
 * hyphenated at the line end (hyphenated words broken at their own hyphen), two pages.
 */

export const CONTRACT_TITLE = 'CONTRATO DE PRESTAÇÃO DE SERVIÇOS DE LIMPEZA E CONSERVAÇÃO';

export const CONTRACT_V1 = [
  'Pelo presente instrumento particular, de um lado PADARIA PÃO QUENTE LTDA, pessoa jurídica de direito privado, inscrita no CNPJ sob o nº 11.222.333/0001-81, com sede na Rua das Flores, 123, São Paulo/SP, doravante denominada CONTRATANTE, e de outro lado LIMPEZA BRILHO SERVIÇOS LTDA, inscrita no CNPJ sob o nº 45.723.174/0001-10, doravante denominada CONTRATADA, têm entre si justo e contratado o seguinte.',
  'Cláusula 1ª – Do objeto. A CONTRATADA obriga-se a prestar serviços de limpeza e conservação diária nas dependências da CONTRATANTE, de segunda-feira a sábado, das 6h às 14h, com fornecimento de todos os materiais, produtos e equipamentos necessários à perfeita execução dos serviços.',
  'Cláusula 2ª – Do preço. Pelos serviços prestados, a CONTRATANTE pagará à CONTRATADA o valor mensal de R$ 2.500,00 (dois mil e quinhentos reais), até o quinto dia útil do mês subsequente ao da prestação, mediante a apresentação da nota fiscal correspondente.',
  'Cláusula 3ª – Do reajuste. O valor será reajustado anualmente pela variação acumulada do IGP-M/FGV, ou por outro índice que venha a substituí-lo, contado a partir da data de assinatura deste contrato.',
  'Cláusula 4ª – Da vigência. O presente contrato vigorará pelo prazo de 12 (doze) meses, com início em 1º de janeiro de 2026, renovando-se automaticamente por iguais períodos, salvo manifestação em contrário de qualquer das partes com antecedência mínima de 30 (trinta) dias.',
  'Cláusula 5ª – Da rescisão. Em caso de rescisão antecipada imotivada, a parte que lhe der causa pagará à outra multa compensatória equivalente a 10% (dez por cento) do valor total remanescente do contrato, sem prejuízo das perdas e danos comprovadamente sofridos.',
  'Cláusula 6ª – Das obrigações trabalhistas. A CONTRATADA responsabiliza-se integralmente pelos encargos trabalhistas, previdenciários, fiscais e comerciais decorrentes da execução deste contrato, não existindo qualquer vínculo empregatício entre a CONTRATANTE e os empregados da CONTRATADA.',
  'Cláusula 7ª – Da proteção de dados. As partes comprometem-se a tratar os dados pessoais a que tiverem acesso em razão deste contrato exclusivamente para as finalidades nele previstas, em conformidade com a Lei nº 13.709/2018 (Lei Geral de Proteção de Dados Pessoais).',
  'Cláusula 8ª – Do foro. Fica eleito o foro da comarca de Manaus/AM para dirimir quaisquer dúvidas oriundas do presente contrato, com renúncia expressa a qualquer outro, por mais privilegiado que seja.',
  'E, por estarem assim justas e contratadas, as partes assinam o presente instrumento em duas vias de igual teor e forma, na presença de duas testemunhas.',
];

/** The negotiated version: the penalty, the notice, the court and a new sentence changed, nothing else. */
export const CONTRACT_V2 = CONTRACT_V1.map((p) =>
  p
    .replace('10% (dez por cento)', '2% (dois por cento)')
    .replace('30 (trinta) dias', '60 (sessenta) dias')
    .replace('comarca de Manaus/AM', 'comarca de São Paulo/SP')
    .replace('decorrentes da execução deste contrato,', 'decorrentes da execução deste contrato, inclusive os de eventuais subcontratados,'),
);

const VOWEL = /[aeiouáéíóúâêôãõàAEIOUÁÉÍÓÚÂÊÔÃÕÀ]/;

/** Where a word may be cut: at its own hyphen, else after a vowel followed by a consonant (a rough syllable), 3 letters each side. */
function cutPoints(word: string): number[] {
  const own = word.indexOf('-');
  if (own > 0 && own < word.length - 1) return [own + 1];
  const points: number[] = [];
  for (let i = 3; i <= word.length - 3; i++) if (VOWEL.test(word[i - 1]!) && !VOWEL.test(word[i]!) && /\p{L}/u.test(word[i]!)) points.push(i);
  return points.reverse();
}

/** Greedy lines of at most `width` points, hyphenating the word that does not fit when a piece of it does. */
export function wrapHyphenated(text: string, width: number, measure: (s: string) => number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate) <= width) {
      line = candidate;
      continue;
    }
    const cut = cutPoints(word).find((i) => measure(`${line} ${word.slice(0, i)}${word[i - 1] === '-' ? '' : '-'}`) <= width);
    if (cut !== undefined && line) {
      const head = word.slice(0, cut);
      lines.push(`${line} ${head}${head.endsWith('-') ? '' : '-'}`);
      line = word.slice(cut);
    } else {
      if (line) lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export function contractDocx(paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({
    sections: [
      {
        children: [
          new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(CONTRACT_TITLE)] }),
          ...paragraphs.map((p) => new Paragraph({ spacing: { after: 160 }, children: [new TextRun({ text: p, size: 22 })] })),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}

/** The PDF and the lines it was printed with (so a test can check the layout really hyphenates). */
export function contractPdf(paragraphs: string[], columnWidth = 300): Promise<{ bytes: Buffer; lines: string[] }> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margins: { top: 72, bottom: 72, left: 72, right: 72 } });
    const chunks: Buffer[] = [];
    const printed: string[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('error', reject);
    doc.on('end', () => resolve({ bytes: Buffer.concat(chunks), lines: printed }));
    doc.font('Helvetica-Bold').fontSize(12).text(CONTRACT_TITLE, { width: columnWidth });
    doc.moveDown();
    doc.font('Helvetica').fontSize(11);
    const measure = (s: string) => doc.widthOfString(s);
    for (const p of paragraphs) {
      for (const line of wrapHyphenated(p, columnWidth, measure)) {
        printed.push(line);
        // One text object per printed line, as word processors export them; pdfkit starts a new page when it is full.
        doc.text(line, { width: columnWidth + 40, lineBreak: false });
      }
      doc.moveDown(0.6);
    }
    doc.end();
  });
}
