import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Database, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import { REFRESH_TRIGGER_LABELS, type ReceitaRefreshStatus, type RefreshRun } from '@sede/shared/prospecting/refresh';
import { count, dateTime, month as monthName } from '@sede/shared/format';
import { JobProgress, JobProgressView } from '../../../components/jobs/job-progress.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { DetailItem } from '../../../components/ui/detail-item.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { cn } from '../../../lib/cn.ts';
import { startReceitaRefresh, useReceitaRefresh } from '../api/receita-refresh.ts';
import { adminKeys } from '../api/keys.ts';

/** `2026-10` → `outubro de 2026`; anything else as it is. */
const month = (m: string | null) => (m && /^\d{4}-\d{2}$/.test(m) ? monthName(m) : m);

const OUTCOME: Record<RefreshRun['status'], string> = {
  imported: 'Importou',
  up_to_date: 'Nada novo',
  failed: 'Falhou',
  running: 'Em andamento',
};

type State = { label: string; tone: 'ok' | 'busy' | 'bad' | 'idle' };
function stateOf(s: ReceitaRefreshStatus): State {
  if (s.running || s.jobId) return { label: 'Atualizando', tone: 'busy' };
  if (s.lastCheck?.status === 'failed') return { label: 'Última verificação falhou', tone: 'bad' };
  if (s.loaded) return { label: s.configured ? 'Em dia' : 'Atualização automática desligada', tone: s.configured ? 'ok' : 'idle' };
  return { label: 'Sem dados importados', tone: 'idle' };
}
const TONES: Record<State['tone'], string> = {
  ok: 'bg-green-50 text-green-800',
  busy: 'bg-sky-50 text-sky-800',
  bad: 'bg-red-50 text-red-800',
  idle: 'bg-slate-100 text-slate-700',
};

/**
 * /admin → 'Base de CNPJs' (decisions 0415, 0416): the Receita data's monthly upkeep for the whole
 * installation — the month in use, the last check and its failure, the next check — and, for the
 * platform's operators, 'Atualizar agora' as a platform job followed live.
 */
export function ReceitaRefreshPanel() {
  const status = useReceitaRefresh();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState(false);
  const [startedJob, setStartedJob] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: adminKeys.receitaRefresh });

  if (status.isPending) return <Spinner />;
  if (status.isError) return <p role="alert" className="text-sm text-red-700">{status.error.message}</p>;
  const s = status.data;
  const state = stateOf(s);
  const jobId = startedJob ?? s.jobId;
  const last = s.lastCheck;

  const start = async () => {
    setStarting(true);
    try {
      setStartedJob((await startReceitaRefresh()).jobId);
      await reload();
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card className="grid gap-5 p-4 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-2xl gap-1">
          <h3 className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <Database className="size-5 text-slate-500" aria-hidden /> Base de CNPJs da Receita Federal
          </h3>
          <p className="text-sm text-slate-600">
            Os dados abertos do CNPJ que a Receita Federal publica todo mês. Eles servem Busca por CNPJ, Extrair leads, a Pesquisa aprofundada e as consultas de CNPJ de todas as empresas deste servidor.
          </p>
        </div>
        <span className={cn('rounded-full px-2.5 py-1 text-xs font-medium', TONES[state.tone])} data-testid="receita-state">{state.label}</span>
      </div>

      <dl className="grid gap-4 sm:grid-cols-3">
        <DetailItem label="Mês carregado">
          {s.loaded ? (
            <>
              <span className="font-medium">{month(s.loaded.month) ?? s.loaded.source}</span>
              <span className="block text-xs text-slate-600">
                {count(s.loaded.establishments)} estabelecimentos · importado em {dateTime(s.loaded.importedAt)}
              </span>
            </>
          ) : (
            'Nenhum: a base ainda não foi importada'
          )}
        </DetailItem>
        <DetailItem label="Última verificação">
          {last ? (
            <>
              {dateTime(last.finishedAt ?? last.startedAt)} · {OUTCOME[last.status]}
              {last.month && last.status !== 'up_to_date' ? ` ${month(last.month)}` : ''}
              <span className="block text-xs text-slate-600">{REFRESH_TRIGGER_LABELS[last.trigger]}</span>
            </>
          ) : (
            'Nenhuma ainda'
          )}
        </DetailItem>
        <DetailItem label="Próxima verificação">
          {s.nextRunAt ? (
            <>
              {dateTime(s.nextRunAt)}
              <span className="block text-xs text-slate-600">todo dia às 04:10 (horário de Brasília)</span>
            </>
          ) : (
            'Desligada'
          )}
        </DetailItem>
      </dl>

      {last?.status === 'failed' && !s.running ? (
        <div className="flex gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-900" data-testid="receita-failure">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="font-medium">A última verificação falhou:</span> {last.message}
            {s.loaded ? ' Os dados anteriores continuam em uso.' : ''}
          </p>
        </div>
      ) : null}

      {jobId ? (
        <JobProgress
          jobId={jobId}
          title="Atualização da base"
          onFinished={(job) => {
            setStartedJob(null);
            void reload();
            if (job.status === 'done') toast.success('Verificação da base de CNPJs concluída.');
          }}
        />
      ) : s.running ? (
        <JobProgressView
          title={`Atualização da base (${REFRESH_TRIGGER_LABELS[s.running.trigger]})`}
          data={{ status: 'running', stage: s.running.stage, done: s.running.done ?? 0, total: s.running.total, message: s.running.message, error: null }}
        />
      ) : null}

      <div className="grid gap-2 border-t border-slate-100 pt-4">
        {s.canStart ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button onClick={start} pending={starting} disabled={Boolean(s.running || jobId)}>
              <RefreshCw aria-hidden /> Atualizar agora
            </Button>
            <span className="text-xs text-slate-600">Procura o mês mais recente publicado e o importa se for novo; as buscas continuam funcionando durante a importação.</span>
          </div>
        ) : s.configured ? (
          <p className="text-xs text-slate-600">Só os operadores da plataforma podem iniciar uma atualização fora do horário; a verificação diária é automática.</p>
        ) : (
          <p className="text-xs text-slate-600">
            A atualização mensal não está configurada neste servidor. Quem administra o servidor define RECEITA_DATA_URL com o endereço da listagem da Receita, ou importa pela linha de comando:{' '}
            <code className="rounded bg-slate-100 px-1 py-0.5 text-[0.7rem] text-slate-800">npm run receita:import -- &lt;pasta ou URL&gt;</code>.
          </p>
        )}
      </div>
    </Card>
  );
}
