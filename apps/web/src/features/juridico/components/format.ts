const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

export const money = (cents: number | null) => (cents === null ? '—' : brl.format(cents / 100));
export const day = (iso: string | null) => (iso ? date.format(new Date(`${iso}T00:00:00Z`)) : '—');
export const when = (iso: string) => dateTime.format(new Date(iso));
export const formatDocument = (d: string | null) =>
  !d ? '' : d.length === 14 ? d.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5') : d.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
export const period = (start: string | null, end: string | null) =>
  start && end ? `${day(start)} a ${day(end)}` : start ? `desde ${day(start)}` : end ? `até ${day(end)}` : '—';
export const daysLabel = (n: number) => `${n} ${n === 1 ? 'dia' : 'dias'}`;
