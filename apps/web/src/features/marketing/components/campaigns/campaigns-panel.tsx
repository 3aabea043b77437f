import { Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { MARKETING_CAMPAIGN_STATUS_LABELS } from '@sede/shared/marketing/constants';
import { Button } from '../../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { useLiveInvalidate } from '../../../../lib/live/entity-events.ts';
import { useCampaigns } from '../../api/campaigns.ts';
import { marketingKeys } from '../../api/keys.ts';
import { CampaignDetailDialog } from './campaign-detail-dialog.tsx';
import { CampaignDialog } from './campaign-dialog.tsx';
import { money } from '@sede/shared/format';
import { campaignPeriod } from './results.ts';
import { useMarketingPermissions } from './use-campaign-permissions.ts';

const STATUS_CLASS = { planejada: 'bg-slate-100 text-slate-700', ativa: 'bg-emerald-50 text-emerald-800', cancelada: 'bg-amber-50 text-amber-800', concluida: 'bg-blue-50 text-blue-800' } as const;

/** The campaigns under way (planned and active), of one client or all: open one, create one. */
export function CampaignsPanel({ clientId }: { clientId?: string }) {
  const { canWrite, canDelete } = useMarketingPermissions();
  const campaigns = useCampaigns({ status: 'planejada,ativa', ...(clientId ? { clientId } : {}), limit: 12 });
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  useLiveInvalidate('marketing_campaign', marketingKeys.campaigns);
  const items = campaigns.data?.campaigns ?? [];
  return (
    <Card role="region" aria-labelledby="campanhas-titulo">
      <CardHeader className="flex flex-wrap items-start justify-between gap-x-3 gap-y-2">
        <div className="grid gap-1">
          <CardTitle id="campanhas-titulo">Campanhas em andamento</CardTitle>
          <CardDescription>Peças agrupadas por objetivo, período e orçamento.</CardDescription>
        </div>
        {canWrite && (
          <Button size="sm" variant="secondary" onClick={() => setCreating(true)}>
            <Plus aria-hidden /> Nova campanha
          </Button>
        )}
      </CardHeader>
      <CardContent className="grid gap-3">
      {campaigns.isPending && <Spinner />}
      {campaigns.isError && <p role="alert" className="text-sm text-red-700">Não foi possível carregar as campanhas. {campaigns.error.message}</p>}
      {campaigns.isSuccess && items.length === 0 && (
        <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-4 py-5 text-sm text-slate-600">
          <Megaphone className="size-4 shrink-0" aria-hidden /> Nenhuma campanha em andamento. Crie uma para agrupar as peças de uma ação e, ao final, registrar os resultados.
        </p>
      )}
      {items.length > 0 && (
        <ul className="grid gap-2" aria-label="Campanhas em andamento">
          {items.map((c) => (
            <li key={c.id}>
              <button type="button" onClick={() => setOpen(c.id)} className="grid w-full gap-1 rounded-lg border border-slate-200 px-3 py-2 text-left hover:border-slate-300 focus-visible:outline-2 focus-visible:outline-[var(--color-accent)]">
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-medium text-slate-900">{c.name}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[c.status]}`}>{MARKETING_CAMPAIGN_STATUS_LABELS[c.status]}</span>
                </span>
                <span className="text-xs text-slate-600">
                  {clientId ? '' : `${c.clientName} · `}
                  {campaignPeriod(c.startsOn, c.endsOn)} · {c.pieces === 1 ? '1 peça' : `${c.pieces} peças`}
                  {c.budgetCents !== null ? ` · Orçamento ${money(c.budgetCents)}` : ''}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Link to={clientId ? `/marketing/projetos-concluidos?cliente=${clientId}` : '/marketing/projetos-concluidos'} className="text-sm font-medium text-[var(--color-accent)] hover:underline">
        Ver projetos concluídos
      </Link>
      </CardContent>
      <CampaignDialog open={creating} onOpenChange={setCreating} clientId={clientId} onSaved={(c) => setOpen(c.id)} />
      <CampaignDetailDialog id={open} onClose={() => setOpen(null)} canWrite={canWrite} canDelete={canDelete} />
    </Card>
  );
}
