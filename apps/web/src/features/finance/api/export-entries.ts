import { entriesQueryString } from './list-entries.ts';
import type { EntryFilters } from './keys.ts';

/** The export is a download: the browser follows the link with the session cookie. */
export const exportEntriesUrl = (filters: EntryFilters, format: 'csv' | 'xlsx') => `/api/finance/entries/export?${entriesQueryString(filters, { format })}`;
