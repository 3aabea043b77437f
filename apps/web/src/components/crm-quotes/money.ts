/** "1.234,56", "1234.5", "R$ 10" → cents; null when it is not an amount. */
export function parseMoneyInput(text: string): number | null {
  let t = text.replace(/R\$|\s/g, '');
  if (!t) return null;
  if (t.includes(',')) t = t.replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return null;
  return Math.round(Number(t) * 100);
}
/** 123456 → "1.234,56" (for inputs). */
export const centsToInput = (cents: number) => (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
