import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, FileDown } from 'lucide-react';
import { count } from '@sede/shared/format';
import { JobProgress } from '../../../components/jobs/job-progress.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { importErrorsUrl, importQueryOptions } from '../api/imports.ts';
import { crmContactKeys } from '../api/keys.ts';

/** The running import (its job's live progress), then its result. */
export function ImportRun({ importId, onFinished }: { importId: string; onFinished?: () => void }) {
  const queryClient = useQueryClient();
  const imp = useQuery(importQueryOptions(importId));
  if (imp.isPending) return <p className="text-sm text-slate-600">Carregando…</p>;
  if (imp.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {imp.error.message}
      </p>
    );
  const i = imp.data;
  const finished = i.status === 'done' || i.status === 'failed';
  return (
    <div className="grid gap-3" data-testid="import-run" data-status={i.status}>
      {i.jobRunId && !finished && (
        <JobProgress
          jobId={i.jobRunId}
          title={`Importando ${i.fileName ?? 'planilha'}`}
          onFinished={() => {
            void queryClient.invalidateQueries({ queryKey: crmContactKeys.all });
            void queryClient.invalidateQueries({ queryKey: crmContactKeys.parties });
            onFinished?.();
          }}
        />
      )}
      {!finished && <p className="text-sm text-slate-600">Você pode sair desta página: a importação continua e aparece na aba Importações.</p>}
      {finished && (
        <div className="grid gap-3" data-testid="import-result">
          <p className={cn('flex items-center gap-2 font-medium', i.status === 'done' ? 'text-green-800' : 'text-red-700')} role="status">
            <CheckCircle2 className="size-5" aria-hidden /> {i.status === 'done' ? 'Importação concluída' : `A importação falhou: ${i.error ?? ''}`}
          </p>
          <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-5">
            {(
              [
                ['Criados', i.createdCount],
                ['Mesclados', i.mergedCount],
                ['Ignorados', i.skippedCount],
                ['Com erro', i.errorCount],
                ['Empresas novas', i.organizationsCreated],
              ] as const
            ).map(([label, n]) => (
              <div key={label} className="rounded-lg bg-slate-50 p-3">
                <dt className="text-slate-600">{label}</dt>
                <dd className="text-lg font-semibold text-slate-900" data-testid={`import-count-${label}`}>
                  {count(n)}
                </dd>
              </div>
            ))}
          </dl>
          {i.errorCount > 0 && (
            <Button variant="secondary" asChild className="justify-self-start">
              <a href={importErrorsUrl(i.id)} download data-testid="import-errors">
                <FileDown aria-hidden /> Baixar relatório de erros (CSV)
              </a>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
