import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../../components/ui/badge.tsx';

/**
 * One way of charging in the 'Cobrar' dialog (boleto, Pix Automático): its titled frame, the
 * status badge when there is a charge, and the last error said aloud.
 */
export function ChargeSection({ id, icon: Icon, title, status, error, children }: { id: string; icon: LucideIcon; title: string; status?: { label: string; tone: string } | null; error?: string | null; children: ReactNode }) {
  return (
    <section className="grid gap-3 rounded-lg border border-slate-200 p-3" aria-labelledby={`${id}-title`} data-testid={`${id}-section`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <Icon className="size-4 text-[var(--color-accent)]" aria-hidden /> {title}
        </h3>
        {status && (
          <span data-testid={`${id}-status`}>
            <Badge tone={`ring-1 ring-inset ${status.tone}`}>{status.label}</Badge>
          </span>
        )}
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {children}
    </section>
  );
}
