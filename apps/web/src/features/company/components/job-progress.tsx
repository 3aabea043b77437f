/**
 * A progress bar for a background job (stage, percent, message). TODO(H2): the lead swaps it for
 * H2's reusable `JobProgress` component at merge.
 */
export function JobProgress({ label, percent, stage, message }: { label: string; percent: number; stage?: string; message?: string | null }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{stage ?? label}</span>
        <span className="tabular-nums text-slate-600">{value}%</span>
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
        <div className="h-full rounded-full bg-[var(--color-accent)] transition-[width] duration-300" style={{ width: `${value}%` }} />
      </div>
      {message ? <p className="text-xs text-slate-600">{message}</p> : null}
    </div>
  );
}
