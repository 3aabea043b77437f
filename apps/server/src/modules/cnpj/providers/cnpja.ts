// CNPJá open API (https://open.cnpja.com/office/{cnpj}): camelCase English keys.
import * as n from '../normalize.ts';
import type { ProviderOutcome } from '../types.ts';
import { jsonApiProvider } from './json-api.ts';

const obj = (v: unknown): n.Json => (n.isObject(v) ? v : {});
const first = (v: unknown): n.Json => (Array.isArray(v) ? obj(v[0]) : {});

function mapOffice(json: n.Json): ProviderOutcome {
  const address = obj(json.address);
  const phone = first(json.phones);
  const number = n.digits(phone.number);
  const activity = obj(json.mainActivity);
  return n.companyOutcome({
    cnpj: n.cnpj(json.taxId),
    razao_social: n.text(obj(json.company).name),
    nome_fantasia: n.text(json.alias),
    telefone: number ? `${n.digits(phone.area) ?? ''}${number}` : null,
    email: n.email(first(json.emails).address),
    logradouro: n.logradouro(null, address.street),
    numero: n.numero(address.number),
    bairro: n.text(address.district),
    municipio: n.text(address.city),
    uf: n.uf(address.state),
    cep: n.cep(address.zip),
    api_used: 'cnpja',
    situacao: n.text(obj(json.status).text),
    atividade_principal: n.cnae(activity.id, activity.text),
    data_abertura: n.isoDate(json.founded),
  });
}

export const cnpja = jsonApiProvider({
  name: 'cnpja',
  // Support for the alphanumeric CNPJ is unknown; its 400 would only cost budget (5/min).
  acceptsLetters: false,
  defaultBaseUrl: 'https://open.cnpja.com',
  path: '/office',
  requestsPerMinute: 5,
  map: mapOffice,
  isNotFound: (json) => json?.code === 404,
});
