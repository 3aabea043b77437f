// minha-receita (https://minhareceita.org/{cnpj}): flat snake_case JSON. BrasilAPI relays it.
import * as n from '../normalize.ts';
import type { ProviderOutcome } from '../types.ts';
import { jsonApiProvider } from './json-api.ts';

/** Maps a minha-receita company body (also BrasilAPI's) to the normalized record. */
export function mapMinhaReceita(json: n.Json, apiUsed: string): ProviderOutcome {
  return n.companyOutcome({
    cnpj: n.cnpj(json.cnpj),
    razao_social: n.text(json.razao_social),
    nome_fantasia: n.text(json.nome_fantasia),
    telefone: n.digits(json.ddd_telefone_1),
    email: n.email(json.email),
    logradouro: n.logradouro(json.descricao_tipo_de_logradouro, json.logradouro),
    numero: n.numero(json.numero),
    bairro: n.text(json.bairro),
    municipio: n.text(json.municipio),
    uf: n.uf(json.uf),
    cep: n.cep(json.cep),
    api_used: apiUsed,
    situacao: n.text(json.descricao_situacao_cadastral),
    atividade_principal: n.cnae(json.cnae_fiscal, json.cnae_fiscal_descricao),
    data_abertura: n.isoDate(json.data_inicio_atividade),
  });
}

/** `CNPJ 98.765.432/0002-79 não encontrado.` */
export const isNotFoundMessage = (message: unknown): boolean =>
  typeof message === 'string' && /nao encontrado\.?$/i.test(n.stripAccents(message.trim()));

export const minhareceita = jsonApiProvider({
  name: 'minhareceita',
  acceptsLetters: true,
  defaultBaseUrl: 'https://minhareceita.org',
  path: '',
  requestsPerMinute: Infinity,
  map: (json) => mapMinhaReceita(json, 'minhareceita'),
  isNotFound: (json) => isNotFoundMessage(json?.message),
});
