import { randomUUID } from 'node:crypto';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { schema } from '@sede/db/client';
import { normalizeCnpjInput, type NormalizedCompany } from '@sede/shared/cnpj';
import { LEADS_MESSAGES, MAX_EXPORT, MAX_REVEAL, type LeadRow, type LeadsQuote, type LeadsSelection } from '@sede/shared/prospecting/leads';
import { PORTES, prospectSearchSchema, SITUACOES, formatCnae } from '@sede/shared/prospecting/schemas';
import { PAID_ACTION_MESSAGES, PRICES } from '@sede/shared/platform/prices';
import { AppError, parseWith } from '../../http/errors.ts';
import { runPaidAction, STALE_RESERVATION_MS } from '../../platform/paid-actions/index.ts';
import type { Services, Tenant } from '../../services.ts';
import { CSV_BOM, csvLine } from '../../platform/spreadsheets/writer.ts';
import { maskEmail, maskPhone, whereOf, withTimeout } from './queries.ts';
import { rfPool } from './rf-pool.ts';

/**
 * Leads a company works with (decisions 0205–0207). The Receita's data
 * is read through `rfPool` and the company's reveals from the main database, never joined in
 * one statement: the two may be different databases.
 */

const R = schema.prospectReveals;
const CNPJ_SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;
const CHUNK = 1000;
export const RECEITA_SOURCE = 'Receita Federal (dados abertos)';

/** One establishment as the lead tools need it. */
export type RfLead = {
  cnpj: string;
  razao_social: string | null;
  nome_fantasia: string | null;
  situacao: string | null;
  cnae_principal: string | null;
  cnae_descricao: string | null;
  municipio: string | null;
  uf: string | null;
  bairro: string | null;
  cep: string | null;
  tipo_logradouro: string | null;
  logradouro: string | null;
  numero: string | null;
  complemento: string | null;
  porte: string | null;
  data_inicio: Date | string | null;
  capital_cents: string | null;
  ddd1: string | null;
  telefone1: string | null;
  ddd2: string | null;
  telefone2: string | null;
  email: string | null;
};

/** Upper-cased, unmasked, unique CNPJs of the right shape (others cannot exist in the data). */
export const cleanCnpjs = (values: readonly string[]) => [...new Set(values.map(normalizeCnpjInput))].filter((v) => CNPJ_SHAPE.test(v));

/** The establishments among `cnpjs`, by CNPJ, read from the Receita's database in chunks. */
export async function readLeads(s: Services, cnpjs: readonly string[]): Promise<Map<string, RfLead>> {
  const out = new Map<string, RfLead>();
  for (let i = 0; i < cnpjs.length; i += CHUNK) {
    const { rows } = await rfPool(s).query<RfLead>(
      `SELECT e.cnpj, emp.razao_social, e.nome_fantasia, e.situacao, e.cnae_principal, c.descricao AS cnae_descricao, m.descricao AS municipio, e.uf,
              e.bairro, e.cep, e.tipo_logradouro, e.logradouro, e.numero, e.complemento, e.porte, e.data_inicio, emp.capital_cents,
              e.ddd1, e.telefone1, e.ddd2, e.telefone2, e.email
         FROM rf_estabelecimentos e
         LEFT JOIN rf_empresas emp ON emp.cnpj_basico = e.cnpj_basico
         LEFT JOIN rf_cnaes c ON c.codigo = e.cnae_principal
         LEFT JOIN rf_municipios m ON m.codigo = e.municipio
        WHERE e.cnpj = ANY($1::bpchar[])`,
      [cnpjs.slice(i, i + CHUNK)],
    );
    for (const r of rows) out.set(r.cnpj, r);
  }
  return out;
}

/** Which of `cnpjs` this company has paid to reveal. */
export async function revealedSet(t: Tenant, cnpjs: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < cnpjs.length; i += CHUNK) {
    const rows = await t.db
      .select({ cnpj: R.cnpj })
      .from(R)
      .where(and(eq(R.companyId, t.companyId), eq(R.status, 'revealed'), inArray(R.cnpj, cnpjs.slice(i, i + CHUNK) as string[])));
    for (const r of rows) out.add(r.cnpj);
  }
  return out;
}

export const hasContact = (r: RfLead) => Boolean(r.telefone1 || r.telefone2 || r.email);

/** `(11) 3456-5060`. */
export const fullPhone = (ddd: string | null, number: string | null) => {
  if (!number) return null;
  const n = number.length >= 8 ? `${number.slice(0, -4)}-${number.slice(-4)}` : number;
  return ddd ? `(${ddd}) ${n}` : n;
};
const digitsPhone = (ddd: string | null, number: string | null) => (number ? `${ddd ?? ''}${number}`.replace(/\D/g, '') : null);

export function toLeadRow(r: RfLead, revealed: boolean): LeadRow {
  const phones = revealed ? [fullPhone(r.ddd1, r.telefone1), fullPhone(r.ddd2, r.telefone2)] : [maskPhone(r.ddd1, r.telefone1), maskPhone(r.ddd2, r.telefone2)];
  return {
    cnpj: r.cnpj,
    razaoSocial: r.razao_social ?? '',
    nomeFantasia: r.nome_fantasia,
    situacao: r.situacao,
    cnaePrincipal: r.cnae_principal,
    cnaeDescricao: r.cnae_descricao,
    municipio: r.municipio,
    uf: r.uf,
    porte: r.porte,
    telefones: phones.filter((x): x is string => x !== null),
    email: revealed ? r.email : maskEmail(r.email),
    temContato: hasContact(r),
    revelado: revealed,
  };
}

/** The leads in the order asked, masked or revealed for this company. */
export async function leadRows(s: Services, t: Tenant, cnpjs: readonly string[]): Promise<LeadRow[]> {
  const found = await readLeads(s, cnpjs);
  const revealed = await revealedSet(t, [...found.keys()]);
  return cnpjs.flatMap((c) => {
    const r = found.get(c);
    return r ? [toLeadRow(r, revealed.has(c))] : [];
  });
}

/** What revealing these leads would cost: leads with a contact this company has not revealed. */
export async function quote(t: Tenant, leads: readonly RfLead[]): Promise<LeadsQuote & { pending: string[] }> {
  const withContact = leads.filter(hasContact).map((r) => r.cnpj);
  const taken = new Set<string>();
  for (let i = 0; i < withContact.length; i += CHUNK) {
    const rows = await t.db
      .select({ cnpj: R.cnpj, status: R.status, createdAt: R.createdAt })
      .from(R)
      .where(and(eq(R.companyId, t.companyId), inArray(R.cnpj, withContact.slice(i, i + CHUNK))));
    for (const r of rows) if (r.status === 'revealed' || Date.now() - r.createdAt.getTime() < STALE_RESERVATION_MS) taken.add(r.cnpj);
  }
  const pending = withContact.filter((c) => !taken.has(c));
  return { total: leads.length, toReveal: pending.length, coins: pending.length * PRICES['prospect.lead_reveal'].coins, pending };
}

async function balanceOf(t: Tenant) {
  const [row] = await t.db.select({ balance: schema.companies.currencyAmount }).from(schema.companies).where(eq(schema.companies.id, t.companyId));
  return Number(row?.balance ?? 0);
}

/**
 * Reveals the leads' contacts for the company, paying once per lead (decision 0205). Each batch
 * of up to MAX_REVEAL leads is first claimed (`prospect_reveals` rows, `pending`, unique per
 * company and CNPJ: a concurrent request cannot claim the same lead), then charged through
 * `runPaidAction` with the claim as its reference; the claimed rows turn `revealed` inside the
 * paid work, and are deleted when the charge fails. Not enough coins for everything is a 409
 * before anything is charged.
 */
export async function revealLeads(s: Services, t: Tenant, leads: readonly RfLead[]): Promise<{ revealedNow: number; charged: number; balance: number }> {
  const q = await quote(t, leads);
  if (q.toReveal === 0) return { revealedNow: 0, charged: 0, balance: await balanceOf(t) };
  const balance = await balanceOf(t);
  if (balance < q.coins) {
    throw new AppError(409, 'INSUFFICIENT_COINS', PAID_ACTION_MESSAGES.insufficient(q.coins, balance), {
      price: q.coins,
      balance,
      buyPath: PAID_ACTION_MESSAGES.buyPath,
    });
  }
  // A claim left by a crash (its paid action refunded by the sweep) may be taken again.
  await t.db
    .delete(R)
    .where(and(eq(R.companyId, t.companyId), eq(R.status, 'pending'), lt(R.createdAt, new Date(Date.now() - STALE_RESERVATION_MS)), inArray(R.cnpj, q.pending)));
  let revealedNow = 0;
  let charged = 0;
  let last = balance;
  for (let i = 0; i < q.pending.length; i += MAX_REVEAL) {
    const claim = randomUUID();
    const batch = q.pending.slice(i, i + MAX_REVEAL);
    const claimed = await t.db
      .insert(R)
      .values(batch.map((cnpj) => ({ companyId: t.companyId, cnpj, claim, revealedBy: t.actorId })))
      .onConflictDoNothing()
      .returning({ cnpj: R.cnpj });
    if (claimed.length === 0) continue;
    try {
      const out = await runPaidAction(s, t, { action: 'prospect.lead_reveal', reference: `prospect-reveal:${claim}`, quantity: claimed.length }, async () => {
        await t.db.update(R).set({ status: 'revealed' }).where(and(eq(R.companyId, t.companyId), eq(R.claim, claim)));
      });
      revealedNow += claimed.length;
      charged += out.charged;
      last = out.balance;
    } catch (e) {
      await t.db.delete(R).where(and(eq(R.companyId, t.companyId), eq(R.claim, claim), eq(R.status, 'pending')));
      throw e;
    }
  }
  return { revealedNow, charged, balance: last };
}

/** The leads an export or a send takes: the chosen CNPJs, or the first MAX_EXPORT of the search. */
export async function resolveSelection(s: Services, sel: LeadsSelection): Promise<string[]> {
  if (sel.cnpjs) return cleanCnpjs(sel.cnpjs);
  const f = parseWith(prospectSearchSchema, { ...sel.filtros, pagina: undefined, porPagina: undefined });
  const { where, params } = whereOf(f);
  return withTimeout(rfPool(s), async (client) => {
    const { rows } = await client.query<{ cnpj: string }>(`SELECT e.cnpj FROM rf_estabelecimentos e ${where} ORDER BY e.cnpj LIMIT ${MAX_EXPORT}`, params);
    return rows.map((r) => r.cnpj);
  });
}

/** Too many leads for one export or send. */
export const tooMany = () => new AppError(400, 'TOO_MANY_LEADS', LEADS_MESSAGES.tooManyExport);

const iso = (d: Date | string | null) => (d === null ? '' : typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));
const address = (r: RfLead) => [[r.tipo_logradouro, r.logradouro].filter(Boolean).join(' '), r.numero, r.complemento].filter(Boolean).join(', ');

const CSV_HEADER = [
  'CNPJ',
  'Razão social',
  'Nome fantasia',
  'Situação',
  'CNAE principal',
  'Descrição do CNAE',
  'Porte',
  'Data de abertura',
  'Capital social (R$)',
  'Endereço',
  'Bairro',
  'CEP',
  'Município',
  'UF',
  'Telefone 1',
  'Telefone 2',
  'E-mail',
];

/**
 * The CSV for Excel in Portuguese (decision 0206): UTF-8 with BOM, `;` between fields, CRLF,
 * capital with a decimal comma; contacts in full only for leads the company revealed.
 */
export function leadsCsv(rows: readonly RfLead[], revealed: Set<string>): string {
  const lines = [csvLine(CSV_HEADER)];
  for (const r of rows) {
    const open = revealed.has(r.cnpj);
    const capital = r.capital_cents === null ? '' : (Number(r.capital_cents) / 100).toFixed(2).replace('.', ',');
    lines.push(
      csvLine([
        r.cnpj,
        r.razao_social,
        r.nome_fantasia,
        r.situacao ? (SITUACOES[r.situacao as keyof typeof SITUACOES] ?? r.situacao) : '',
        r.cnae_principal ? formatCnae(r.cnae_principal) : '',
        r.cnae_descricao,
        r.porte ? (PORTES[r.porte as keyof typeof PORTES] ?? r.porte) : '',
        iso(r.data_inicio),
        capital,
        address(r),
        r.bairro,
        r.cep,
        r.municipio,
        r.uf,
        open ? fullPhone(r.ddd1, r.telefone1) : maskPhone(r.ddd1, r.telefone1),
        open ? fullPhone(r.ddd2, r.telefone2) : maskPhone(r.ddd2, r.telefone2),
        open ? r.email : maskEmail(r.email),
      ]),
    );
  }
  return `${CSV_BOM}${lines.join('')}`;
}

/** The Receita's record as the parties' lookup record (the organization is filled from it). */
export function toNormalizedCompany(r: RfLead, revealed: boolean): NormalizedCompany {
  return {
    cnpj: r.cnpj,
    razao_social: r.razao_social ?? r.nome_fantasia ?? r.cnpj,
    nome_fantasia: r.nome_fantasia,
    telefone: revealed ? digitsPhone(r.ddd1, r.telefone1) : null,
    email: revealed ? r.email : null,
    logradouro: [r.tipo_logradouro, r.logradouro].filter(Boolean).join(' ') || null,
    numero: r.numero,
    bairro: r.bairro,
    municipio: r.municipio,
    uf: r.uf,
    cep: r.cep,
    api_used: 'receita',
    situacao: r.situacao ? (SITUACOES[r.situacao as keyof typeof SITUACOES] ?? r.situacao) : null,
    atividade_principal: r.cnae_principal ? `${formatCnae(r.cnae_principal)}${r.cnae_descricao ? ` - ${r.cnae_descricao}` : ''}` : null,
    data_abertura: r.data_inicio ? iso(r.data_inicio) : null,
  };
}

export { digitsPhone };

/**
 * One CNPJ's record with its contacts in full when this company revealed the lead (decision 0205).
 * The record (still being read) and whether it was revealed are read side by side.
 */
export async function withRevealedContacts<T extends { cnpj: string; telefones: string[]; email: string | null; contatosRevelados: boolean }>(
  s: Services,
  t: Tenant,
  cnpj: string,
  reading: Promise<T>,
): Promise<T> {
  const [record, revealed] = await Promise.all([reading, revealedSet(t, [cnpj])]);
  if (!revealed.has(record.cnpj)) return record;
  const r = (await readLeads(s, [record.cnpj])).get(record.cnpj);
  if (!r) return record;
  const telefones = [fullPhone(r.ddd1, r.telefone1), fullPhone(r.ddd2, r.telefone2)].filter((x): x is string => x !== null);
  return { ...record, telefones, email: r.email, contatosRevelados: true };
}
