/** The names people read for the sources of a CNPJ record (`api_used` of the lookup). */
export const CNPJ_SOURCE_LABELS: Record<string, string> = {
  brasilapi: 'BrasilAPI',
  minhareceita: 'Minha Receita',
  receitaws: 'ReceitaWS',
  cnpjws: 'CNPJ.ws',
  cnpja: 'CNPJá',
  receita_local: 'base da Receita Federal importada',
};

export const cnpjSourceLabel = (key: string) => CNPJ_SOURCE_LABELS[key] ?? key;
