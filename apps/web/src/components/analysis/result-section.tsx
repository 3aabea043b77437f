import type { ReactNode } from 'react';

/** A titled part of an AI analysis's result ('Resumo', 'Cláusulas de risco'); `empty` is said instead of an empty list. */
export function ResultSection({ title, empty, children }: { title: string; empty?: string | false; children?: ReactNode }) {
  return (
    <section className="grid grid-cols-1 gap-2" aria-label={title}>
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {empty ? <p className="text-sm text-slate-600">{empty}</p> : children}
    </section>
  );
}
