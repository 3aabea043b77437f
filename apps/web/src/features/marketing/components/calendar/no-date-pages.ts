import type { InfiniteData } from '@tanstack/react-query';
import type { PieceList, PieceView } from '@sede/shared/marketing/pieces';

/** The 'Sem data' list's page size: the newest changed ideas first, more on 'Carregar mais'. */
export const NO_DATE_PAGE = 50;

/** Every idea of the loaded pages, in order, each once (a piece changed between two loads can come back in a later page). */
export function loadedPieces(data: InfiniteData<PieceList, unknown> | undefined): PieceView[] {
  const seen = new Set<string>();
  const out: PieceView[] = [];
  for (const page of data?.pages ?? [])
    for (const p of page.pieces) {
      if (seen.has(p.id)) continue;
      seen.add(p.id);
      out.push(p);
    }
  return out;
}

/** The loaded pages without one piece (it was just given a date), the cursors kept. */
export function withoutPiece(data: InfiniteData<PieceList, unknown>, id: string): InfiniteData<PieceList, unknown> {
  return { ...data, pages: data.pages.map((page) => ({ ...page, pieces: page.pieces.filter((p) => p.id !== id) })) };
}
