const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const brlCompact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });

/** R$ 1.234,56 */
export const formatBRL = (cents: number) => brl.format(cents / 100);
/** R$ 1,2 mi (column totals) */
export const formatBRLCompact = (cents: number) => (Math.abs(cents) >= 1_000_000_00 ? brlCompact.format(cents / 100) : brl.format(cents / 100));

export const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
