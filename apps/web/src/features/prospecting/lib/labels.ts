import { PORTES, SITUACOES } from '@sede/shared/prospecting/schemas';

/** The Receita's codes in words ('02' → 'Ativa'); an unknown code shows as it came. */
export const situacao = (code: string | null) => (code ? (SITUACOES[code as keyof typeof SITUACOES] ?? code) : '—');
export const porte = (code: string | null) => (code ? (PORTES[code as keyof typeof PORTES] ?? code) : '—');
