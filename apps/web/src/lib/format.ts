/** pt-BR formatting with Intl: money, numbers, dates. */
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const integer = new Intl.NumberFormat('pt-BR');
const date = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export const formatMoneyCents = (cents: number) => money.format(cents / 100);
export const formatNumber = (n: number) => integer.format(n);
export const formatDate = (d: string | Date) => date.format(new Date(d));
export const formatDateTime = (d: string | Date) => dateTime.format(new Date(d));
