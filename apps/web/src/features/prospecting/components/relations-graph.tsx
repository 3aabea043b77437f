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
      .force('link', forceLink<SimNode, SimLink>(links).id((d) => d.id).distance(80))
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
    // Fit the drawing to what is there (a small graph is drawn large, also on a phone); labels sit to the right.
    const xs = nodes.map((n) => n.x ?? 0);
    const ys = nodes.map((n) => n.y ?? 0);
    let minX = Math.min(...xs) - 24;
    let maxX = Math.max(...xs) + 110;
    let minY = Math.min(...ys) - 24;
    let maxY = Math.max(...ys) + 24;
    const grow = (lo: number, hi: number, min: number) => (hi - lo >= min ? [lo, hi] : [lo - (min - (hi - lo)) / 2, hi + (min - (hi - lo)) / 2]);
    [minX, maxX] = grow(minX, maxX, 380);
    [minY, maxY] = grow(minY, maxY, 250);
    // Two relations between the same pair (partner and phone) are drawn as two arcs.
    const seen = new Map<string, number>();
    const arcs = links.map((l) => {
      const s = l.source as SimNode;
      const t = l.target as SimNode;
      const pair = `${s.id}|${t.id}`;
      const i = seen.get(pair) ?? 0;
      seen.set(pair, i + 1);
      const bend = i === 0 ? 0 : (i % 2 ? 1 : -1) * Math.ceil(i / 2) * 14;
      const dx = (t.x ?? 0) - (s.x ?? 0);
      const dy = (t.y ?? 0) - (s.y ?? 0);
      const len = Math.hypot(dx, dy) || 1;
      const cx = ((s.x ?? 0) + (t.x ?? 0)) / 2 - (dy / len) * bend * 2;
      const cy = ((s.y ?? 0) + (t.y ?? 0)) / 2 + (dx / len) * bend * 2;
      return { key: `${pair}|${l.kind}`, kind: l.kind, d: `M${s.x},${s.y} Q${cx},${cy} ${t.x},${t.y}` };
    });
    return { nodes, arcs, viewBox: `${minX} ${minY} ${maxX - minX} ${maxY - minY}` };
  }, [graph]);

  const expanded = new Set(graph.expanded);
  const root = graph.expanded[0];
  return (
    <figure className="grid gap-2">
      <svg
        viewBox={layout.viewBox}
        className="h-auto max-h-[28rem] w-full rounded-lg border border-slate-200 bg-white"
        role="img"
        aria-label={`Grafo de relações: ${graph.nodes.size} estabelecimentos e ${graph.edges.size} ligações. A lista ao lado mostra as mesmas relações.`}
      >
        {layout.arcs.map((a) => (
          <path key={a.key} d={a.d} fill="none" stroke={KIND_COLORS[a.kind]} strokeWidth={1.5} strokeOpacity={0.8} />
        ))}
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
                <text x={n.id === root ? 15 : 12} y={4} fontSize={10} fill="#334155">
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
