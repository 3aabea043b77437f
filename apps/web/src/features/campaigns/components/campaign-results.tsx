import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { CAMPAIGN_STATUS_LABELS, RECIPIENT_STATUS_LABELS, type CampaignView } from '@sede/shared/campaigns/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { useConfirm } from '../../../components/ui/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { campaignAction } from '../api/campaign-actions.ts';
import { recipientsQueryOptions, reportQueryOptions } from '../api/details.ts';
import { campaignKeys } from '../api/keys.ts';

const ReportChart = lazy(() => import('./report-chart.tsx'));
const pct = (n: number, of: number) => (of ? `${Math.round((n / of) * 1000) / 10}%`.replace('.', ',') : '—');

/** A campaign being sent or sent: live progress, pause/resume/cancel, the report and the recipients. */
export function CampaignResults({ campaign }: { campaign: CampaignView }) {
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const [pending, setPending] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const report = useQuery(reportQueryOptions(campaign.id));
  const recipients = useQuery(recipientsQueryOptions(campaign.id, status));
  const c = campaign.counts;
  const finished = c.total - c.queued - c.sending;
  const delivered = c.sent + c.bounced;

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

  const figures: Array<[string, number, string]> = [
    ['Destinatários', c.total, ''],
    ['Enviados', c.sent, pct(c.sent, c.total)],
    ['Aberturas', c.opened, pct(c.opened, delivered)],
    ['Cliques', c.clicked, pct(c.clicked, delivered)],
    ['Respostas', c.replied, pct(c.replied, delivered)],
    ['Descadastros', c.unsubscribed, pct(c.unsubscribed, delivered)],
    ['Devolvidos', c.bounced, pct(c.bounced, delivered)],
    ['Falharam', c.failed, pct(c.failed, c.total)],
    ['Incertos (não reenviados)', c.uncertain, pct(c.uncertain, c.total)],
    ['Excluídos no envio', c.skipped, pct(c.skipped, c.total)],
    ['Cancelados', c.canceled, pct(c.canceled, c.total)],
    ['Na fila', c.queued + c.sending, pct(c.queued + c.sending, c.total)],
  ];

  return (
    <div className="grid gap-6">
      <section aria-labelledby="progress-title" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="progress-title" className="text-base font-semibold text-slate-900">
            {CAMPAIGN_STATUS_LABELS[campaign.status]}
            {campaign.finishedAt ? ` em ${formatDateTime(campaign.finishedAt)}` : ''}
          </h3>
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
          </div>
        </div>
        <div>
          <div className="h-3 w-full overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label="Progresso do envio" aria-valuemin={0} aria-valuemax={c.total} aria-valuenow={finished}>
            <div className="h-full bg-[var(--color-accent)] transition-all" style={{ width: `${c.total ? (finished / c.total) * 100 : 0}%` }} />
          </div>
          <p className="mt-1 text-sm text-slate-700" data-testid="campaign-progress">
            {formatNumber(finished)} de {formatNumber(c.total)} processados · {formatNumber(c.sent)} enviados
          </p>
        </div>
      </section>

      <section aria-labelledby="report-title" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <h3 id="report-title" className="text-base font-semibold text-slate-900">
          Relatório
        </h3>
        {report.data && report.data.series.length > 0 && (
          <Suspense fallback={<p className="text-sm text-slate-600">Carregando gráfico…</p>}>
            <ReportChart series={report.data.series} />
          </Suspense>
        )}
        <table className="w-full text-sm">
          <caption className="sr-only">Números da campanha</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-2 font-medium">
                Indicador
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Quantidade
              </th>
              <th scope="col" className="py-2 pl-3 text-right font-medium">
                Taxa
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.map(([label, n, rate]) => (
              <tr key={label} className="border-b border-slate-100">
                <th scope="row" className="py-2 text-left font-normal text-slate-800">
                  {label}
                </th>
                <td className="py-2 text-right tabular-nums">{formatNumber(n)}</td>
                <td className="py-2 pl-3 text-right tabular-nums text-slate-600">{rate}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section aria-labelledby="recipients-title" className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id="recipients-title" className="text-base font-semibold text-slate-900">
            Destinatários
          </h3>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            Situação
            <select className="h-9 rounded-[var(--radius-ui)] border border-slate-300 bg-white px-2 text-sm" value={status} onChange={(e) => setStatus(e.target.value)}>
              <option value="">Todas</option>
              {Object.entries(RECIPIENT_STATUS_LABELS).map(([k, v]) => (
                <option key={k} value={k}>
                  {v}
                </option>
              ))}
            </select>
          </label>
        </div>
        {recipients.data?.items.length === 0 && <p className="text-sm text-slate-600">Nenhum destinatário nesta situação.</p>}
        <ul className="grid gap-2 md:hidden" aria-label="Destinatários">
          {recipients.data?.items.map((r) => (
            <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm">
              <p className="font-medium text-slate-900">{r.name ?? r.email}</p>
              <p className="break-all text-slate-600">{r.email}</p>
              <p className="text-slate-800">
                {RECIPIENT_STATUS_LABELS[r.status]}
                {r.sentAt ? ` · ${formatDateTime(r.sentAt)}` : ''}
              </p>
              {r.error && <p className="text-xs text-slate-500">{r.error}</p>}
            </li>
          ))}
        </ul>
        <table className="hidden w-full text-sm md:table">
          <caption className="sr-only">Destinatários da campanha</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-slate-600">
              <th scope="col" className="py-2 font-medium">
                Contato
              </th>
              <th scope="col" className="py-2 font-medium">
                {campaign.channel === 'whatsapp' ? 'WhatsApp' : 'E-mail'}
              </th>
              <th scope="col" className="py-2 font-medium">
                Situação
              </th>
              <th scope="col" className="py-2 font-medium">
                Enviado em
              </th>
            </tr>
          </thead>
          <tbody>
            {recipients.data?.items.map((r) => (
              <tr key={r.id} className="border-b border-slate-100" data-testid="recipient-row">
                <td className="py-2 text-slate-900">{r.name ?? '—'}</td>
                <td className="py-2 text-slate-700">{r.email}</td>
                <td className="py-2 text-slate-800" title={r.error ?? undefined}>
                  {RECIPIENT_STATUS_LABELS[r.status]}
                </td>
                <td className="py-2 text-slate-700">{r.sentAt ? formatDateTime(r.sentAt) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {confirm.dialog}
    </div>
  );
}
