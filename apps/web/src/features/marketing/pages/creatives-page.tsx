import { Plus, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { CHANNEL_LABELS, MARKETING_CHANNELS, PIECE_STATUS_LABELS, PIECE_STATUSES, type MarketingChannel, type PieceStatus } from '@sede/shared/marketing/constants';
import type { PieceListQuery } from '@sede/shared/marketing/pieces';
import { can, grantsFor } from '@sede/shared/registry/permissions';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { inputClass } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { useAuth } from '../../../lib/session/auth-provider.tsx';
import { useClients } from '../api/clients.ts';
import { marketingKeys } from '../api/keys.ts';
import { useCovers, useCreatives } from '../api/review.ts';
import { CreativeCard } from '../components/creatives/creative-card.tsx';
import { PieceFormDialog } from '../components/pieces/piece-form-dialog.tsx';
import { PieceSheet } from '../components/creatives/piece-sheet.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /marketing/criativos: the pieces as creatives (cards, newest changed first, 'Carregar mais'),
 * filtered by client (`?cliente=`), channel, status and text; `?peca=<id>` opens one in a side sheet.
 */
export default function CreativesPage() {
  const [params, setParams] = useSearchParams();
  const { membership } = useAuth();
  const mayWrite = can(grantsFor(membership), 'marketing.write');
  const clients = useClients();
  const clientId = params.get('cliente') ?? '';
  const channel = params.get('canal') ?? '';
  const status = params.get('status') ?? '';
  const q = params.get('q') ?? '';
  const pieceId = params.get('peca');
  const [text, setText] = useState(q);
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

  const set = (k: string, v: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: k !== 'peca' },
    );
  const filtered = Boolean(query.clientId || query.channel || query.status || query.q);

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <form
          className="grid min-w-0 basis-full gap-1 sm:max-w-xs sm:flex-1 sm:basis-auto"
          onSubmit={(e) => {
            e.preventDefault();
            set('q', text.trim());
          }}
        >
          <Label htmlFor="creatives-q">Buscar</Label>
          <input id="creatives-q" type="search" className={`${inputClass} h-9`} placeholder="Título ou texto" value={text} maxLength={100} onChange={(e) => setText(e.target.value)} onBlur={() => set('q', text.trim())} />
        </form>
        <div className="grid basis-full grid-cols-3 gap-2 sm:flex sm:basis-auto sm:gap-3">
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="creatives-client">Cliente</Label>
          <select id="creatives-client" className={`${inputClass} h-9 sm:w-48`} value={clientId} onChange={(e) => set('cliente', e.target.value)}>
            <option value="">Todos</option>
            {(clients.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="creatives-channel">Canal</Label>
          <select id="creatives-channel" className={`${inputClass} h-9 sm:w-36`} value={channel} onChange={(e) => set('canal', e.target.value)}>
            <option value="">Todos</option>
            {MARKETING_CHANNELS.map((c: MarketingChannel) => (
              <option key={c} value={c}>
                {CHANNEL_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-0 gap-1">
          <Label htmlFor="creatives-status">Status</Label>
          <select id="creatives-status" className={`${inputClass} h-9 sm:w-36`} value={status} onChange={(e) => set('status', e.target.value)}>
            <option value="">Todos</option>
            {PIECE_STATUSES.map((s: PieceStatus) => (
              <option key={s} value={s}>
                {PIECE_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        </div>
        {mayWrite && (
          <Button className="h-9 w-full sm:ml-auto sm:h-10 sm:w-auto" onClick={() => setNewOpen(true)} disabled={!clients.data}>
            <Plus aria-hidden /> Novo criativo
          </Button>
        )}
      </div>

      {list.isPending ? (
        <Spinner label="Carregando os criativos" />
      ) : list.isError ? (
        <EmptyState icon={Sparkles} title="Não foi possível carregar os criativos" description={list.error instanceof ApiError ? list.error.message : 'Tente de novo em instantes.'} />
      ) : pieces.length === 0 && !filtered ? (
        <EmptyState
          icon={Sparkles}
          title="Produza e aprove os criativos"
          description="Cada criativo reúne o texto e as imagens de uma peça em versões, o texto escrito pela IA a partir do briefing e do kit de marca, os comentários da equipe e a aprovação — inclusive do cliente, por um link sem cadastro."
          action={
            mayWrite ? (
              <Button onClick={() => setNewOpen(true)} disabled={!clients.data}>
                <Plus aria-hidden /> Criar o primeiro criativo
              </Button>
            ) : undefined
          }
        />
      ) : pieces.length === 0 ? (
        <p className="text-sm text-slate-700">Nenhum criativo com estes filtros.</p>
      ) : (
        <>
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
        </>
      )}

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
