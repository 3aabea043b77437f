import { formatCnpj } from '@sede/shared/cnpj';
import { PORTES, SITUACOES } from '@sede/shared/prospecting/schemas';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const day = new Intl.DateTimeFormat('pt-BR', { timeZone: 'UTC' });
const int = new Intl.NumberFormat('pt-BR');

export const money = (cents: number | null) => (cents === null ? '—' : brl.format(cents / 100));
export const date = (iso: string | null) => (iso ? day.format(new Date(`${iso.slice(0, 10)}T00:00:00Z`)) : '—');
export const count = (n: number) => int.format(n);
export const cnpj = (v: string) => formatCnpj(v);
export const situacao = (code: string | null) => (code ? (SITUACOES[code as keyof typeof SITUACOES] ?? code) : '—');
export const porte = (code: string | null) => (code ? (PORTES[code as keyof typeof PORTES] ?? code) : '—');
export const cep = (v: string | null) => (v && v.length === 8 ? `${v.slice(0, 5)}-${v.slice(5)}` : (v ?? '—'));
