import { forceCenter, forceCollide, forceLink, forceManyBody, forceSimulation, type SimulationLinkDatum, type SimulationNodeDatum } from 'd3-force';
import { useMemo, useRef } from 'react';
import { RELATION_LABELS, RELATION_KINDS } from '@sede/shared/prospecting/deep-search';
import { KIND_COLORS, type Graph } from '../lib/graph.ts';

type SimNode = SimulationNodeDatum & { id: string };
type SimLink = SimulationLinkDatum<SimNode> & { kind: keyof typeof KIND_COLORS };

const WIDTH = 640;
const HEIGHT = 420;

/**
 * The explored relations as a force-directed drawing (d3-force for the layout, our own SVG).
 * Clicking a node loads its neighbours. The list beside it is the keyboard and screen-reader
 * path (decision 0240): this drawing is one image with a summary for assistive technology.
 */
export default function RelationsGraph({ graph, selected, onSelect }: { graph: Graph; selected: string | null; onSelect: (cnpj: string) => void }) {
  // Positions survive an expansion: existing nodes start where they were, new ones near the node expanded.
  const positions = useRef(new Map<string, { x: number; y: number }>());
  const layout = useMemo(() => {
    const last = graph.expanded[graph.expanded.length - 1];
    const origin = (last ? positions.current.get(last) : undefined) ?? { x: WIDTH / 2, y: HEIGHT / 2 };
    const nodes: SimNode[] = [...graph.nodes.keys()].map((id, i) => {
      const p = positions.current.get(id);
      return p ? { id, x: p.x, y: p.y } : { id, x: origin.x + Math.cos(i) * 30, y: origin.y + Math.sin(i) * 30 };
    });
    const links: SimLink[] = [...graph.edges.values()].map((e) => ({ source: e.source, target: e.target, kind: e.kind }));
    const simulation = forceSimulation(nodes)
      .force('link', forceLink<SimNode, SimLink>(links).id((d) => d.id).distance(70))
      .force('charge', forceManyBody().strength(-160))
      .force('center', forceCenter(WIDTH / 2, HEIGHT / 2))
      .force('collide', forceCollide(16))
      .stop();
    simulation.tick(graph.nodes.size > 150 ? 120 : 220);
    for (const n of nodes) {
      n.x = Math.max(14, Math.min(WIDTH - 14, n.x ?? 0));
      n.y = Math.max(14, Math.min(HEIGHT - 14, n.y ?? 0));
      positions.current.set(n.id, { x: n.x, y: n.y });
    }
    return { nodes, links };
  }, [graph]);

  const expanded = new Set(graph.expanded);
  const root = graph.expanded[0];
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full rounded-lg border border-slate-200 bg-white"
        role="img"
        aria-label={`Grafo de relações: ${graph.nodes.size} estabelecimentos e ${graph.edges.size} ligações. A lista ao lado mostra as mesmas relações.`}
      >
        {layout.links.map((l) => {
          const s = l.source as SimNode;
          const t = l.target as SimNode;
          return <line key={`${s.id}|${t.id}|${l.kind}`} x1={s.x} y1={s.y} x2={t.x} y2={t.y} stroke={KIND_COLORS[l.kind]} strokeWidth={1.5} strokeOpacity={0.7} />;
        })}
        {layout.nodes.map((n) => {
          const node = graph.nodes.get(n.id)!;
          const isSelected = n.id === selected;
          return (
            // biome-ignore lint/a11y/noStaticElementInteractions: a mouse shortcut; the list's buttons do the same (decision 0240)
            <g key={n.id} transform={`translate(${n.x},${n.y})`} onClick={() => onSelect(n.id)} className="cursor-pointer" data-cnpj={n.id}>
              <title>{`${node.razaoSocial} (${n.id})${expanded.has(n.id) ? '' : ' — clique para ver as relações'}`}</title>
              <circle
                r={n.id === root ? 11 : 8}
                fill={expanded.has(n.id) ? '#0f172a' : '#ffffff'}
                stroke={isSelected ? '#dc2626' : '#0f172a'}
                strokeWidth={isSelected ? 3 : 1.5}
              />
              {graph.nodes.size <= 40 || expanded.has(n.id) ? (
                <text x={12} y={4} fontSize={10} fill="#334155">
                  {(node.nomeFantasia ?? node.razaoSocial).slice(0, 22)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
        {RELATION_KINDS.map((k) => (
          <span key={k} className="inline-flex items-center gap-1">
            <span aria-hidden className="inline-block h-0.5 w-4" style={{ backgroundColor: KIND_COLORS[k] }} />
            {RELATION_LABELS[k]}
          </span>
        ))}
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-2.5 rounded-full bg-slate-900" /> relações carregadas
        </span>
        <span className="inline-flex items-center gap-1">
          <span aria-hidden className="inline-block size-2.5 rounded-full border border-slate-900 bg-white" /> clique para expandir
        </span>
      </figcaption>
    </figure>
  );
}
