import { useQuery } from '@tanstack/react-query';
import { Network } from 'lucide-react';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { normalizeCnpjInput } from '@sede/shared/cnpj-format';
import { RELATION_LABELS, type DeepSearchResult, type RelationGroup } from '@sede/shared/prospecting/deep-search';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { deepSearchQuery } from '../api/deep-search.ts';
import { CnpjForm } from '../components/cnpj-form.tsx';
import { NeedsImportedData } from '../components/no-data.tsx';
import { emptyGraph, KIND_COLORS, mergeExpansion, type Graph } from '../lib/graph.ts';
import * as fmt from '@sede/shared/format';
import { situacao } from '../lib/labels.ts';
import { useUrlParams } from '../../../lib/url-params.ts';

// d3-force loads with the drawing only, on this page.
const RelationsGraph = lazy(() => import('../components/relations-graph.tsx'));

/**
 * /deep-search (decision 0240): the relations of a CNPJ in the Receita open
 * data — same root, shared partners, same phone, same address — as a graph a person expands
 * node by node, with the list of the selected node's relations beside it (the accessible path).
 */
export default function DeepSearchPage() {
  const [params, setParams] = useUrlParams();
  const cnpj = normalizeCnpjInput(params.get('cnpj') ?? '');
  const [text, setText] = useState(cnpj ? fmt.cnpj(cnpj) : '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = normalizeCnpjInput(text);
    if (v.length === 14) setText(fmt.cnpj(v));
    setParams(v ? { cnpj: v } : {});
  };

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">Pesquisa aprofundada</h2>
        <p className="text-sm text-slate-600">
          Descubra as ligações de uma empresa na base da Receita Federal: outros estabelecimentos do mesmo CNPJ raiz, empresas com sócios em comum, com o mesmo telefone ou no mesmo endereço.
        </p>
      </div>
      <NeedsImportedData purpose="Aqui você vê as relações de uma empresa com outras: mesmo CNPJ raiz, sócios em comum, mesmo telefone e mesmo endereço.">
        <CnpjForm label="Pesquisar relações de um CNPJ" action="Pesquisar" value={text} onChange={setText} onSubmit={submit} />
        {cnpj ? (
          <Explorer key={cnpj} root={cnpj} />
        ) : (
          <EmptyState
            icon={Network}
            title="Digite um CNPJ para ver as relações"
            description="O grafo começa pela empresa pesquisada; clique em uma empresa ligada (ou use “Ver relações” na lista) para carregar as ligações dela. Você também chega aqui pela Busca por CNPJ, em “Ver relações”."
          />
        )}
      </NeedsImportedData>
    </div>
  );
}

function Explorer({ root }: { root: string }) {
  const [graph, setGraph] = useState<Graph>(emptyGraph);
  const [selected, setSelected] = useState(root);
  const current = useQuery(deepSearchQuery(selected));
  useEffect(() => {
    if (current.data) setGraph((g) => mergeExpansion(g, current.data));
  }, [current.data]);
  const rootFailed = graph.nodes.size === 0 && current.isError;

  if (rootFailed) return <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{current.error.message}</p>;
  if (graph.nodes.size === 0) return <Spinner />;
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="grid content-start gap-3">
        <Suspense fallback={<Spinner />}>
          <RelationsGraph graph={graph} selected={selected} onSelect={setSelected} />
        </Suspense>
        {graph.expanded.length > 1 ? (
          <nav aria-label="Empresas exploradas" className="flex flex-wrap gap-2 text-xs">
            {graph.expanded.map((c) => (
              <button
                key={c}
                type="button"
                onClick={() => setSelected(c)}
                aria-current={c === selected ? 'true' : undefined}
                className="rounded-full border border-slate-300 px-2 py-1 text-slate-700 hover:bg-slate-50 aria-[current=true]:border-slate-900 aria-[current=true]:font-semibold"
              >
                {graph.nodes.get(c)?.nomeFantasia ?? graph.nodes.get(c)?.razaoSocial ?? fmt.cnpj(c)}
              </button>
            ))}
          </nav>
        ) : null}
      </div>
      <section aria-labelledby="relations-title" className="grid content-start gap-3">
        {current.isPending ? (
          <Spinner />
        ) : current.isError ? (
          <p role="alert" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">{current.error.message}</p>
        ) : (
          <RelationList result={current.data} expanded={graph.expanded} onExpand={setSelected} />
        )}
      </section>
    </div>
  );
}

function RelationList({ result, expanded, onExpand }: { result: DeepSearchResult; expanded: string[]; onExpand: (cnpj: string) => void }) {
  const c = result.center;
  const total = result.relations.reduce((n, g) => n + g.items.length, 0);
  return (
    <Card className="grid gap-4 p-4">
      <div className="grid gap-1">
        <h3 id="relations-title" className="text-base font-semibold text-slate-900">Relações de {c.nomeFantasia ?? c.razaoSocial}</h3>
        <p className="text-xs text-slate-600">
          {c.razaoSocial} · {fmt.cnpj(c.cnpj)} · {c.matriz ? 'Matriz' : 'Filial'} · {situacao(c.situacao)}
        </p>
        <Link to={`/cnpj-search?cnpj=${c.cnpj}`} className="text-sm font-medium text-[var(--color-accent)] underline">Ver ficha completa</Link>
        <p role="status" className="text-xs text-slate-600">{total ? `${fmt.count(total)} ligações carregadas.` : 'Nenhuma ligação encontrada.'}</p>
      </div>
      {result.relations.map((g) => (
        <Group key={g.kind} group={g} expanded={expanded} onExpand={onExpand} />
      ))}
    </Card>
  );
}

function Group({ group, expanded, onExpand }: { group: RelationGroup; expanded: string[]; onExpand: (cnpj: string) => void }) {
  const rest = group.total - group.items.length;
  return (
    <div className="grid gap-2">
      <h4 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <span aria-hidden className="inline-block size-2.5 rounded-full" style={{ backgroundColor: KIND_COLORS[group.kind] }} />
        {RELATION_LABELS[group.kind]} <span className="font-normal text-slate-600">({group.totalExact ? fmt.count(group.total) : `mais de ${fmt.count(group.total - 1)}`})</span>
      </h4>
      {group.items.length === 0 ? (
        <p className="text-xs text-slate-600">Nenhuma.</p>
      ) : (
        <ul className="grid gap-2" aria-label={RELATION_LABELS[group.kind]}>
          {group.items.map((item) => (
            <li key={item.cnpj} className="grid gap-1 rounded-md border border-slate-100 p-2 text-sm">
              <span className="font-medium text-slate-900">{item.nomeFantasia ?? item.razaoSocial}</span>
              <span className="text-xs text-slate-600">
                {[fmt.cnpj(item.cnpj), item.matriz ? 'Matriz' : 'Filial', situacao(item.situacao), [item.municipio, item.uf].filter(Boolean).join('/')].filter(Boolean).join(' · ')}
              </span>
              {item.via ? <span className="text-xs text-slate-700">{group.kind === 'socios' ? `Sócio em comum: ${item.via}` : item.via}</span> : null}
              <span className="flex flex-wrap gap-3">
                <Button type="button" variant="link" size="sm" className="h-auto" onClick={() => onExpand(item.cnpj)} aria-label={`Ver relações de ${item.nomeFantasia ?? item.razaoSocial}`}>
                  {expanded.includes(item.cnpj) ? 'Mostrar relações' : 'Ver relações'}
                </Button>
                <Link to={`/cnpj-search?cnpj=${item.cnpj}`} className="text-sm text-[var(--color-accent)] underline" aria-label={`Ficha de ${item.nomeFantasia ?? item.razaoSocial}`}>Ficha</Link>
              </span>
            </li>
          ))}
        </ul>
      )}
      {rest > 0 ? <p className="text-xs text-slate-600">{group.totalExact ? `e mais ${fmt.count(rest)} não mostradas` : `e mais de ${fmt.count(rest - 1)} não mostradas`} (limite de {group.items.length} por expansão).</p> : null}
    </div>
  );
}
