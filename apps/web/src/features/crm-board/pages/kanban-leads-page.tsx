import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KanbanSquare, Plus, Settings2 } from 'lucide-react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { BoardFilters } from '@sede/shared/crm/deals';
import { parseBoardFilters, type DealStatusFilter } from '@sede/shared/crm/board-filters';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { BoardSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { createDeal } from '../api/deals.ts';
import { crmKeys } from '../api/keys.ts';
import { pipelinesQueryOptions } from '../api/pipelines.ts';
import { BoardFiltersBar } from '../components/filters.tsx';
import { money } from '@sede/shared/format';
import { ScrollDialog } from '../components/sheet-dialog.tsx';
import { useBoard } from '../components/use-board.ts';
import { patchParams, pickParams, useUrlParams } from '../../../lib/url-params.ts';
import { NamedOptions } from '../../../components/ui/named-options.tsx';
import { NeedsCompany } from '../../../components/ui/needs-company.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

// What opens on a click (the new deal's form, the settings, a deal's panel) is fetched when it
// opens: with react-hook-form, the masks, quotes and charges, it weighed more than the board
// itself on the page's first load (decision 0761).
const DealForm = lazy(async () => ({ default: (await import('../components/deal-form.tsx')).DealForm }));
const DealPanel = lazy(async () => ({ default: (await import('../components/deal-panel.tsx')).DealPanel }));
const SettingsDialog = lazy(async () => ({ default: (await import('../components/settings-dialog.tsx')).SettingsDialog }));
// The board itself (dnd-kit and TanStack Virtual, ~75 KB of modules) only when there are deals to
// show: a new company's empty funnel does not load and run it (decision 0770). The server's render
// waits for it, and the browser hydrates the rest of the page meanwhile.
const BoardView = lazy(async () => ({ default: (await import('../components/board.tsx')).BoardView }));

const FILTER_KEYS = ['status', 'owner', 'tag', 'source', 'q'] as const;

const SUMMARY: Record<DealStatusFilter, [string, string]> = {
  open: ['negócio aberto', 'negócios abertos'],
  won: ['negócio ganho', 'negócios ganhos'],
  lost: ['negócio perdido', 'negócios perdidos'],
  all: ['negócio', 'negócios'],
};

/** /kanban-leads: the company's deals on a board of stages (decision 0154). */
export default function KanbanLeadsPage() {
  const { user, membership, company } = useAuth();
  const grants = useMemo(() => grantsFor(membership), [membership]);
  const isAdmin = can(grants, 'company.settings');
  const canDelete = can(grants, 'crm.delete');
  const qc = useQueryClient();
  const [params, setParams] = useUrlParams();
  const pipelines = useQuery({ ...pipelinesQueryOptions(), enabled: Boolean(company) });
  const pipelineId = params.get('funil') ?? pipelines.data?.[0]?.id ?? null;
  const pipeline = pipelines.data?.find((p) => p.id === pipelineId) ?? pipelines.data?.[0];

  // Parsed without zod (decision 0749): the schemas load with the forms that need them.
  const filters = useMemo<BoardFilters>(() => parseBoardFilters(pickParams(params, FILTER_KEYS)) ?? {}, [params]);
  const setFilters = useCallback(
    (f: BoardFilters) =>
      setParams(patchParams(Object.fromEntries(FILTER_KEYS.map((k) => [k, f[k]]))), { replace: true }),
    [setParams],
  );
  const setParam = (k: string, v: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (v) next.set(k, v);
      else next.delete(k);
      return next;
    });

  const { query: board, loadMore, loading, move } = useBoard(pipeline?.id ?? null, filters);
  const [newOpen, setNewOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const create = useMutation({
    mutationFn: createDeal,
    onSuccess: (d) => {
      setNewOpen(false);
      void qc.invalidateQueries({ queryKey: crmKeys.boards });
      void qc.invalidateQueries({ queryKey: crmKeys.facets });
      toast.success(`Negócio "${d.title}" criado.`);
    },
    onError: (e) => toast.error('Não foi possível criar o negócio', { description: e instanceof ApiError ? e.message : 'Tente de novo em instantes.' }),
  });

  if (!company) {
    return (
      <NeedsCompany
        icon={KanbanSquare}
        title="O kanban de leads é da sua empresa"
        description="Vincule sua empresa pelo CNPJ ou aceite o convite de um administrador para acompanhar os negócios do time aqui."
      />
    );
  }
  if (pipelines.isPending || (pipeline && board.isPending)) return <BoardSkeleton label="Carregando o quadro" columns={5} />;
  if (pipelines.isError || !pipeline) {
    return <EmptyState icon={KanbanSquare} title="Não foi possível abrir o quadro" description={pipelines.error instanceof ApiError ? pipelines.error.message : 'Tente de novo em instantes.'} />;
  }
  const data = board.data;
  const filtered = FILTER_KEYS.some((k) => filters[k]);
  const empty = data ? data.columns.every((c) => c.count === 0) : false;
  const totalCount = data?.columns.reduce((n, c) => n + c.count, 0) ?? 0;
  const totalSum = data?.columns.reduce((n, c) => n + c.sumCents, 0) ?? 0;

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end gap-x-3 gap-y-2">
        <div className="grid min-w-0 flex-1 gap-1 sm:flex-none">
          <Label htmlFor="crm-pipeline">Funil</Label>
          <select id="crm-pipeline" className={`${inputClass} h-9 sm:w-56`} value={pipeline.id} onChange={(e) => setParam('funil', e.target.value)}>
            <NamedOptions items={pipelines.data} />
          </select>
        </div>
        <p className="order-last w-full text-sm text-slate-700 sm:order-none sm:w-auto sm:pb-2" data-testid="crm-board-summary">
          {totalCount} {SUMMARY[filters.status ?? 'open'][totalCount === 1 ? 0 : 1]} · {money(totalSum)}
        </p>
        <div className="flex gap-2 sm:ml-auto">
          {isAdmin && (
            <Button variant="secondary" className="h-9 px-3 sm:h-10 sm:px-4" onClick={() => setSettingsOpen(true)} aria-label="Configurar">
              <Settings2 aria-hidden /> <span className="hidden sm:inline">Configurar</span>
            </Button>
          )}
          <Button className="h-9 px-3 sm:h-10 sm:px-4" onClick={() => setNewOpen(true)}>
            <Plus aria-hidden /> Novo negócio
          </Button>
        </div>
      </div>
      <BoardFiltersBar filters={filters} onChange={setFilters} />
      {board.isError ? (
        <EmptyState icon={KanbanSquare} title="Não foi possível carregar os negócios" description={board.error instanceof ApiError ? board.error.message : 'Tente de novo em instantes.'} />
      ) : empty && !filtered ? (
        <EmptyState
          icon={KanbanSquare}
          title="Seu funil de vendas começa aqui"
          description="Cadastre os negócios que o time está negociando e arraste cada um pelas etapas, da prospecção ao fechamento. Os totais de cada etapa mostram quanto há em jogo."
          action={
            <Button onClick={() => setNewOpen(true)}>
              <Plus aria-hidden /> Criar o primeiro negócio
            </Button>
          }
        />
      ) : (
        <>
          {empty && filtered && <p className="text-sm text-slate-700">Nenhum negócio com estes filtros.</p>}
          {data && (
            <Suspense fallback={<BoardSkeleton label="Carregando o quadro" columns={5} />}>
              <BoardView board={data} loading={loading} onLoadMore={loadMore} onMove={(id, stageId, index) => void move(id, stageId, index)} onOpen={(id) => setParam('negocio', id)} />
            </Suspense>
          )}
        </>
      )}
      <ScrollDialog open={newOpen} onOpenChange={setNewOpen} title="Novo negócio">
        <Suspense fallback={<Spinner label="Carregando..." />}>
          <DealForm
          deal={null}
          stages={pipeline.stages}
          defaultStageId={pipeline.stages[0]?.id ?? ''}
          currentUserId={user?.id ?? ''}
          submitLabel="Criar negócio"
          pending={create.isPending}
          onSubmit={async (input) => {
            // The deal form has loaded the schemas already: this import costs no request.
            const { dealCreateSchema } = await import('@sede/shared/crm/deals');
            const parsed = dealCreateSchema.safeParse({ ...input, pipelineId: pipeline.id });
            if (!parsed.success) return void toast.error(parsed.error.issues[0]?.message ?? 'Dados inválidos');
            create.mutate({ ...input, pipelineId: pipeline.id, title: input.title ?? '' });
          }}
          />
        </Suspense>
      </ScrollDialog>
      {isAdmin && settingsOpen && (
        <Suspense fallback={null}>
          <SettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} pipeline={pipeline} onPipelineCreated={(id) => setParam('funil', id)} />
        </Suspense>
      )}
      {params.get('negocio') && (
        <Suspense fallback={null}>
          <DealPanel dealId={params.get('negocio')} pipeline={pipeline} currentUserId={user?.id ?? ''} canDelete={canDelete} onClose={() => setParam('negocio', null)} />
        </Suspense>
      )}
    </div>
  );
}
