const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const brlCompact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

/** R$ 1.234,56 */
export const formatBRL = (cents: number) => brl.format(cents / 100);
/** R$ 1,2 mi (column totals) */
export const formatBRLCompact = (cents: number) => (Math.abs(cents) >= 1_000_000_00 ? brlCompact.format(cents / 100) : brl.format(cents / 100));

/** '1.234,56' or '1234.56' or 'R$ 10' → cents; '' → 0; anything else → NaN (the shared schema then refuses it). */
export function parseBRL(text: string): number {
  const t = text.replace(/R\$|\s/g, '');
  if (!t) return 0;
  if (!/^-?[\d.,]+$/.test(t)) return Number.NaN;
  let normal = t;
  if (t.includes(',')) normal = t.replace(/\./g, '').replace(',', '.');
  else if (/\.\d{3}(\.|$)/.test(t)) normal = t.replace(/\./g, '');
  const value = Number(normal);
  if (!Number.isFinite(value)) return Number.NaN;
  return Math.round(value * 100);
}

/** cents → '1.234,56' for an input */
export const centsToInput = (cents: number) => (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
