import { z } from 'zod';

/**
 * /deep-search (decision 0240): the relations of one establishment in the
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

export const graphNodeSchema = z.object({
  cnpj: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  matriz: z.boolean(),
  situacao: z.string().nullable(),
  municipio: z.string().nullable(),
  uf: z.string().nullable(),
});
export type GraphNode = z.infer<typeof graphNodeSchema>;

/** A neighbour and why: the partner's name, the masked phone or the address they share. */
const relationSchema = graphNodeSchema.extend({ via: z.string().nullable() });
export type Relation = z.infer<typeof relationSchema>;

const relationGroupSchema = z.object({
  kind: z.enum(RELATION_KINDS),
  items: z.array(relationSchema),
  /** How many in all (up to DEEP_SEARCH_COUNT_LIMIT + 1). */
  total: z.number(),
  /** false: `total` stopped at the limit ('mais de 1.000'). */
  totalExact: z.boolean(),
});
export type RelationGroup = z.infer<typeof relationGroupSchema>;

export const deepSearchResultSchema = z.object({ center: graphNodeSchema, relations: z.array(relationGroupSchema) });
export type DeepSearchResult = z.infer<typeof deepSearchResultSchema>;
