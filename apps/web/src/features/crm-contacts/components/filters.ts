import type { ContactEntity } from '../api/list-contacts.ts';

/** The filter and sort keys kept in the URL (shareable, back/forward). */
export const FILTER_KEYS = ['q', 'ownerId', 'noOwner', 'tag', 'hasEmail', 'legalBasis', 'createdFrom', 'createdTo', 'listId', 'sort', 'dir'] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

/** The API query of a table from the page's URL (only the keys that apply to the entity). */
export function apiParams(search: URLSearchParams, entity: ContactEntity): URLSearchParams {
  const out = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    if (key === 'legalBasis' && entity !== 'people') continue;
    const v = search.get(key);
    if (v) out.set(key, v);
  }
  return out;
}

/** The filter part (no sort) as a segment's JSON. */
export function filterObject(params: URLSearchParams): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [k, v] of params) {
    if (k === 'sort' || k === 'dir') continue;
    out[k] = v === 'true' ? true : v === 'false' ? false : v;
  }
  return out;
}

export const hasFilters = (params: URLSearchParams) => [...params.keys()].some((k) => k !== 'sort' && k !== 'dir');
