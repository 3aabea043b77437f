import { type ReactNode, useId } from 'react';
import { cn } from '../../../lib/cn.ts';

/** One titled block of a campaign's page (Conteúdo, Público, Relatório…), its actions beside the title. */
export function Panel({ title, actions, className, children }: { title: ReactNode; actions?: ReactNode; className?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('grid min-w-0 content-start gap-3 rounded-xl border border-slate-200 bg-white p-4', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="text-base font-semibold text-slate-900">
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}
