import { Plus, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { MARKETING_CHANNELS, PIECE_STATUSES } from '@sede/shared/marketing/constants';
import type { PieceListQuery } from '@sede/shared/marketing/pieces';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { ListStates } from '../../../components/ui/list-states.tsx';
import { SearchForm } from '../../../components/ui/search-form.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useClients } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { useCovers, useCreatives } from '../api/review.ts';
import { CreativeCard } from '../components/creatives/creative-card.tsx';
import { CHANNEL_OPTIONS, clientOptions, LabeledSelect, STATUS_OPTIONS } from '../components/labeled-select.tsx';
import { PieceFormDialog } from '../components/pieces/piece-form-dialog.tsx';
import { PieceSheet } from '../components/creatives/piece-sheet.tsx';
import { useUrlParams, patchParams } from '../../../lib/url-params.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTER = 'grid min-w-0 gap-1';

/**
 * /marketing/criativos: the pieces as creatives (cards, newest changed first, 'Carregar mais'),
 * filtered by client (`?cliente=`), channel, status and text; `?peca=<id>` opens one in a side sheet.
 */
export default function CreativesPage() {
  const [params, setParams] = useUrlParams();
  const { membership } = useAuth();
  const mayWrite = can(grantsFor(membership), 'marketing.write');
  const clients = useClients();
  const clientId = params.get('cliente') ?? '';
  const channel = params.get('canal') ?? '';
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const pieceId = params.get('peca');
  const [newOpen, setNewOpen] = useState(false);

  const query = useMemo<PieceListQuery>(
    () => ({
      clientId: UUID.test(clientId) ? clientId : undefined,
      channel: (MARKETING_CHANNELS as readonly string[]).includes(channel) ? channel : undefined,
      status: (PIECE_STATUSES as readonly string[]).includes(status) ? status : undefined,
      q: q || undefined,
      limit: 24,
    }),
    [clientId, channel, status, q],
  );
  const list = useCreatives(query);
  useLiveInvalidate('marketing_piece', marketingKeys.pieces);
  const pieces = useMemo(() => list.data?.pages.flatMap((p) => p.pieces) ?? [], [list.data]);
  const covers = useCovers(pieces.map((p) => p.id));

  const set = (k: string, v: string | null) => setParams(patchParams({ [k]: v ?? undefined }), { replace: k !== 'peca' });
  const filtered = Boolean(query.clientId || query.channel || query.status || query.q);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchForm id="creatives-q" initial={q} placeholder="Título ou texto" onSearch={(text) => set('q', text)} />
        <div className="grid basis-full grid-cols-3 gap-2 sm:flex sm:basis-auto sm:gap-3">
          <LabeledSelect id="creatives-client" label="Cliente" fieldClassName={FILTER} className="h-9 sm:w-48" value={clientId} onChange={(e) => set('cliente', e.target.value)} empty="Todos" options={clientOptions(clients.data)} />
          <LabeledSelect id="creatives-channel" label="Canal" fieldClassName={FILTER} className="h-9 sm:w-36" value={channel} onChange={(e) => set('canal', e.target.value)} empty="Todos" options={CHANNEL_OPTIONS} />
          <LabeledSelect id="creatives-status" label="Status" fieldClassName={FILTER} className="h-9 sm:w-36" value={status} onChange={(e) => set('status', e.target.value)} empty="Todos" options={STATUS_OPTIONS} />
        </div>
        {mayWrite && (
          <Button className="h-9 w-full sm:ml-auto sm:h-10 sm:w-auto" onClick={() => setNewOpen(true)} disabled={!clients.data}>
            <Plus aria-hidden /> Novo criativo
          </Button>
        )}
      </div>

      <ListStates
        query={list}
        count={pieces.length}
        filtered={filtered}
        icon={Sparkles}
        loading="Carregando os criativos"
        failed="Não foi possível carregar os criativos"
        empty={{
          title: 'Produza e aprove os criativos',
          description:
            'Cada criativo reúne o texto e as imagens de uma peça em versões, o texto escrito pela IA a partir do briefing e do kit de marca, os comentários da equipe e a aprovação — inclusive do cliente, por um link sem cadastro.',
          action: mayWrite ? (
            <Button onClick={() => setNewOpen(true)} disabled={!clients.data}>
              <Plus aria-hidden /> Criar o primeiro criativo
            </Button>
          ) : undefined,
        }}
        noMatch="Nenhum criativo com estes filtros."
      >
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4" aria-label="Criativos">
          {pieces.map((p) => (
            <CreativeCard key={p.id} piece={p} cover={covers.data?.covers[p.id]} onOpen={() => set('peca', p.id)} />
          ))}
        </ul>
        {list.hasNextPage && (
          <Button variant="secondary" className="justify-self-center" onClick={() => list.fetchNextPage()} pending={list.isFetchingNextPage}>
            Carregar mais
          </Button>
        )}
      </ListStates>

      <PieceFormDialog
        open={newOpen}
        onOpenChange={setNewOpen}
        defaults={{ status: 'producao', ...(UUID.test(clientId) ? { clientId } : {}) }}
        onSaved={(p) => {
          setNewOpen(false);
          set('peca', p.id);
        }}
      />
      <PieceSheet pieceId={pieceId && UUID.test(pieceId) ? pieceId : null} onClose={() => set('peca', null)} />
    </div>
  );
}
