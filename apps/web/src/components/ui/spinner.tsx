import { Loader2 } from 'lucide-react';

export function Spinner({ label }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 text-slate-600">
      <Loader2 className="size-5 animate-spin text-[var(--color-accent)]" aria-hidden />
      {label && <span className="text-sm">{label}</span>}
    </div>
  );
}

/** Full-screen spinner with the spec's texts ('Carregando...', 'Carregando página...', ...). */
export function FullScreenSpinner({ label }: { label: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} />
    </div>
  );
}
