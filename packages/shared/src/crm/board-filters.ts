import { hasControlCharacters, hasLoneSurrogate } from '../text-rules.ts';

/**
 * The CRM board's filters as the page reads them from its URL, without zod (decision 0749): the
 * board is the first view of /kanban-leads and parsing five search params was all it used zod
 * for. `boardFilterSchema` (deals.ts) is the server's rule; board-filters.test.ts holds this
 * parser to the same answers.
 */

/** The board's status filter (decision 0403): open deals by default; won, lost or all in their last stage. */
export const DEAL_STATUS_FILTERS = ['open', 'won', 'lost', 'all'] as const;
export type DealStatusFilter = (typeof DEAL_STATUS_FILTERS)[number];
export const DEAL_STATUS_FILTER_LABELS: Record<DealStatusFilter, string> = { open: 'Abertos', won: 'Ganhos', lost: 'Perdidos', all: 'Todos' };

export type ParsedBoardFilters = { owner?: string; tag?: string; source?: string; q?: string; status?: DealStatusFilter };
type Raw = Partial<Record<'owner' | 'tag' | 'source' | 'q' | 'status', unknown>>;

/** Trimmed single-line text within `min`..`max` characters, or undefined when it breaks a rule. */
function text(value: string, min: number, max: number): string | undefined {
  if (hasControlCharacters(value) || hasLoneSurrogate(value)) return undefined;
  const trimmed = value.trim();
  return trimmed.length >= min && trimmed.length <= max ? trimmed : undefined;
}

/**
 * The filters in `raw` (absent keys are no filter), or null when one of them is invalid: as
 * `boardFilterSchema.safeParse`, which fails the whole object on any bad field.
 */
export function parseBoardFilters(raw: Raw): ParsedBoardFilters | null {
  const out: ParsedBoardFilters = {};
  for (const [key, value] of Object.entries(raw) as Array<[keyof Raw, unknown]>) {
    if (value === undefined) continue;
    if (typeof value !== 'string') return null;
    if (key === 'owner') {
      if (value.length < 1 || value.length > 100) return null;
      out.owner = value;
    } else if (key === 'status') {
      if (!(DEAL_STATUS_FILTERS as readonly string[]).includes(value)) return null;
      out.status = value as DealStatusFilter;
    } else {
      const [min, max] = key === 'tag' ? [1, 40] : key === 'source' ? [0, 80] : [0, 100];
      const parsed = text(value, min, max);
      if (parsed === undefined) return null;
      out[key] = parsed;
    }
  }
  return out;
}
