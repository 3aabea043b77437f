import type { NormalizedCompany } from '@sede/shared/cnpj';
import { LEADS_MESSAGES, type ExtractProblem, type LeadRow } from '@sede/shared/prospecting/leads';
import { SITUACOES } from '@sede/shared/prospecting/schemas';
import type { Services } from '../../services.ts';
import { cnpjLookupFor } from '../cnpj/public.ts';
import { maskEmail, maskPhone } from './queries.ts';

/**
 * /extrair-leads without the Receita data imported (decision 0418): each CNPJ is asked of the
 * public providers through the product's one CNPJ lookup (its cache, per-provider budgets and
 * deadline, as company setup does), a few at a time. The rows name their source; contacts stay
 * masked, as on /cnpj-search's provider record.
 */

const CONCURRENCY = 4;

/** `ATIVA` → '02'; a name the table does not know is kept as the provider wrote it. */
const situacaoCode = (name: string | null) => {
  if (!name) return null;
  const hit = Object.entries(SITUACOES).find(([, label]) => label.toUpperCase() === name.trim().toUpperCase());
  return hit ? hit[0] : name;
};

/** `4711-3/02 - Comércio varejista…` → ['4711302', 'Comércio varejista…']. */
const cnaeOf = (text: string | null): [string | null, string | null] => {
  const m = text ? /^(\d{4})-?(\d)\/?(\d{2})\s*-?\s*(.*)$/.exec(text.trim()) : null;
  return m ? [`${m[1]}${m[2]}${m[3]}`, m[4] || null] : [null, text];
};

export function providerLeadRow(c: NormalizedCompany): LeadRow {
  const [cnaePrincipal, cnaeDescricao] = cnaeOf(c.atividade_principal);
  const phone = c.telefone && c.telefone.length >= 10 ? maskPhone(c.telefone.slice(0, 2), c.telefone.slice(2)) : null;
  const email = maskEmail(c.email);
  return {
    cnpj: c.cnpj,
    razaoSocial: c.razao_social,
    nomeFantasia: c.nome_fantasia,
    situacao: situacaoCode(c.situacao),
    cnaePrincipal,
    cnaeDescricao,
    municipio: c.municipio,
    uf: c.uf,
    porte: null,
    telefones: phone ? [phone] : [],
    email,
    temContato: Boolean(phone || email),
    revelado: false,
    fonte: c.api_used,
  };
}

export async function providerLeads(s: Services, wanted: readonly { line: number; value: string; cnpj: string }[]): Promise<{ rows: LeadRow[]; notFound: ExtractProblem[] }> {
  const lookup = cnpjLookupFor(s);
  const rows: (LeadRow | null)[] = new Array(wanted.length).fill(null);
  const notFound: ExtractProblem[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < wanted.length; i = next++) {
      const w = wanted[i]!;
      const out = await lookup.lookup(w.cnpj);
      if (out.status === 'found') rows[i] = providerLeadRow(out.company);
      else {
        const reason =
          out.status === 'error' ? (out.reason === 'rate_limited' ? LEADS_MESSAGES.providersBusy : LEADS_MESSAGES.providersDown) : out.status === 'invalid' ? out.message : LEADS_MESSAGES.notInProviders;
        notFound.push({ line: w.line, value: w.value.slice(0, 40), reason });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, wanted.length) }, worker));
  return { rows: rows.filter((r): r is LeadRow => r !== null), notFound: notFound.sort((a, b) => a.line - b.line) };
}
