// ReceitaWS (https://receitaws.com.br/v1/cnpj/{cnpj}): errors come as HTTP 200 + status ERROR.
import * as n from '../normalize.ts';
import type { CnpjProvider } from '../types.ts';

const NOT_FOUND_MESSAGE = 'CNPJ rejeitado pela Receita Federal';

const firstItem = (v: unknown): n.Json => (Array.isArray(v) && n.isObject(v[0]) ? v[0] : {});

export const receitaws: CnpjProvider = {
  name: 'receitaws',
  acceptsLetters: false,
  defaultBaseUrl: 'https://receitaws.com.br/v1',
  requestsPerMinute: 3,
  url: (base, cnpj) => `${n.trimSlash(base)}/cnpj/${cnpj}`,
  parse(status, contentType, bodyText) {
    if (status === 429) return { kind: 'rate_limited' };
    if (status !== 200) return n.failed(`HTTP ${status}`);
    const json = n.readJson(contentType, bodyText);
    if (!json) return n.failed('200 without a JSON object');
    if (json.status === 'ERROR') {
      // "CNPJ inválido" for a CNPJ we validated is the provider's problem, not the user's.
      return json.message === NOT_FOUND_MESSAGE ? { kind: 'not_found' } : n.failed(`ERROR: ${String(json.message)}`);
    }
    const activity = firstItem(json.atividade_principal);
    const phone = typeof json.telefone === 'string' ? json.telefone.split('/')[0] : null;
    return n.companyOutcome({
      cnpj: n.cnpj(json.cnpj),
      razao_social: n.text(json.nome),
      nome_fantasia: n.text(json.fantasia),
      telefone: n.digits(phone),
      email: n.email(json.email),
      logradouro: n.logradouro(null, json.logradouro),
      numero: n.numero(json.numero),
      bairro: n.text(json.bairro),
      municipio: n.text(json.municipio),
      uf: n.uf(json.uf),
      cep: n.cep(json.cep),
      api_used: 'receitaws',
      situacao: n.text(json.situacao),
      atividade_principal: n.cnae(activity.code, activity.text),
      data_abertura: n.isoDate(json.abertura),
    });
  },
};
