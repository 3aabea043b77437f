import type { LeadsSelection } from '@sede/shared/prospecting/leads';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';

/** POST /api/prospecting/leads/export → the CSV, downloaded; reveals (and charges) what is not yet revealed. */
export async function exportCsv(selection: LeadsSelection): Promise<{ charged: number; balance: number; count: number }> {
  let res: Response;
  try {
    res = await fetch('/api/prospecting/leads/export', { method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(selection) });
  } catch {
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (!res.ok) {
    const b = (await res.json().catch(() => ({}))) as { error?: string; code?: string };
    throw new ApiError(res.status, b.code ?? 'HTTP_ERROR', b.error ?? 'Erro inesperado', b as Record<string, unknown>);
  }
  const blob = await res.blob();
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'leads.csv';
  downloadBlob(name, blob);
  return { charged: Number(res.headers.get('x-coins-charged') ?? 0), balance: Number(res.headers.get('x-coins-balance') ?? 0), count: Number(res.headers.get('x-leads-count') ?? 0) };
}
