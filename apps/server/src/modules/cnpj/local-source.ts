// The imported Receita Federal open data as the first source of every CNPJ lookup
// (decision 0243): the same fields the providers give, mapped with the same rules.
import { SITUACOES } from '@sede/shared/prospecting/schemas';
import type { Services } from '../../services.ts';
import * as n from './normalize.ts';
import type { NormalizedCompany } from './types.ts';

/** One establishment's registry fields from the imported open data, as the Receita writes them. */
export type LocalCnpjRecord = {
  cnpj: string;
  razaoSocial: string | null;
  nomeFantasia: string | null;
  ddd1: string | null;
  telefone1: string | null;
  email: string | null;
  tipoLogradouro: string | null;
  logradouro: string | null;
  numero: string | null;
  bairro: string | null;
  municipio: string | null;
  uf: string | null;
  cep: string | null;
  /** '02' ativa… (SITUACOES). */
  situacao: string | null;
  cnaePrincipal: string | null;
  cnaeDescricao: string | null;
  /** YYYY-MM-DD. */
  dataInicio: string | null;
};

/** Where the local records come from: the prospecting module registers its reader when it starts. */
export type LocalCnpjSource = (cnpj: string) => Promise<LocalCnpjRecord | null>;
const SOURCE_KEY = 'cnpj.localSource';
export const setLocalCnpjSource = (s: Services, source: LocalCnpjSource) => void s.state.set(SOURCE_KEY, source);
export const localCnpjSource = (s: Services) => s.state.get(SOURCE_KEY) as LocalCnpjSource | undefined;

/** `api_used` of a record read from the imported open data. */
export const LOCAL_SOURCE = 'receita_local';

export function fromLocalRecord(r: LocalCnpjRecord): NormalizedCompany | null {
  const razao = n.text(r.razaoSocial);
  if (!razao) return null;
  return {
    cnpj: r.cnpj,
    razao_social: razao,
    nome_fantasia: n.text(r.nomeFantasia),
    // The register's phone and e-mail are what prospecting sells (the paid reveal, decision 0205):
    // a lookup read from it leaves them out, so looking CNPJs up one by one is no free reveal.
    telefone: null,
    email: null,
    logradouro: n.logradouro(r.tipoLogradouro, r.logradouro),
    numero: n.numero(r.numero),
    bairro: n.text(r.bairro),
    municipio: n.text(r.municipio),
    uf: n.uf(r.uf),
    cep: n.cep(r.cep),
    api_used: LOCAL_SOURCE,
    situacao: r.situacao ? n.text(SITUACOES[r.situacao as keyof typeof SITUACOES] ?? r.situacao) : null,
    atividade_principal: n.cnae(r.cnaePrincipal, r.cnaeDescricao),
    data_abertura: n.isoDate(r.dataInicio),
  };
}
