/**
 * /deep-search (issue 14 item 4; decision 0240): the relations of one establishment in the
 * Receita Federal open data, one kind at a time, capped per expansion.
 */

/** Neighbours returned per kind in one expansion; the rest is counted ('e mais N'). */
export const DEEP_SEARCH_CAP = 50;
/** Counting stops here: 'mais de 1.000'. */
export const DEEP_SEARCH_COUNT_LIMIT = 1000;

export const RELATION_KINDS = ['raiz', 'socios', 'telefone', 'endereco'] as const;
export type RelationKind = (typeof RELATION_KINDS)[number];

export const RELATION_LABELS: Record<RelationKind, string> = {
  raiz: 'Mesmo CNPJ raiz',
  socios: 'Sócios em comum',
  telefone: 'Mesmo telefone',
  endereco: 'Mesmo endereço',
};

export const DEEP_SEARCH_MESSAGES = {
  timeout: 'A pesquisa de relações demorou demais e foi interrompida. Tente de novo em instantes ou abra uma empresa com menos ligações.',
} as const;

export type GraphNode = {
  cnpj: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  matriz: boolean;
  situacao: string | null;
  municipio: string | null;
  uf: string | null;
};

/** A neighbour and why: the partner's name, the masked phone or the address they share. */
export type Relation = GraphNode & { via: string | null };

export type RelationGroup = {
  kind: RelationKind;
  items: Relation[];
  /** How many in all (up to DEEP_SEARCH_COUNT_LIMIT + 1). */
  total: number;
  /** false: `total` stopped at the limit ('mais de 1.000'). */
  totalExact: boolean;
};

export type DeepSearchResult = { center: GraphNode; relations: RelationGroup[] };
