import { formatCpf } from '@sede/shared/cpf';
import { formatPhone } from '@sede/shared/phone';

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const DAY = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' });
const DAY_MONTH = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC', day: '2-digit', month: 'long' });

export const money = (cents: number | null | undefined) => (cents == null ? '—' : BRL.format(cents / 100));
/** A calendar day (YYYY-MM-DD) as dd/mm/aaaa, without time-zone shifts. */
export const day = (iso: string | null | undefined) => (iso ? DAY.format(new Date(`${iso}T00:00:00Z`)) : '—');
export const dayMonth = (iso: string) => DAY_MONTH.format(new Date(`${iso}T00:00:00Z`));
export const cpf = (digits: string) => formatCpf(digits);
export const phone = (digits: string | null) => (digits ? formatPhone(digits) : '—');
export const when = (inDays: number) => (inDays === 0 ? 'hoje' : inDays === 1 ? 'amanhã' : `em ${inDays} dias`);
