import { downloadBlob } from '../../../lib/download.ts';

/** Cents as reais, a number the CSV writes with a decimal comma: 123456 → 1234.56 ("1234,56"). */
export const centsToReais = (cents: number) => Math.round(cents) / 100;

/** Offers a CSV as a download (the browser's save dialog or downloads bar). */
export function downloadCsv(fileName: string, csv: string) {
  downloadBlob(fileName, new Blob([csv], { type: 'text/csv;charset=utf-8' }));
}
