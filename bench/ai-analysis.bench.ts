/**
 * The AI analysis' targets (decision 0234), rows "ai-analysis: …", against the production server over
 * HTTP: a 30-page contract PDF uploaded as a platform file and its text extracted (through the
 * contract comparison, which reads both sides: two extractions per sample, an upper bound)
 * p95 ≤ 500 ms; with the fake AI of bench/run.ts (decision 0234), the platform's overhead per
 * analysis and 20 concurrent analyses charged exactly once each (bench/ai-analysis/meetings.ts).
 */
import PDFDocument from 'pdfkit';
import { meetingAnalysisRows } from './ai-analysis/meetings.ts';
import type { BenchContext, BenchRow } from './types.ts';
import { employeesListRows } from './ai-analysis/employees.ts';

const SAMPLES = Number(process.env.BENCH_AI_SAMPLES ?? 30);

function thirtyPagePdf(): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    for (let p = 1; p <= 30; p++) {
      if (p > 1) doc.addPage();
      doc.fontSize(13).text(`CLÁUSULA ${p}ª — DAS OBRIGAÇÕES`);
      for (let i = 0; i < 12; i++) {
        doc
          .fontSize(10)
          .text(
            `${p}.${i + 1}. A CONTRATADA obriga-se a prestar os serviços descritos no Anexo I com diligência, observando a legislação aplicável, inclusive a Lei nº 13.709/2018 (LGPD), e responderá por perdas e danos limitados ao valor de 12 (doze) mensalidades.`,
          );
      }
    }
    doc.end();
  });
}

async function extractionRows(ctx: BenchContext): Promise<BenchRow[]> {
  const email = `ai.analysis.bench.${Date.now()}@exemplo.com.br`;
  const cookie = await ctx.signUpConfirmed(email);
  const companyId = await ctx.seedCompany(email, { name: 'Análise Bench Ltda' });
  const [contract] = await ctx.sql<{ id: string }>("insert into contracts (company_id, title) values ($1, 'Contrato de 30 páginas') returning id", [companyId]);
  const pdf = await thirtyPagePdf();
  const times: number[] = [];
  let error = '';
  for (let i = 0; i < SAMPLES + 3 && !error; i++) {
    const t0 = performance.now();
    const up = await fetch(`${ctx.baseUrl}/api/files?entityType=contract&entityId=${contract!.id}&kind=document`, {
      method: 'POST',
      headers: { cookie, origin: ctx.baseUrl, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(`contrato-${i}.pdf`) },
      body: new Uint8Array(pdf),
    });
    const file = (await up.json()) as { id?: string; error?: string };
    if (up.status !== 201 || !file.id) {
      error = `upload ${up.status} ${file.error ?? ''}`;
      break;
    }
    const cmp = await fetch(`${ctx.baseUrl}/api/juridico/contracts/${contract!.id}/compare?a=${file.id}&b=${file.id}`, { headers: { cookie } });
    const body = (await cmp.json()) as { removed?: number; error?: string };
    if (!cmp.ok || body.removed !== 0) error = `compare ${cmp.status} ${body.error ?? ''}`;
    if (i >= 3) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const p95 = times[Math.ceil(times.length * 0.95) - 1] ?? Number.NaN;
  const p50 = times[Math.floor(times.length / 2)] ?? Number.NaN;
  return [
    {
      name: 'upload + text extraction of a 30-page PDF (extracted twice) p95',
      value: error ? `erro: ${error}` : `${p95.toFixed(0)} ms (p50 ${p50.toFixed(0)} ms, ${(pdf.length / 1024).toFixed(0)} KB)`,
      target: '≤ 500 ms',
      ok: !error && p95 <= 500,
    },
    ...(await employeesListRows(ctx)),
  ];
}

export default async function aiAnalysisBench(ctx: BenchContext): Promise<BenchRow[]> {
  const rows = await extractionRows(ctx);
  rows.push(...(await meetingAnalysisRows(ctx)));
  return rows;
}
