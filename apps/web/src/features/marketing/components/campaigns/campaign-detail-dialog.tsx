import { useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Download, PenLine, RotateCcw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../../lib/toast.ts';
import { MARKETING_CAMPAIGN_STATUS_LABELS } from '@sede/shared/marketing/constants';
import { Button } from '../../../../components/ui/button.tsx';
import { ConfirmDeleteDialog } from '../../../../components/ui/confirm-delete-dialog.tsx';
import { ScrollDialog } from '../../../../components/ui/scroll-dialog.tsx';
import { Spinner } from '../../../../components/ui/spinner.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { campaignReportUrl, deleteCampaign, reopenCampaign, useCampaign } from '../../api/campaigns.ts';
import { marketingKeys } from '../../api/keys.ts';
import { CampaignDialog } from './campaign-dialog.tsx';
import { CampaignResults } from './campaign-results.tsx';
import { FinishDialog } from './finish-dialog.tsx';
import { campaignPeriod } from './results.ts';

/** One campaign: its results and pieces; edit, conclude, delete, or (finished) the report and reopen. */
export function CampaignDetailDialog({ id, onClose, canWrite, canDelete }: { id: string | null; onClose: () => void; canWrite: boolean; canDelete: boolean }) {
  const qc = useQueryClient();
  const campaign = useCampaign(id);
  const [editing, setEditing] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const c = campaign.data;
  const finished = c?.status === 'concluida';
  const refresh = () => qc.invalidateQueries({ queryKey: marketingKeys.campaigns });
  const reopen = async () => {
    if (!c) return;
    try {
      await reopenCampaign(c.id);
      await refresh();
      toast.success('Campanha reaberta. Ela voltou para as campanhas ativas.');
    } catch (e) {
      toast.error(e instanceof ApiError ? e.message : 'Não foi possível reabrir a campanha.');
    }
  };

  return (
    <>
      <ScrollDialog open={!!id && !editing && !finishing && !deleting} onOpenChange={(o) => !o && onClose()} title={c?.name ?? 'Campanha'} description={c ? `${c.clientName} · ${campaignPeriod(c.startsOn, c.endsOn)} · ${MARKETING_CAMPAIGN_STATUS_LABELS[c.status]}` : undefined}>
        {campaign.isPending && <Spinner />}
        {campaign.isError && <p role="alert" className="text-sm text-red-700">{campaign.error.message}</p>}
        {c && (
          <div className="grid gap-4">
            {c.goal && <p className="text-sm text-slate-700"><span className="font-medium text-slate-900">Objetivo:</span> {c.goal}</p>}
            <CampaignResults campaign={c} />
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
              {finished ? (
                <>
                  {canWrite && (
                    <Button variant="ghost" onClick={() => void reopen()}>
                      <RotateCcw aria-hidden /> Reabrir
                    </Button>
                  )}
                  <Button asChild>
                    <a href={campaignReportUrl(c.id)} download>
                      <Download aria-hidden /> Baixar relatório (PDF)
                    </a>
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="ghost" asChild>
                    <Link to={`/marketing/calendario?cliente=${c.clientId}`}>Ver no calendário</Link>
                  </Button>
                  {canDelete && (
                    <Button variant="ghost" onClick={() => setDeleting(true)}>
                      <Trash2 aria-hidden /> Excluir
                    </Button>
                  )}
                  {canWrite && (
                    <Button variant="secondary" onClick={() => setEditing(true)}>
                      <PenLine aria-hidden /> Editar
                    </Button>
                  )}
                  {canWrite && (
                    <Button onClick={() => setFinishing(true)}>
                      <CheckCircle2 aria-hidden /> Concluir campanha
                    </Button>
                  )}
                </>
              )}
            </div>
          </div>
        )}
      </ScrollDialog>
      {c && <CampaignDialog open={editing} onOpenChange={setEditing} campaign={c} />}
      {c && <FinishDialog open={finishing} onOpenChange={(o) => { setFinishing(o); if (!o) void campaign.refetch(); }} campaign={c} />}
      {c && (
        <ConfirmDeleteDialog
          open={deleting}
          onOpenChange={setDeleting}
          title="Excluir campanha"
          description={`Excluir “${c.name}”? As peças continuam no calendário, sem a campanha.`}
          onConfirm={async () => {
            await deleteCampaign(c.id);
            await refresh();
            toast.success('Campanha excluída.');
            setDeleting(false);
            onClose();
          }}
          failureMessage="Não foi possível excluir a campanha."
        />
      )}
    </>
  );
}
