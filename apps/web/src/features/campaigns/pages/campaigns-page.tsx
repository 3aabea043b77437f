import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Mail, Plus, Settings2, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { CAMPAIGN_STATUS_LABELS, type CampaignChannel, type CampaignView } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { deleteCampaign } from '../api/campaign-actions.ts';
import { campaignQueryOptions, campaignsQueryOptions } from '../api/campaigns.ts';
import { campaignKeys } from '../api/keys.ts';
import { CampaignEditor, newCampaign } from '../components/campaign-editor.tsx';
import { CampaignResults } from '../components/campaign-results.tsx';
import { SenderDialog } from '../components/sender-dialog.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';

const rate = (n: number, of: number) => (of ? `${Math.round((n / of) * 100)}%` : '—');

const back = (onBack: () => void) => (
  <div>
    <Button variant="ghost" size="sm" onClick={onBack}>
      <ArrowLeft aria-hidden /> Todas as campanhas
    </Button>
  </div>
);

/** A campaign not created yet (decision 0406): the editor, and the campaign exists from its first save on. */
function NewCampaign({ channel, onBack, onCreated }: { channel: CampaignChannel; onBack: () => void; onCreated: (id: string) => void }) {
  return (
    <div className="grid gap-4">
      {back(onBack)}
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold text-slate-900">{channel === 'whatsapp' ? 'Nova campanha no WhatsApp' : 'Nova campanha'}</h2>
        <p className="text-sm text-slate-600">Rascunho ainda não salvo: a campanha é criada quando você salva pela primeira vez.</p>
      </div>
      <CampaignEditor campaign={newCampaign(channel)} onCreated={onCreated} />
    </div>
  );
}

function CampaignDetail({ id, onBack }: { id: string; onBack: () => void }) {
  const campaign = useQuery(campaignQueryOptions(id));
  return (
    <div className="grid gap-4">
      {back(onBack)}
      {campaign.isPending ? (
        <p className="text-sm text-slate-600">Carregando…</p>
      ) : campaign.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {campaign.error.message}
        </p>
      ) : (
        <>
          <div className="grid gap-1">
            <h2 className="text-xl font-semibold text-slate-900">{campaign.data.name}</h2>
            <p className="text-sm text-slate-600">
              {CAMPAIGN_STATUS_LABELS[campaign.data.status]} · {campaign.data.channel === 'whatsapp' ? 'WhatsApp' : 'E-mail'}{campaign.data.audienceName ? ` para ${campaign.data.audienceName}` : ''}
            </p>
          </div>
          {campaign.data.status === 'draft' || campaign.data.status === 'scheduled' ? <CampaignEditor campaign={campaign.data} /> : <CampaignResults campaign={campaign.data} />}
        </>
      )}
    </div>
  );
}

function CampaignList({ items, onOpen, onDelete }: { items: CampaignView[]; onOpen: (id: string) => void; onDelete: (c: CampaignView) => void }) {
  return (
    <>
      <ul className="grid gap-2 md:hidden" aria-label="Campanhas">
        {items.map((c) => (
          <li key={c.id} className="grid gap-1 rounded-xl border border-slate-200 bg-white p-4">
            <button type="button" className="text-left font-medium text-[var(--color-accent)] underline-offset-4 hover:underline" onClick={() => onOpen(c.id)}>
              {c.name}
            </button>
            <p className="text-sm text-slate-600">
              {CAMPAIGN_STATUS_LABELS[c.status]} · {c.audienceName ?? 'sem público'}
            </p>
            <p className="text-sm text-slate-800">
              {formatNumber(c.counts.sent)} enviados · {rate(c.counts.opened, c.counts.sent)} abertos · {formatNumber(c.counts.clicked)} cliques · {formatNumber(c.counts.replied)}{' '}
              {c.counts.replied === 1 ? 'resposta' : 'respostas'}
            </p>
          </li>
        ))}
      </ul>
      <table className="hidden w-full rounded-xl bg-white text-sm md:table">
        <caption className="sr-only">Campanhas</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-slate-600">
            <th scope="col" className="p-3 font-medium">
              Campanha
            </th>
            <th scope="col" className="p-3 font-medium">
              Situação
            </th>
            <th scope="col" className="p-3 font-medium">
              Público
            </th>
            <th scope="col" className="p-3 text-right font-medium">
              Enviados
            </th>
            <th scope="col" className="p-3 text-right font-medium">
              Abertura
            </th>
            <th scope="col" className="p-3 text-right font-medium">
              Cliques
            </th>
            <th scope="col" className="p-3 text-right font-medium">
              Respostas
            </th>
            <th scope="col" className="p-3 font-medium">
              Criada em
            </th>
            <th scope="col" className="p-3">
              <span className="sr-only">Ações</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((c) => (
            <tr key={c.id} className="border-b border-slate-100" data-testid="campaign-row">
              <td className="p-3">
                <button type="button" className="text-left font-medium text-[var(--color-accent)] underline-offset-4 hover:underline" onClick={() => onOpen(c.id)}>
                  {c.name}
                </button>
              </td>
              <td className="p-3 text-slate-800">{CAMPAIGN_STATUS_LABELS[c.status]}</td>
              <td className="p-3 text-slate-700">{c.audienceName ?? '—'}</td>
              <td className="p-3 text-right tabular-nums">{formatNumber(c.counts.sent)}</td>
              <td className="p-3 text-right tabular-nums">{rate(c.counts.opened, c.counts.sent)}</td>
              <td className="p-3 text-right tabular-nums">{formatNumber(c.counts.clicked)}</td>
              <td className="p-3 text-right tabular-nums">{formatNumber(c.counts.replied)}</td>
              <td className="p-3 text-slate-700">{formatDateTime(c.createdAt)}</td>
              <td className="p-3 text-right">
                {c.status !== 'sending' && (
                  <Button variant="ghost" size="icon" aria-label={`Excluir ${c.name}`} onClick={() => onDelete(c)}>
                    <Trash2 aria-hidden />
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** /campanhas-massa (decisions 0250–0258): e-mail campaigns to CRM lists and segments, with the sender's settings. */
export default function CampaignsPage() {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [search, setSearch] = useUrlParams();
  const [senderOpen, setSenderOpen] = useState(false);
  const campaigns = useQuery(campaignsQueryOptions());
  useLiveInvalidate('campaign', campaignKeys.all);
  const open = search.get('campanha');
  const fresh = search.get('nova');
  const go = (id: string | null) => setSearch(id ? { campanha: id } : {});
  // Nothing is created until the first save (decision 0406): 'Nova campanha' only opens the editor.
  const create = (channel: CampaignChannel = 'email') => setSearch({ nova: channel });
  async function remove(c: CampaignView) {
    if (!(await confirm.ask({ title: `Excluir a campanha "${c.name}"?`, description: 'A campanha e o relatório dela são excluídos.', confirmLabel: 'Excluir', destructive: true }))) return;
    try {
      await deleteCampaign(c.id);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.list });
      toast.success('Campanha excluída.');
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível excluir.');
    }
  }

  return (
    <div className="grid gap-6">
      <SenderDialog open={senderOpen} onOpenChange={setSenderOpen} />
      {confirm.dialog}
      {fresh === 'email' || fresh === 'whatsapp' ? (
        <NewCampaign
          channel={fresh}
          onBack={() => go(null)}
          onCreated={(id) => {
            void queryClient.invalidateQueries({ queryKey: campaignKeys.list });
            setSearch({ campanha: id }, { replace: true });
          }}
        />
      ) : open ? (
        <CampaignDetail id={open} onBack={() => go(null)} />
      ) : (
        <>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div className="grid gap-1">
              <h2 className="text-xl font-semibold text-slate-900">Campanhas de e-mail</h2>
              <p className="text-sm text-slate-600">Envie e-mails personalizados para uma lista ou um segmento do CRM, com descadastro em um clique e relatório de aberturas e cliques.</p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setSenderOpen(true)}>
                <Settings2 aria-hidden /> Remetente
              </Button>
              <Button variant="secondary" onClick={() => create('whatsapp')}>
                <Plus aria-hidden /> Campanha no WhatsApp
              </Button>
              <Button onClick={() => create()}>
                <Plus aria-hidden /> Nova campanha
              </Button>
            </div>
          </div>
          {campaigns.isPending ? (
            <p className="text-sm text-slate-600">Carregando…</p>
          ) : campaigns.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {campaigns.error.message}
            </p>
          ) : campaigns.data.length === 0 ? (
            <EmptyState
              icon={Mail}
              title="Nenhuma campanha ainda"
              description="Escreva um e-mail, escolha uma lista ou um segmento de contatos e envie agora ou agende. Só recebem contatos com base legal e sem descadastro."
              action={
                <Button onClick={() => create()}>
                  <Plus aria-hidden /> Criar a primeira campanha
                </Button>
              }
            />
          ) : (
            <CampaignList items={campaigns.data} onOpen={go} onDelete={remove} />
          )}
        </>
      )}
    </div>
  );
}
