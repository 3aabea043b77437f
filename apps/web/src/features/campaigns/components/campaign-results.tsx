import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { count, dateTime } from '@sede/shared/format';
import { CAMPAIGN_STATUS_LABELS, type CampaignCounts, type CampaignView } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { FiguresTable } from '../../../components/ui/figures-table.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { campaignAction } from '../api/campaign-actions.ts';
import { reportQueryOptions } from '../api/details.ts';
import { campaignKeys } from '../api/keys.ts';
import { Panel } from './panel.tsx';
import { RecipientsList } from './recipients-list.tsx';

const ReportChart = lazy(() => import('./report-chart.tsx'));
const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 1000) / 10}%`.replace('.', ',') : '—');

/** The report's figures: each count with its share of the recipients or of the delivered. */
function figures(c: CampaignCounts) {
  const delivered = c.sent + c.bounced;
  const rows: Array<[string, number, number | null]> = [
    ['Destinatários', c.total, null],
    ['Enviados', c.sent, c.total],
    ['Aberturas', c.opened, delivered],
    ['Cliques', c.clicked, delivered],
    ['Respostas', c.replied, delivered],
    ['Descadastros', c.unsubscribed, delivered],
    ['Devolvidos', c.bounced, delivered],
    ['Falharam', c.failed, c.total],
    ['Incertos (não reenviados)', c.uncertain, c.total],
    ['Excluídos no envio', c.skipped, c.total],
    ['Cancelados', c.canceled, c.total],
    ['Na fila', c.queued + c.sending, c.total],
  ];
  return rows.map(([label, n, of]) => ({ label, values: [count(n), of === null ? '' : pct(n, of)] }));
}

/** Pause, resume or cancel a campaign being sent (cancelling asks first). */
function SendingActions({ campaign }: { campaign: CampaignView }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [pending, setPending] = useState<string | null>(null);
  async function act(action: 'pause' | 'resume' | 'cancel') {
    if (action === 'cancel' && !(await confirm.ask({ title: 'Cancelar o envio?', description: 'Quem ainda está na fila não vai receber.', confirmLabel: 'Cancelar o envio', destructive: true }))) return;
    setPending(action);
    try {
      await campaignAction(campaign.id, action);
      await queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : 'Não foi possível concluir.');
    } finally {
      setPending(null);
    }
  }
  return (
    <div className="flex flex-wrap gap-2">
      {campaign.status === 'sending' && (
        <Button size="sm" variant="secondary" pending={pending === 'pause'} onClick={() => act('pause')}>
          Pausar
        </Button>
      )}
      {campaign.status === 'paused' && (
        <Button size="sm" pending={pending === 'resume'} onClick={() => act('resume')}>
          Retomar
        </Button>
      )}
      {(campaign.status === 'sending' || campaign.status === 'paused') && (
        <Button size="sm" variant="destructive" pending={pending === 'cancel'} onClick={() => act('cancel')}>
          Cancelar envio
        </Button>
      )}
      {confirm.dialog}
    </div>
  );
}

/** A campaign being sent or sent: live progress, pause/resume/cancel, the report and the recipients. */
export function CampaignResults({ campaign }: { campaign: CampaignView }) {
  const report = useQuery(reportQueryOptions(campaign.id));
  const c = campaign.counts;
  const finished = c.total - c.queued - c.sending;

  return (
    <div className="grid gap-6">
      <Panel title={`${CAMPAIGN_STATUS_LABELS[campaign.status]}${campaign.finishedAt ? ` em ${dateTime(campaign.finishedAt)}` : ''}`} actions={<SendingActions campaign={campaign} />}>
        <div>
          <div className="h-3 w-full overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="Progresso do envio" aria-valuemin={0} aria-valuemax={c.total} aria-valuenow={finished}>
            <div className="h-full bg-[var(--color-accent)] transition-all" style={{ width: `${c.total ? (finished / c.total) * 100 : 0}%` }} />
          </div>
          <p className="mt-1 text-sm text-slate-700" data-testid="campaign-progress">
            {count(finished)} de {count(c.total)} processados · {count(c.sent)} enviados
          </p>
        </div>
      </Panel>

      <Panel title="Relatório">
        {report.data && report.data.series.length > 0 && (
          <Suspense fallback={<p className="text-sm text-slate-600">Carregando gráfico…</p>}>
            <ReportChart series={report.data.series} />
          </Suspense>
        )}
        <FiguresTable caption="Números da campanha" headers={['Indicador', 'Quantidade', 'Taxa']} rows={figures(c)} />
      </Panel>

      <RecipientsList campaignId={campaign.id} channel={campaign.channel} />
    </div>
  );
}
