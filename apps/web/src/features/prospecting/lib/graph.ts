import type { DeepSearchResult, GraphNode, RelationKind } from '@sede/shared/prospecting/deep-search';

/** The explored graph of /deep-search: establishments by CNPJ and the relations found so far. */
export type Graph = {
  nodes: Map<string, GraphNode>;
  /** `a|b|kind` with a < b: one edge per pair and kind. */
  edges: Map<string, { source: string; target: string; kind: RelationKind; via: string | null }>;
  /** The CNPJs whose neighbours were loaded, in order. */
  expanded: string[];
};

export const emptyGraph = (): Graph => ({ nodes: new Map(), edges: new Map(), expanded: [] });

/** The graph with one expansion merged in (a new object; nodes and edges are never duplicated). */
export function mergeExpansion(graph: Graph, result: DeepSearchResult): Graph {
  const nodes = new Map(graph.nodes);
  const edges = new Map(graph.edges);
  const center = result.center.cnpj;
  nodes.set(center, result.center);
  for (const group of result.relations) {
    for (const item of group.items) {
      const { via, ...node } = item;
      if (!nodes.has(node.cnpj)) nodes.set(node.cnpj, node);
      const [a, b] = center < node.cnpj ? [center, node.cnpj] : [node.cnpj, center];
      edges.set(`${a}|${b}|${group.kind}`, { source: a, target: b, kind: group.kind, via });
    }
  }
  const expanded = graph.expanded.includes(center) ? graph.expanded : [...graph.expanded, center];
  return { nodes, edges, expanded };
}

export const KIND_COLORS: Record<RelationKind, string> = {
  raiz: '#2563eb',
  socios: '#9333ea',
  telefone: '#d97706',
  endereco: '#059669',
};
