import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

/** One focused card on a quiet background (auth, welcome, setup, invite, onboarding screens). */
export function FocusCard({ children, className, wide }: { children: ReactNode; className?: string; wide?: boolean }) {
  return (
    <main className="flex min-h-dvh items-start justify-center bg-slate-100 px-4 py-8 sm:items-center sm:py-12">
      <div className={cn('w-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8', wide ? 'max-w-2xl' : 'max-w-md', className)}>
        {children}
      </div>
    </main>
  );
}

export function StepIndicator({ step, total = 3 }: { step: number; total?: number }) {
  return (
    <div className="mb-6 grid gap-2">
      <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{`Passo ${step} de ${total}`}</p>
      <div className="h-1.5 w-full overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-valuemin={1} aria-valuemax={total} aria-valuenow={step} aria-label={`Passo ${step} de ${total}`}>
        <div className="h-full rounded-full bg-[var(--color-accent)] transition-all" style={{ width: `${(step / total) * 100}%` }} />
      </div>
    </div>
  );
}
