import { CheckCircle2, Search, Trophy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useCampaignPages } from '../api/campaigns.ts';
import { useClients } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { CampaignDetailDialog } from '../components/campaigns/campaign-detail-dialog.tsx';
import { count, money } from '@sede/shared/format';
import { campaignPeriod, resultItems } from '../components/campaigns/results.ts';
import { useMarketingPermissions } from '../components/campaigns/use-campaign-permissions.ts';
import { LabeledSelect } from '../components/labeled-select.tsx';
import { useUrlParams, patchParams } from '../../../lib/url-params.ts';

/** /marketing/projetos-concluidos: finished campaigns with their results, searchable, each with its report. */
export default function FinishedPage() {
  const [params, setParams] = useUrlParams();
  const clientId = params.get('cliente') ?? '';
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const { canWrite, canDelete } = useMarketingPermissions();
  const clients = useClients();
  const pages = useCampaignPages({ status: 'concluida', ...(clientId ? { clientId } : {}), ...(q ? { q } : {}) });
  useLiveInvalidate('marketing_campaign', marketingKeys.campaigns);
  const items = pages.data?.pages.flatMap((p) => p.campaigns) ?? [];
  const set = (key: string, value: string) => setParams(patchParams({ [key]: value }), { replace: true });
  // Typing searches after a short pause; the URL keeps the search.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the text drives the debounce
  useEffect(() => {
    const t = setTimeout(() => text.trim() !== q && set('q', text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  const open = params.get('campanha');
  const filtered = !!(q || clientId);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Projetos concluídos</h1>
        <p className="mt-1 text-sm text-slate-600">As campanhas de marketing encerradas, com resultados, peças e o relatório para enviar ao cliente.</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_16rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="busca-concluidos">Buscar</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" aria-hidden />
            <Input id="busca-concluidos" type="search" className="pl-9" placeholder="Nome, objetivo, aprendizados ou cliente" value={text} onChange={(e) => setText(e.target.value)} />
          </div>
        </div>
        <LabeledSelect
          id="cliente-concluidos"
          label="Empresa cliente"
          value={clientId}
          onChange={(e) => set('cliente', e.target.value)}
          empty="Todas"
          options={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </div>
      <ListStates
        query={pages}
        count={items.length}
        filtered={filtered}
        icon={Trophy}
        loading="Carregando os projetos concluídos"
        failed="Não foi possível carregar os projetos concluídos"
        noMatch="Nenhum projeto concluído encontrado com estes filtros."
        empty={{
          title: 'Nenhum projeto concluído ainda',
          description: 'Quando uma campanha de marketing termina, conclua-a com alcance, cliques, leads e investimento: ela aparece aqui com as peças e um relatório de uma página para o cliente.',
          action: (
            <Button asChild>
              <Link to="/marketing">Ver campanhas em andamento</Link>
            </Button>
          ),
        }}
      >
        <ul className="grid gap-3 md:grid-cols-2" aria-label="Projetos concluídos">
          {items.map((c) => {
            const results = resultItems(c);
            return (
              <li key={c.id}>
                <Card className="grid h-full gap-3 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <button type="button" onClick={() => set('campanha', c.id)} className="text-left font-semibold text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]">
                        {c.name}
                      </button>
                      <p className="text-xs text-slate-600">
                        {c.clientName} · {campaignPeriod(c.startsOn, c.endsOn)}
                      </p>
                    </div>
                    <CheckCircle2 className="size-5 shrink-0 text-blue-700" aria-label="Concluída" />
                  </div>
                  <dl className="grid grid-cols-3 gap-2 text-sm">
                    {[results[0]!, results[3]!, results[5]!].map((r) => (
                      <div key={r.label}>
                        <dt className="text-xs text-slate-600">{r.label}</dt>
                        <dd className="font-semibold tabular-nums text-slate-900">{r.value}</dd>
                      </div>
                    ))}
                  </dl>
                  <p className="text-xs text-slate-600">
                    {count(c.pieces)} {c.pieces === 1 ? 'peça' : 'peças'} · investimento {money(c.spendCents)}
                  </p>
                </Card>
              </li>
            );
          })}
        </ul>
        {pages.hasNextPage && (
          <div className="flex justify-center">
            <Button variant="secondary" pending={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
              Carregar mais
            </Button>
          </div>
        )}
      </ListStates>
      <CampaignDetailDialog id={open} onClose={() => set('campanha', '')} canWrite={canWrite} canDelete={canDelete} />
    </div>
  );
}
