import { useQuery } from '@tanstack/react-query';
import { Sparkles } from 'lucide-react';
import { Fragment, useState, type ReactNode } from 'react';
import { toast } from '../../lib/toast.ts';
import type { AnalysisView } from '@sede/shared/analysis/schemas';
import type { FileInfo } from '@sede/shared/platform/files';
import type { PaidAction } from '@sede/shared/platform/prices';
import { useAiKey } from '../../lib/ai-key.ts';
import { useAuth } from '../../lib/session/auth-provider.tsx';
import { entityFilesQueryOptions } from '../files/files-api.ts';
import { JobProgress } from '../jobs/job-progress.tsx';
import { PaidActionButton } from '../paid-action/paid-action-button.tsx';
import type { ButtonProps } from '../ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card.tsx';
import { inputClass } from '../ui/input.tsx';
import { AnalysisFailure, AnalysisVersions, currentAnalysis } from './analysis-versions.tsx';

type Done<A extends AnalysisView> = A & { result: NonNullable<A['result']> };

export type AnalysisPanelProps<A extends AnalysisView> = {
  /** The subject whose platform files hold the material (a contract, a candidate, an interview, a meeting). */
  entityType: string;
  entityId: string;
  /** The files the analysis can read. */
  accepts: (file: FileInfo) => boolean;
  /** The subject's analysis versions, newest first. */
  analyses: A[];
  action: PaidAction;
  /** Starts a version on the chosen file (the server charges when it finishes). */
  start: (fileId: string) => Promise<{ id: string }>;
  /** Refetches what a version changes: awaited after a start, and called when its job finishes. */
  refresh: () => unknown;
  /** The area's view of a finished version. */
  result: (analysis: Done<A>) => ReactNode;
  fileLabel?: string;
  /** The button's verbs before the first version and after it; the price table's verb when absent. */
  verbs?: { first: string; again: string };
  variant?: ButtonProps['variant'];
  /** Shown instead of the file chooser while no file can be analysed. */
  noFileHint?: ReactNode;
  /** The chooser below the versions, the result and `children` (the RH pages), instead of above them. */
  chooserLast?: boolean;
  children?: ReactNode;
};

/**
 * Upload-then-analyse (decision 0316; Jurídico, RH and meetings): the file to analyse among the
 * subject's files, the paid 'Analisar' button, the running version's live progress, the versions,
 * a failed version's message and the finished version's result.
 */
export function AnalysisPanel<A extends AnalysisView>(props: AnalysisPanelProps<A>) {
  const { entityType, entityId, accepts, analyses, action, start, refresh, result, fileLabel = 'Arquivo a analisar', verbs, variant, noFileHint, chooserLast = false, children } = props;
  const { company } = useAuth();
  const ownKey = useAiKey();
  const files = useQuery(entityFilesQueryOptions(entityType, entityId));
  const [fileId, setFileId] = useState('');
  const [shown, setShown] = useState<string | null>(null);
  const usable = (files.data ?? []).filter(accepts);
  const chosen = fileId || usable[0]?.id || '';
  const running = analyses.find((a) => a.status !== 'done' && a.status !== 'failed');
  const current = currentAnalysis(analyses, shown);

  const chooser =
    usable.length === 0 ? (
      (noFileHint ?? null)
    ) : (
      <div className="flex flex-wrap items-end gap-3">
        <label className="grid gap-1 text-sm font-medium">
          {fileLabel}
          <select className={`${inputClass} max-w-72`} value={chosen} onChange={(e) => setFileId(e.target.value)}>
            {usable.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
        <PaidActionButton
          action={action}
          verb={verbs && (analyses.length ? verbs.again : verbs.first)}
          variant={variant}
          balance={company?.currency_amount}
          successMessage={ownKey ? 'Análise iniciada com a sua chave de IA: nenhuma moeda é cobrada.' : 'Análise iniciada. As moedas só são cobradas se ela terminar.'}
          run={async () => {
            const a = await start(chosen);
            setShown(a.id);
            await refresh();
            return { charged: 0, balance: company?.currency_amount ?? 0 };
          }}
        />
      </div>
    );

  return (
    <>
      {!chooserLast && chooser}
      {running?.jobRunId && (
        <JobProgress
          jobId={running.jobRunId}
          title={`Análise versão ${running.version} · ${running.fileName ?? ''}`}
          onFinished={(job) => {
            void refresh();
            if (job.status === 'failed') toast.error(`${job.error ?? 'A análise falhou.'} Nenhuma moeda foi cobrada.`);
          }}
        />
      )}
      <AnalysisVersions analyses={analyses} currentId={current?.id} onSelect={setShown} />
      {current?.status === 'failed' && <AnalysisFailure analysis={current} />}
      {current?.status === 'done' && current.result != null && <Fragment key={current.id}>{result(current as Done<A>)}</Fragment>}
      {children}
      {chooserLast && chooser}
    </>
  );
}

/** The panel in its own card, 'Análise com IA' (the contract, interview and meeting pages). */
export function AnalysisCard<A extends AnalysisView>(props: AnalysisPanelProps<A>) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-4 text-[var(--color-accent)]" aria-hidden /> Análise com IA
        </CardTitle>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <AnalysisPanel {...props} />
      </CardContent>
    </Card>
  );
}
