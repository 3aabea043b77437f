import { sql, type SQL } from 'drizzle-orm';

/**
 * The text the contact search indexes (decision 0155): accented letters folded to their plain
 * lower-case letter with `translate` (immutable, no extension), so "Érica Conceição" is found by
 * "erica conceicao" whatever the database's locale. The index and the query use this one
 * expression (the planner matches them textually).
 */
export const SEARCH_FOLD_FROM = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
export const SEARCH_FOLD_TO = 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn';
export const searchText = (text: SQL) => sql`translate(${text}, '${sql.raw(SEARCH_FOLD_FROM)}', '${sql.raw(SEARCH_FOLD_TO)}')`;

/** The same folding in JavaScript, for the words of a search. */
export const foldSearch = (q: string) => q.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
