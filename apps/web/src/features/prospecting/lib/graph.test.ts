import type { DeepSearchResult, GraphNode } from '@sede/shared/prospecting/deep-search';
import { describe, expect, it } from 'vitest';
import { emptyGraph, mergeExpansion } from './graph.ts';

const node = (cnpj: string): GraphNode => ({ cnpj, razaoSocial: `EMPRESA ${cnpj}`, nomeFantasia: null, matriz: true, situacao: '02', municipio: null, uf: 'SP' });
const result = (center: string, raiz: string[], socios: string[] = []): DeepSearchResult => ({
  center: node(center),
  relations: [
    { kind: 'raiz', items: raiz.map((c) => ({ ...node(c), via: null })), total: raiz.length, totalExact: true },
    { kind: 'socios', items: socios.map((c) => ({ ...node(c), via: 'ANA' })), total: socios.length, totalExact: true },
  ],
});

describe('mergeExpansion', () => {
  it('adds the center, its neighbours and one edge per pair and kind', () => {
    const g = mergeExpansion(emptyGraph(), result('A', ['B', 'C'], ['D']));
    expect([...g.nodes.keys()]).toEqual(['A', 'B', 'C', 'D']);
    expect([...g.edges.keys()]).toEqual(['A|B|raiz', 'A|C|raiz', 'A|D|socios']);
    expect(g.expanded).toEqual(['A']);
  });

  it('expanding a neighbour never duplicates a node or an edge', () => {
    const g1 = mergeExpansion(emptyGraph(), result('A', ['B']));
    const g2 = mergeExpansion(g1, result('B', ['A', 'E']));
    expect([...g2.nodes.keys()]).toEqual(['A', 'B', 'E']);
    expect([...g2.edges.keys()]).toEqual(['A|B|raiz', 'B|E|raiz']);
    expect(g2.expanded).toEqual(['A', 'B']);
    expect(g1.nodes.size).toBe(2); // the previous graph is untouched
    expect(mergeExpansion(g2, result('B', ['A', 'E'])).expanded).toEqual(['A', 'B']);
  });
});
