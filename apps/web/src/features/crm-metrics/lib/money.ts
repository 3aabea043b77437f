const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const compact = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL', notation: 'compact', maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const monthLong = new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const monthShort = new Intl.DateTimeFormat('pt-BR', { month: 'short', year: '2-digit', timeZone: 'UTC' });

export const brl = (cents: number) => money.format(cents / 100);
/** Axis ticks: R$ 1,2 mil. */
export const brlCompact = (cents: number) => compact.format(cents / 100);
export const pct = (n: number | null) => (n === null ? '—' : `${percent.format(n)}%`);
export const days = (n: number | null) => (n === null ? '—' : `${decimal.format(n)} ${n === 1 ? 'dia' : 'dias'}`);
const monthDate = (m: string) => new Date(`${m}-01T12:00:00Z`);
/** '2026-03' → 'março de 2026'. */
export const monthName = (m: string) => monthLong.format(monthDate(m));
/** '2026-03' → 'mar. de 26'. */
export const monthTick = (m: string) => monthShort.format(monthDate(m));
