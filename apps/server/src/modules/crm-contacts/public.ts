/**
 * What other modules use of the CRM's contact tools: the lists (prospecting sends leads to one,
 * issue 14) and the CSV/XLSX reader.
 */
export { addListMembers, createList, getList } from './service.ts';
export { readSheet, type Sheet } from './read-sheet.ts';
