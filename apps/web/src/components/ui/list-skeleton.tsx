import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';

const ROWS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** The loading words with their spinner, announced once, over the grey shapes of what is coming. */
function Skeleton({ label, className, children }: { label: string; className: string; children: ReactNode }) {
  return (
    <div role="status" aria-live="polite" className={className}>
      <span className="flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="size-4 animate-spin text-[var(--color-accent)]" aria-hidden />
        {label}
      </span>
      {children}
    </div>
  );
}

/**
 * What a list shows while its first page loads: its words ('Carregando os lançamentos…') over
 * grey rows the size of the real ones, so the page keeps its shape and nothing jumps when the
 * data arrives (decision 0672).
 */
export function ListSkeleton({ label, rows = ROWS.length }: { label: string; rows?: number }) {
  return (
    <Skeleton label={label} className="grid gap-2">
      <div className="grid gap-2 motion-safe:animate-pulse" aria-hidden>
        {ROWS.slice(0, rows).map((row) => (
          <div key={row} className="h-12 rounded-xl border border-slate-200 bg-white" />
        ))}
      </div>
    </Skeleton>
  );
}

/** A board's columns of grey cards while it loads (the CRM's deals, the projects' tasks). */
export function BoardSkeleton({ label, columns = 4 }: { label: string; columns?: number }) {
  return (
    <Skeleton label={label} className="grid gap-3">
      <div className="flex gap-3 overflow-hidden motion-safe:animate-pulse" aria-hidden>
        {ROWS.slice(0, columns).map((col) => (
          <div key={col} className="grid w-[85vw] max-w-80 shrink-0 content-start gap-2 rounded-xl border border-slate-200 bg-slate-100/70 p-2 sm:w-72 md:w-auto md:min-w-56 md:flex-1">
            <div className="h-5 w-1/2 rounded bg-slate-200" />
            {ROWS.slice(0, 4).map((card) => (
              <div key={card} className="h-24 rounded-lg border border-slate-200 bg-white" />
            ))}
          </div>
        ))}
      </div>
    </Skeleton>
  );
}
