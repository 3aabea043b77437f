/** Cents as reais, a number the CSV writes with a decimal comma: 123456 → 1234.56 ("1234,56"). */
export const centsToReais = (cents: number) => Math.round(cents) / 100;

/** Offers a CSV as a download (the browser's save dialog or downloads bar). */
export function downloadCsv(fileName: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
