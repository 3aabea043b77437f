import { inflateSync } from 'node:zlib';
import type { TestServer } from '../support/test-server.ts';

/** A pipeline with two stages and a deal on the first, written straight to the core tables (the deals module is another's). */
export async function seedDeal(server: TestServer, companyId: string, opts: { title?: string; valueCents?: number; status?: 'open' | 'won' | 'lost'; probability?: number; closedAt?: Date | null } = {}) {
  const q = (text: string, params: unknown[]) => server.services.pool.query(text, params).then((r) => r.rows[0] as { id: string });
  const pipeline = await q(`INSERT INTO crm_pipelines (company_id, name) VALUES ($1, 'Funil de vendas') RETURNING id`, [companyId]);
  const stage = await q(`INSERT INTO crm_stages (company_id, pipeline_id, name, position, probability) VALUES ($1, $2, 'Proposta', 1, $3) RETURNING id`, [
    companyId,
    pipeline.id,
    opts.probability ?? 50,
  ]);
  const deal = await q(
    `INSERT INTO deals (company_id, pipeline_id, stage_id, title, value_cents, status, closed_at) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [companyId, pipeline.id, stage.id, opts.title ?? 'Venda de pães para o mercado', opts.valueCents ?? 150_000, opts.status ?? 'open', opts.closedAt ?? null],
  );
  return { pipelineId: pipeline.id, stageId: stage.id, dealId: deal.id };
}

/** Today + n days as YYYY-MM-DD in America/Sao_Paulo. */
export const inDays = (n: number) => {
  const d = new Date(Date.now() - 3 * 3600_000 + n * 86_400_000);
  return d.toISOString().slice(0, 10);
};

/**
 * The text lines of a PDF written by pdfkit with its standard fonts: every Flate content stream
 * inflated, each `[<hex> kerning <hex>] TJ` joined and read as WinAnsi (Windows-1252).
 */
export function pdfTextLines(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  const decoder = new TextDecoder('windows-1252');
  for (let i = raw.indexOf('stream\n'); i !== -1; ) {
    const start = i + 'stream\n'.length;
    const end = raw.indexOf('\nendstream', start);
    if (end < 0) break;
    try {
      const content = inflateSync(pdf.subarray(start, end)).toString('latin1');
      for (const m of content.matchAll(/\[(.*?)\] TJ/g)) {
        lines.push([...m[1]!.matchAll(/<([0-9a-f]+)>/g)].map((h) => decoder.decode(Buffer.from(h[1]!, 'hex'))).join(''));
      }
    } catch {
      // not a Flate stream (fonts, images): no text
    }
    i = raw.indexOf('stream\n', end + '\nendstream'.length);
  }
  return lines;
}
