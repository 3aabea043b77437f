import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';

export type UploadInProgress = { key: string; name: string; progress: number };
export type UploadFailure = { key: string; name: string; message: string };

/** A file being sent: its name, percentage, an optional action (cancel) and the progress bar. */
export function UploadProgress({ upload: s, action, testId }: { upload: UploadInProgress; action?: ReactNode; testId?: string }) {
  const percent = Math.round(s.progress * 100);
  return (
    <li className="grid gap-1">
      <div className="flex justify-between gap-2 text-xs text-slate-700">
        <span className="truncate">Enviando {s.name}</span>
        <span className="flex shrink-0 items-center gap-2">
          <span aria-hidden={action ? true : undefined}>{percent}%</span>
          {action}
        </span>
      </div>
      <div role="progressbar" aria-label={`Envio de ${s.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-200" data-testid={testId}>
        <div className="h-full bg-[var(--color-accent)] transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </li>
  );
}

/** The files that could not be sent, each with the server's reason and 'Fechar'. */
export function UploadFailures({ failures, onDismiss, testId }: { failures: UploadFailure[]; onDismiss: (key: string) => void; testId: string }) {
  if (!failures.length) return null;
  return (
    <div role="alert">
      <ul className="grid gap-2">
        {failures.map((f) => (
          <li key={f.key} className="flex items-start gap-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800" data-testid={testId}>
            <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0 flex-1">
              <strong className="break-all font-medium">{f.name}</strong>: {f.message}
            </span>
            <button type="button" className="text-xs underline" onClick={() => onDismiss(f.key)}>
              Fechar
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
