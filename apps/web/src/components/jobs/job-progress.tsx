import * as Progress from '@radix-ui/react-progress';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { isFinished, JOB_STATUS_LABELS, type JobRunView } from '@sede/shared/platform/jobs';
import { LIVE_JOB } from '@sede/shared/platform/live';
import { count } from '@sede/shared/format';
import { api } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { useLiveEntity } from '../../lib/live/entity-events.ts';

export const jobKeys = { all: ['jobs'] as const, one: (id: string) => ['jobs', id] as const };

/**
 * A background job followed live by its id (decision 0117): it reads GET /api/jobs/:id and
 * reads it again on each of the job's live events, so it survives a reload (keep the id in
 * the URL or the page's data). Polls slowly as a fallback while the job is not finished.
 */
export function useJob(id: string | null | undefined) {
  const queryClient = useQueryClient();
  useLiveEntity(LIVE_JOB, (e) => {
    if (id && (e.id === id || e.id === '*')) void queryClient.invalidateQueries({ queryKey: jobKeys.one(id) });
  });
  return useQuery({
    queryKey: jobKeys.one(id ?? ''),
    queryFn: () => api<JobRunView>(`/jobs/${id}`),
    enabled: Boolean(id),
    refetchInterval: (q) => (q.state.data && isFinished(q.state.data.status) ? false : 10_000),
  });
}

export function JobProgress({ jobId, title, onFinished, className }: { jobId: string; title?: string; onFinished?: (job: JobRunView) => void; className?: string }) {
  const job = useJob(jobId);
  const data = job.data;
  const finished = data ? isFinished(data.status) : false;
  // Called once when the job finishes (not on every render while finished).
  const finishedRef = useRef({ onFinished, data });
  finishedRef.current = { onFinished, data };
  useEffect(() => {
    const { onFinished: callback, data: current } = finishedRef.current;
    if (finished && current) callback?.(current);
  }, [finished]);

  if (job.isError) {
    return (
      <p role="alert" className={cn('text-sm text-red-700', className)}>
        {job.error.message}
      </p>
    );
  }
  return <JobProgressView data={data} title={title} className={className} />;
}

/** What a progress bar needs of a job: a run read by id, or work followed some other way (polled). */
export type JobProgressData = Pick<JobRunView, 'status' | 'stage' | 'done' | 'total' | 'message' | 'error'>;

/** The progress of a job as shown: stage, status badge, bar, count; `data` undefined while loading. */
export function JobProgressView({ data, title, className }: { data: JobProgressData | undefined; title?: string; className?: string }) {
  const percent = data?.total ? Math.min(100, Math.round((data.done / data.total) * 100)) : null;
  const label = title ?? 'Progresso do trabalho';
  return (
    <section className={cn('rounded-lg border border-slate-200 bg-white p-4', className)} aria-label={label} data-testid="job-progress" data-status={data?.status}>
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          {title && <p className="text-sm font-semibold text-slate-900">{title}</p>}
          <p className="text-sm text-slate-700" aria-live="polite">
            {data ? (data.stage ?? JOB_STATUS_LABELS[data.status]) : 'Carregando…'}
          </p>
        </div>
        <span
          className={cn(
            'flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
            data?.status === 'done' ? 'bg-green-50 text-green-800' : data?.status === 'failed' ? 'bg-red-50 text-red-800' : 'bg-slate-100 text-slate-700',
          )}
        >
          {data?.status === 'done' ? <CheckCircle2 className="size-3.5" aria-hidden /> : data?.status === 'failed' ? <XCircle className="size-3.5" aria-hidden /> : <Loader2 className="size-3.5 animate-spin" aria-hidden />}
          {data ? JOB_STATUS_LABELS[data.status] : 'Carregando'}
        </span>
      </div>
      <Progress.Root
        value={data?.status === 'done' ? 100 : percent}
        max={100}
        aria-label={label}
        aria-valuetext={percent !== null ? `${percent}%` : undefined}
        className="relative mt-3 h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <Progress.Indicator
          className={cn('h-full transition-[width] duration-300', data?.status === 'failed' ? 'bg-red-500' : 'bg-[var(--color-accent)]', percent === null && data?.status !== 'done' && 'w-1/3 animate-pulse')}
          style={percent !== null || data?.status === 'done' ? { width: `${data?.status === 'done' ? 100 : percent}%` } : undefined}
        />
      </Progress.Root>
      <div className="mt-2 flex flex-wrap justify-between gap-x-3 text-xs text-slate-600">
        <span>{data?.error ?? data?.message ?? ''}</span>
        {data?.total ? (
          <span data-testid="job-progress-count">
            {count(data.done)} de {count(data.total)}
            {percent !== null && ` (${percent}%)`}
          </span>
        ) : null}
      </div>
    </section>
  );
}
