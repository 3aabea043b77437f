// Helpers that turn provider fields into the NormalizedCompany rules
// (see apps/server/test/fixtures/cnpj/README.md, "The normalized record").
import { isValidCnpj, normalizeCnpjInput, type NormalizedCompany } from '@sede/shared/cnpj';
import type { ProviderOutcome } from './types.ts';

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const failed = (reason: string): ProviderOutcome => ({ kind: 'failed', reason });

export const trimSlash = (base: string) => base.replace(/\/+$/, '');

/** The body as a JSON object, or null (HTML, empty, invalid JSON, not an object). */
export function readJson(contentType: string | null, bodyText: string): Json | null {
  if (contentType?.toLowerCase().includes('html')) return null;
  try {
    const value: unknown = JSON.parse(bodyText);
    return isObject(value) ? value : null;
  } catch {
    return null;
  }
}

export const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
export const collapseSpaces = (s: string) => s.replace(/\s+/g, ' ').trim();

/** A trimmed string from a string or number; '' and old `********` placeholders become null. */
export function str(v: unknown): string | null {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const s = collapseSpaces(String(v));
  return s === '' || /^\*+$/.test(s) ? null : s;
}

/** Upper case, no accents, single spaces. */
export function text(v: unknown): string | null {
  const s = str(v);
  return s === null ? null : collapseSpaces(stripAccents(s).toUpperCase());
}

export const digits = (v: unknown): string | null => str(v)?.replace(/\D/g, '') || null;

export const numero = (v: unknown): string | null => str(v)?.toUpperCase() ?? null;

export function email(v: unknown): string | null {
  const s = str(v)?.toLowerCase();
  return s && s.includes('@') ? s : null;
}

export function cep(v: unknown): string | null {
  const d = digits(v);
  return d?.length === 8 ? d : null;
}

export function uf(v: unknown): string | null {
  const s = text(v);
  return s && /^[A-Z]{2}$/.test(s) ? s : null;
}

export function cnpj(v: unknown): string | null {
  const s = str(v);
  const c = s === null ? null : normalizeCnpjInput(s);
  return c && isValidCnpj(c) ? c : null;
}

const STREET_TYPES: Record<string, string> = {
  R: 'RUA', AV: 'AVENIDA', AVE: 'AVENIDA', AL: 'ALAMEDA', TV: 'TRAVESSA', TRAV: 'TRAVESSA',
  PC: 'PRACA', PCA: 'PRACA', PRC: 'PRACA', ROD: 'RODOVIA', EST: 'ESTRADA', ESTR: 'ESTRADA',
  LG: 'LARGO', LGO: 'LARGO', PQ: 'PARQUE', PRQ: 'PARQUE', Q: 'QUADRA', QD: 'QUADRA',
  VL: 'VILA', BC: 'BECO', VD: 'VIADUTO', CJ: 'CONJUNTO', CONJ: 'CONJUNTO', LOT: 'LOTEAMENTO',
  SV: 'SERVIDAO', LD: 'LADEIRA', PSG: 'PASSAGEM', CAM: 'CAMINHO', ESC: 'ESCADARIA', AC: 'ACESSO',
};

/** Street type in full + name: `R DAS ACACIAS` or (`RUA`, `DAS ACACIAS`) -> `RUA DAS ACACIAS`. */
export function logradouro(type: unknown, name: unknown): string | null {
  const t = text(type);
  const n = text(name);
  const joined = t && n && !n.startsWith(`${t} `) ? `${t} ${n}` : (n ?? t);
  if (!joined) return null;
  const m = /^([A-Z]+)\.?\s+(.+)$/.exec(joined);
  const full = m && STREET_TYPES[m[1]];
  return full ? `${full} ${m[2]}` : joined;
}

/** `NNNN-N/NN - description` from any CNAE code form (1091102, "10.91-1-02", "1091-1/02"). */
export function cnae(code: unknown, description: unknown): string | null {
  const d = digits(code);
  if (!d || d.length < 6 || d.length > 7 || /^0+$/.test(d)) return null;
  const c = d.padStart(7, '0');
  const formatted = `${c.slice(0, 4)}-${c[4]}/${c.slice(5)}`;
  const desc = str(description);
  return desc ? `${formatted} - ${desc}` : formatted;
}

/** `YYYY-MM-DD` from `YYYY-MM-DD[...]`, `DD/MM/YYYY` or `YYYYMMDD`. */
export function isoDate(v: unknown): string | null {
  const s = str(v);
  if (!s) return null;
  const m =
    /^(\d{4})-(\d{2})-(\d{2})/.exec(s)?.slice(1) ??
    /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s)?.slice(1).reverse() ??
    /^(\d{4})(\d{2})(\d{2})$/.exec(s)?.slice(1);
  if (!m) return null;
  const [y, mo, d] = m.map(Number);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= 31 && y > 1800 ? `${m[0]}-${m[1]}-${m[2]}` : null;
}

/** A record as mapped from a provider body, before checking it describes a company. */
export type CompanyDraft = { [K in keyof NormalizedCompany]: string | null };

/** The found outcome, or failed when the body does not describe a company. */
export function companyOutcome(draft: CompanyDraft): ProviderOutcome {
  const { cnpj, razao_social, api_used } = draft;
  if (!cnpj || !razao_social || !api_used) return failed('response is not a company');
  return { kind: 'found', record: { ...draft, cnpj, razao_social, api_used } };
}
