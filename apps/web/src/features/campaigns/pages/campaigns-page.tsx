import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Settings2 } from 'lucide-react';
import { useState } from 'react';
import { CAMPAIGN_STATUS_LABELS, type CampaignChannel, type CampaignView } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { DetailHeader } from '../../../components/ui/detail-header.tsx';
import { useLiveInvalidate } from '../../../lib/live/entity-events.ts';
import { deleteCampaign } from '../api/campaign-actions.ts';
import { campaignQueryOptions, campaignsQueryOptions } from '../api/campaigns.ts';
import { campaignKeys } from '../api/keys.ts';
import { CampaignEditor, newCampaign } from '../components/campaign-editor.tsx';
import { CampaignList } from '../components/campaign-list.tsx';
import { CampaignResults } from '../components/campaign-results.tsx';
import { SenderDialog } from '../components/sender-dialog.tsx';
import { useUrlParams } from '../../../lib/url-params.ts';
import { withToast } from '../../../lib/with-toast.ts';
import { AddButton } from '../../../components/ui/add-button.tsx';

const BACK = { to: '/campanhas-massa', label: 'Todas as campanhas' };

/** A campaign not created yet (decision 0406): the editor, and the campaign exists from its first save on. */
function NewCampaign({ channel, onCreated }: { channel: CampaignChannel; onCreated: (id: string) => void }) {
  return (
    <div className="grid gap-4">
      <DetailHeader back={BACK} title={channel === 'whatsapp' ? 'Nova campanha no WhatsApp' : 'Nova campanha'} subtitle="Rascunho ainda não salvo: a campanha é criada quando você salva pela primeira vez." />
      <CampaignEditor campaign={newCampaign(channel)} onCreated={onCreated} />
    </div>
  );
}

function CampaignDetail({ id }: { id: string }) {
  const campaign = useQuery(campaignQueryOptions(id));
  if (campaign.isPending || campaign.isError) {
    return (
      <div className="grid gap-4">
        <DetailHeader back={BACK} title="Campanha" />
        {campaign.isPending ? (
          <p className="text-sm text-slate-600">Carregando…</p>
        ) : (
          <p role="alert" className="text-sm text-red-700">
            {campaign.error.message}
          </p>
        )}
      </div>
    );
  }
  const c = campaign.data;
  return (
    <div className="grid gap-4">
      <DetailHeader back={BACK} title={c.name} subtitle={`${CAMPAIGN_STATUS_LABELS[c.status]} · ${c.channel === 'whatsapp' ? 'WhatsApp' : 'E-mail'}${c.audienceName ? ` para ${c.audienceName}` : ''}`} />
      {c.status === 'draft' || c.status === 'scheduled' ? <CampaignEditor campaign={c} /> : <CampaignResults campaign={c} />}
    </div>
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
  // Nothing is created until the first save (decision 0406): 'Nova campanha' only opens the editor.
  const create = (channel: CampaignChannel = 'email') => setSearch({ nova: channel });
  async function remove(c: CampaignView) {
    if (!(await confirm.ask({ title: `Excluir a campanha "${c.name}"?`, description: 'A campanha e o relatório dela são excluídos.', confirmLabel: 'Excluir', destructive: true }))) return;
    const deleted = async () => {
      await deleteCampaign(c.id);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.list });
    };
    await withToast(deleted, 'Campanha excluída.', 'Não foi possível excluir.');
  }

  return (
    <div className="grid gap-6">
      <SenderDialog open={senderOpen} onOpenChange={setSenderOpen} />
      {confirm.dialog}
      {fresh === 'email' || fresh === 'whatsapp' ? (
        <NewCampaign
          channel={fresh}
          onCreated={(id) => {
            void queryClient.invalidateQueries({ queryKey: campaignKeys.list });
            setSearch({ campanha: id }, { replace: true });
          }}
        />
      ) : open ? (
        <CampaignDetail id={open} />
      ) : (
        <>
          <DetailHeader
            title="Campanhas de e-mail"
            subtitle="Envie e-mails personalizados para uma lista ou um segmento do CRM, com descadastro em um clique e relatório de aberturas e cliques."
            actions={
              <>
                <Button variant="secondary" onClick={() => setSenderOpen(true)}>
                  <Settings2 aria-hidden /> Remetente
                </Button>
                <AddButton variant="secondary" onClick={() => create('whatsapp')}>Campanha no WhatsApp</AddButton>
                <AddButton onClick={() => create()}>Nova campanha</AddButton>
              </>
            }
          />
          <CampaignList query={campaigns} onOpen={(id) => setSearch({ campanha: id })} onDelete={remove} onCreate={() => create()} />
        </>
      )}
    </div>
  );
}
