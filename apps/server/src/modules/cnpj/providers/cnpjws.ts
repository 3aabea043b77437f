// CNPJ.ws public API (https://publica.cnpj.ws/cnpj/{cnpj}): company on top, establishment nested.
import * as n from '../normalize.ts';
import type { ProviderOutcome } from '../types.ts';
import { jsonApiProvider } from './json-api.ts';

const obj = (v: unknown): n.Json => (n.isObject(v) ? v : {});
const MAX_WAIT_MS = 60 * 60_000;

/** "… Liberação ocorrerá em Mon Oct 12 2026 09:28:55 GMT-0300 (Brasilia Standard Time)" */
export function retryAfterFromDetails(details: unknown, now: number): number | undefined {
  if (typeof details !== 'string') return undefined;
  const m = /ocorrer\S* em (.+)$/i.exec(details);
  const at = m ? Date.parse(m[1].replace(/\s*\(.*\)\s*$/, '')) : NaN;
  return at > now ? Math.min(at - now, MAX_WAIT_MS) : undefined;
}

function mapCompany(json: n.Json): ProviderOutcome {
  const e = obj(json.estabelecimento);
  const activity = obj(e.atividade_principal);
  const ddd = n.digits(e.ddd1);
  const phone = n.digits(e.telefone1);
  return n.companyOutcome({
    cnpj: n.cnpj(e.cnpj),
    razao_social: n.text(json.razao_social),
    nome_fantasia: n.text(e.nome_fantasia),
    telefone: phone ? `${ddd ?? ''}${phone}` : null,
    email: n.email(e.email),
    logradouro: n.logradouro(e.tipo_logradouro, e.logradouro),
    numero: n.numero(e.numero),
    bairro: n.text(e.bairro),
    municipio: n.text(obj(e.cidade).nome),
    uf: n.uf(obj(e.estado).sigla),
    cep: n.cep(e.cep),
    api_used: 'cnpjws',
    situacao: n.text(e.situacao_cadastral),
    atividade_principal: n.cnae(activity.subclasse ?? activity.id, activity.descricao),
    data_abertura: n.isoDate(e.data_inicio_atividade),
  });
}

export const cnpjws = jsonApiProvider({
  name: 'cnpjws',
  acceptsLetters: false,
  defaultBaseUrl: 'https://publica.cnpj.ws',
  path: '/cnpj',
  requestsPerMinute: 3,
  map: mapCompany,
  // Documented error model {status, titulo, detalhes, validacao}.
  isNotFound: (json) => json?.status === 404,
  retryAfterMs: (json, now) => retryAfterFromDetails(json?.detalhes, now),
});
